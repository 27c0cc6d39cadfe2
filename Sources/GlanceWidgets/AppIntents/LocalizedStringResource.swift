import Foundation

/// A string a user sees, written as a literal, as Foundation's `LocalizedStringResource`.
///
/// Foundation on Linux does not have this type, so Glance provides one of the same name.
/// Glance does not localize: the literal (with its interpolations filled in) is the text,
/// and `key` is that text.
public struct LocalizedStringResource: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text, which is also the lookup key a localizing implementation would use.
    public let key: String

    /// Creates a resource from a string value.
    public init(_ key: String) {
        self.key = key
    }

    /// Creates a resource from a string literal.
    public init(stringLiteral value: String) {
        self.key = value
    }

    /// Creates a resource from an interpolated literal; interpolations are filled in at once.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.key = String(stringInterpolation: stringInterpolation)
    }

    /// The text.
    public var description: String { key }
}
