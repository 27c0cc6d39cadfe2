import Foundation
import GlanceCore

/// The localized strings of a widget bundle: its String Catalogs (`*.xcstrings`) and strings
/// files (`xx.lproj/*.strings`), by table, language and key — what `Text("key")`,
/// `String(localized:)` and `LocalizedStringResource` look keys up in.
///
/// Parsing happens once, up front (GlanceUI reads no files: the host hands over each file's
/// bytes); lookups then answer from memory on any thread.
public struct StringTables: Sendable {
    /// A table, named after its file (`Localizable` for `Localizable.xcstrings`).
    struct Table: Sendable {
        /// The language a catalog was written in; its strings answer for languages it lacks.
        var sourceLanguage: String?
        /// Entries by normalized language tag ("de", "pt-br") and key.
        var languages: [String: [String: StringEntry]] = [:]
        /// Keys whose catalog entry says not to translate them.
        var untranslated: Set<String> = []
    }

    var tables: [String: Table] = [:]

    /// No strings: every key shows as written.
    public static let empty = StringTables()

    /// Creates an empty set of tables; add files with `addCatalog` and `addStrings`.
    public init() {}

    /// True when no table holds any string.
    public var isEmpty: Bool { tables.values.allSatisfy { $0.languages.isEmpty } }

    /// The languages any table has strings for, as tags ("de", "pt-br").
    public var languages: Set<String> { Set(tables.values.flatMap(\.languages.keys)) }

    /// `language` as the tables store it: lower case, "-" between parts.
    static func normalized(_ language: String) -> String {
        language.replacingOccurrences(of: "_", with: "-").lowercased()
    }

    /// The tags to try for `locale`, most specific first: "de-at", then "de" (and for
    /// "zh_Hans_CN": "zh-hans-cn", "zh-hans", "zh").
    static func candidates(for locale: Locale) -> [String] {
        let identifier = normalized(locale.identifier.split(separator: "@").first.map(String.init) ?? locale.identifier)
        var parts = identifier.split(separator: "-").map(String.init)
        var result = [String]()
        while !parts.isEmpty {
            result.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        return result
    }

    /// The entry for `key` in `table` (default `Localizable`) for `locale`, and the language it
    /// is in: the locale's language (most specific tag first), else the catalog's source
    /// language, else `Base.lproj`; nil when none has it (the key is then shown as written).
    func entry(for key: String, table: String?, locale: Locale) -> (entry: StringEntry, language: String)? {
        let name = table.flatMap { $0.isEmpty ? nil : $0 } ?? "Localizable"
        guard let table = tables[name] else { return nil }
        var tags = table.untranslated.contains(key) ? [] : Self.candidates(for: locale)
        if let source = table.sourceLanguage { tags.append(Self.normalized(source)) }
        tags.append("base")
        for tag in tags {
            if let entry = table.languages[tag]?[key] { return (entry, tag) }
        }
        return nil
    }
}

/// The translation of one key in one language: its text, or the forms it varies by.
struct StringEntry: Sendable {
    var pattern: StringPattern
    /// A catalog's `%#@name@` substitutions by name.
    var substitutions: [String: Substitution] = [:]
}

/// A catalog substitution: which argument picks the form, how it is shown, and the forms.
struct Substitution: Sendable {
    /// 1-based; nil takes the argument where the substitution stands.
    var argumentNumber: Int?
    /// printf's conversion without the "%", e.g. "lld".
    var formatSpecifier: String
    var pattern: StringPattern
}

/// A text, or the texts it varies between (by plural category, or by device).
indirect enum StringPattern: Sendable {
    case text(String)
    case plural([PluralCategory: StringPattern])
    case device([String: StringPattern])

    /// The devices a panel borrows its forms from: Apple Watch's (the closest screen), else "other".
    static let devicePreference = ["applewatch", "other"]

    /// The text for `number` in `language`: a plural form by CLDR category, using the `zero`
    /// form for exactly 0 when there is one (as Foundation does) and `other` when the category
    /// is missing; a device form per `devicePreference`.
    func choose(number: (value: Double, fractionDigits: Int)?, language: String) -> String {
        switch self {
        case .text(let text):
            return text
        case .plural(let forms):
            var category = PluralCategory.other
            if let number {
                category = number.value == 0 && forms[.zero] != nil
                    ? .zero : PluralCategory.category(of: number.value, fractionDigits: number.fractionDigits, language: language)
            }
            let form = forms[category] ?? forms[.other] ?? PluralCategory.allCases.lazy.compactMap { forms[$0] }.first
            return form?.choose(number: number, language: language) ?? ""
        case .device(let forms):
            let form = Self.devicePreference.lazy.compactMap { forms[$0] }.first ?? forms.sorted { $0.key < $1.key }.first?.value
            return form?.choose(number: number, language: language) ?? ""
        }
    }
}

/// A strings table that cannot be read: which file, which line (0 for the whole file), what was wrong.
public struct StringTableError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file.
    public let file: String
    /// 1-based line, 0 when the problem is not at one line.
    public let line: Int
    /// What is wrong and what was expected.
    public let message: String

    /// Creates an error.
    public init(file: String, line: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
