import Foundation

// Xcode's String Catalog (`.xcstrings`): a JSON file holding one table in every language.
//
//     { "sourceLanguage": "en", "version": "1.0",
//       "strings": { KEY: { "comment": …, "shouldTranslate": false?,
//         "localizations": { LANGUAGE: UNIT } } } }
//
// where UNIT is `{ "stringUnit": { "state": "translated", "value": TEXT } }` or
// `{ "variations": { "plural": { "one": UNIT, "other": UNIT, … } } }` (or "device", keyed
// "iphone", "applewatch", "other", …), and may carry `"substitutions": { NAME:
// { "argNum": 1, "formatSpecifier": "lld", "variations": { "plural": … } } }` for the
// `%#@NAME@` placeholders of its text. Units whose value is missing are left out; every
// state ("translated", "needs_review", "new", "stale") with a value is used, as Xcode builds
// them into the app.

extension StringTables {
    /// The largest catalog read, 4 MB: far above any widget's strings, and a bound on the
    /// memory a stray file can take.
    public static let maximumFileSize = 4 << 20

    /// Adds the String Catalog `data` as table `table` (its file name without `.xcstrings`).
    /// - Parameter file: The file's path, for errors.
    /// - Throws: `StringTableError` naming the file when it is too large or not a catalog.
    public mutating func addCatalog(_ data: Data, table: String, file: String) throws {
        guard data.count <= Self.maximumFileSize else { throw Self.tooLarge(data.count, file: file) }
        let catalog: CatalogFile
        do {
            catalog = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch let error as DecodingError {
            throw StringTableError(file: file, message: "is not a String Catalog: \(Self.explain(error))")
        }
        var result = tables[table] ?? Table()
        result.sourceLanguage = catalog.sourceLanguage
        for (key, string) in catalog.strings {
            if string.shouldTranslate == false { result.untranslated.insert(key) }
            for (language, unit) in string.localizations ?? [:] {
                guard let pattern = unit.pattern else { continue }
                var substitutions = [String: Substitution]()
                for (name, substitution) in unit.substitutions ?? [:] {
                    guard let forms = substitution.pattern else { continue }
                    substitutions[name] = Substitution(argumentNumber: substitution.argNum,
                                                       formatSpecifier: substitution.formatSpecifier ?? "@", pattern: forms)
                }
                result.languages[Self.normalized(language), default: [:]][key] = StringEntry(pattern: pattern, substitutions: substitutions)
            }
        }
        tables[table] = result
    }

    static func tooLarge(_ size: Int, file: String) -> StringTableError {
        StringTableError(file: file, message: "is \(size / 1024) KB; strings files over \(maximumFileSize >> 20) MB are not read")
    }

    private static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "at the top" : "at \(keys.joined(separator: " → "))"
        }
        switch error {
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(context.debugDescription) \(path(context))"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(underlying ?? context.debugDescription) \(path(context))"
        @unknown default: return "\(error)"
        }
    }
}

// MARK: - The file's shape

private struct CatalogFile: Decodable {
    let sourceLanguage: String
    let strings: [String: CatalogString]
}

private struct CatalogString: Decodable {
    let shouldTranslate: Bool?
    let localizations: [String: CatalogUnit]?
}

private struct CatalogUnit: Decodable {
    struct StringUnit: Decodable {
        let state: String?
        let value: String?
    }
    let stringUnit: StringUnit?
    let variations: [String: [String: CatalogUnit]]?
    let substitutions: [String: CatalogSubstitution]?

    /// The unit's text or forms; nil when it holds no value.
    var pattern: StringPattern? {
        if let value = stringUnit?.value { return .text(value) }
        return Self.pattern(variations)
    }

    static func pattern(_ variations: [String: [String: CatalogUnit]]?) -> StringPattern? {
        guard let variations else { return nil }
        if let plural = variations["plural"] {
            var forms = [PluralCategory: StringPattern]()
            for (name, unit) in plural {
                if let category = PluralCategory(rawValue: name), let pattern = unit.pattern { forms[category] = pattern }
            }
            return forms.isEmpty ? nil : .plural(forms)
        }
        if let device = variations["device"] {
            let forms = device.compactMapValues(\.pattern)
            return forms.isEmpty ? nil : .device(forms)
        }
        return nil
    }
}

private struct CatalogSubstitution: Decodable {
    let argNum: Int?
    let formatSpecifier: String?
    let variations: [String: [String: CatalogUnit]]?

    var pattern: StringPattern? { CatalogUnit.pattern(variations) }
}
