import Foundation

extension Text {
    /// Text showing the characters of `attributedContent`, as SwiftUI's `Text(_:)` for an
    /// `AttributedString`. Its attributes are not drawn: a `Text` here has one style, set with
    /// the usual modifiers. Disfavoured so that `Text("literal")` stays a localized key
    /// (`AttributedString` is a string literal too).
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        self.init(verbatim: String(attributedContent.characters))
    }
}
