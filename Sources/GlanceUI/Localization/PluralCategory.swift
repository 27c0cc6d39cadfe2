import Foundation

/// A CLDR plural category: which grammatical form a number takes in a language.
///
/// String Catalogs key their plural variations by these names (`zero`, `one`, `two`, `few`,
/// `many`, `other`). `category(of:language:)` applies the rules of the Unicode CLDR plural
/// tables (cardinal numbers) for the language families below, written out here as a small
/// table; a language not listed follows the English rule.
package enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    /// The rule a language's numbers follow.
    enum Rule: Sendable {
        /// one: 1 (integers only); other. English, German, Dutch, the Nordic languages, Italian…
        case oneIsSingular
        /// one: 0 and 1, fractions below 2 too; many: whole millions; other. French, Portuguese (pt-PT follows .oneIsSingular).
        case zeroAndOneSingular
        /// one: 1; few: 2–4 but 12–14; many: other integers; other: fractions. Polish.
        case polish
        /// one: 1, 21, 31… but 11; few: 2–4, 22–24… but 12–14; many: other integers; other: fractions. Russian, Ukrainian, Belarusian.
        case eastSlavic
        /// one: 1; few: 2–4; many: fractions; other. Czech, Slovak.
        case westSlavic
        /// other only. Japanese, Chinese, Korean, Thai, Vietnamese, Indonesian.
        case noPlural
    }

    /// The CLDR rule of each language code (two or three letters), by family.
    private static let rules: [String: Rule] = {
        var table = [String: Rule]()
        for code in ["fr", "pt"] { table[code] = .zeroAndOneSingular }
        table["pl"] = .polish
        for code in ["ru", "uk", "be"] { table[code] = .eastSlavic }
        for code in ["cs", "sk"] { table[code] = .westSlavic }
        for code in ["ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "yue"] { table[code] = .noPlural }
        return table
    }()

    /// The rule for a language tag such as "de", "pt-BR" or "zh-Hans".
    static func rule(for language: String) -> Rule {
        let tag = language.replacingOccurrences(of: "_", with: "-").lowercased()
        if tag == "pt-pt" { return .oneIsSingular }
        let code = String(tag.prefix { $0 != "-" })
        return rules[code] ?? .oneIsSingular
    }

    /// The category of `number` in `language` (a language tag or locale identifier).
    ///
    /// `number` is the value as shown: an integer, or a decimal whose visible fraction digits
    /// `fractionDigits` counts (CLDR's `v`), so "1.0" (v = 1) is not singular in English.
    static func category(of number: Double, fractionDigits: Int = 0, language: String) -> PluralCategory {
        let n = abs(number)
        guard n.isFinite, n < 1e18 else { return .other }
        let i = Int64(n.rounded(.towardZero))
        let v = fractionDigits
        let mod10 = i % 10, mod100 = i % 100
        switch rule(for: language) {
        case .oneIsSingular:
            return i == 1 && v == 0 ? .one : .other
        case .zeroAndOneSingular:
            if i == 0 || i == 1 { return .one }
            if v == 0 && i != 0 && i % 1_000_000 == 0 { return .many }
            return .other
        case .polish:
            guard v == 0 else { return .other }
            if i == 1 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .eastSlavic:
            guard v == 0 else { return .other }
            if mod10 == 1 && mod100 != 11 { return .one }
            if (2...4).contains(mod10) && !(12...14).contains(mod100) { return .few }
            return .many
        case .westSlavic:
            guard v == 0 else { return .many }
            if i == 1 { return .one }
            if (2...4).contains(i) { return .few }
            return .other
        case .noPlural:
            return .other
        }
    }
}
