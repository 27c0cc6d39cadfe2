import Foundation

// Plain strings for places that show text outside a view tree (widget display names and
// descriptions in listings): literal characters only, live dates and symbols left out.

extension LocalizedStringKey {
    /// The literal characters of the key, without live dates or symbols.
    package var plainText: String {
        segments.map { segment in
            if case .verbatim(let string) = segment { return string }
            return ""
        }.joined()
    }
}

extension Text {
    /// The literal characters of the text (untranslated), without live dates or symbols.
    package var plainText: String {
        runs.map { run in
            switch run.content {
            case .verbatim(let string): return string
            case .localized(let localized): return LocalizedFormat.plain(localized.fallback)
            default: return ""
            }
        }.joined()
    }
}
