import Foundation

// Apple's Foundation converts an `NSNumber` to `CGFloat` (`CGFloat(truncating: n)`, as it
// does for `Double`); swift-corelibs-foundation has the `Double` one only.
extension CGFloat {
    /// The number's value as a `CGFloat`, rounding if it does not fit exactly.
    public init(truncating number: NSNumber) {
        self.init(number.doubleValue)
    }
}
