import Foundation

extension Text {
    /// Upper or lower case, SwiftUI's name for `TextCase`.
    public typealias Case = TextCase
}

private struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }

extension EnvironmentValues {
    /// The case every text in this subtree is shown in; nil shows text as written.
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }
}

extension View {
    /// Shows every text in this view in `textCase` (`.uppercase`, `.lowercase`); nil as written.
    public func textCase(_ textCase: Text.Case?) -> some View {
        modifyEnvironment { $0.textCase = textCase }
    }
}
