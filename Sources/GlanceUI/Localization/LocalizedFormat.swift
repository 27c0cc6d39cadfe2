import Foundation

/// Fills a translated format string with its arguments, as Foundation's localized formatting
/// does: `%lld`, `%d`, `%u`, `%f`, `%.1f`, `%@` and the rest of printf's conversions, numbered
/// arguments (`%2$@`), `%%`, and a String Catalog's substitutions (`%#@name@`), whose plural
/// variation the named argument picks. Decimal separators follow the locale; a specifier
/// without an argument is shown as written.
enum LocalizedFormat {
    /// The pieces of `entry` for `arguments` in `language`, formatted for `locale`.
    static func render(_ entry: StringEntry, arguments: [FormatArgument], language: String, locale: Locale) -> [Text.Content] {
        let firstNumber = arguments.lazy.compactMap(\.number).first
        let format = entry.pattern.choose(number: firstNumber, language: language)
        guard !arguments.isEmpty || format.contains("%#@") else { return [.verbatim(format)] }
        var counter = 0
        var pieces = [Text.Content]()
        append(format, entry: entry, arguments: arguments, language: language, locale: locale, counter: &counter, into: &pieces, depth: 0)
        return pieces
    }

    /// The text of `pieces` when every one is plain text (live content is left out).
    static func plain(_ pieces: [Text.Content]) -> String {
        pieces.map { piece in
            if case .verbatim(let text) = piece { return text }
            return ""
        }.joined()
    }

    private static func add(_ piece: Text.Content, to pieces: inout [Text.Content]) {
        if case .verbatim(let text) = piece, case .verbatim(let last)? = pieces.last {
            pieces[pieces.count - 1] = .verbatim(last + text)
        } else {
            pieces.append(piece)
        }
    }

    private static func append(_ format: String, entry: StringEntry, arguments: [FormatArgument], language: String, locale: Locale,
                               counter: inout Int, into pieces: inout [Text.Content], depth: Int) {
        let scalars = Array(format.unicodeScalars)
        var literal = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !literal.isEmpty { add(.verbatim(String(literal)), to: &pieces) }
            literal = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "%" else {
                literal.append(scalar)
                index += 1
                continue
            }
            // A substitution: %#@name@, its argument picks one of its plural forms.
            if index + 2 < scalars.count, scalars[index + 1] == "#", scalars[index + 2] == "@",
               let close = scalars[(index + 3)...].firstIndex(of: "@") {
                let name = String(String.UnicodeScalarView(scalars[(index + 3)..<close]))
                let position = counter
                counter += 1
                if let substitution = entry.substitutions[name], depth < 4 {
                    let argument = substitution.argumentNumber.map { $0 - 1 } ?? position
                    let number = argument < arguments.count ? arguments[argument].number : nil
                    let variant = substitution.pattern.choose(number: number, language: language)
                    let specifier = "%\(argument + 1)$" + substitution.formatSpecifier
                    flush()
                    var inner = counter
                    append(variant.replacingOccurrences(of: "%arg", with: specifier), entry: entry, arguments: arguments,
                           language: language, locale: locale, counter: &inner, into: &pieces, depth: depth + 1)
                } else {
                    literal.append(contentsOf: String.UnicodeScalarView(scalars[index...close]))
                }
                index = close + 1
                continue
            }
            guard let specifier = Specifier.parse(scalars, at: index + 1) else {
                literal.append(scalar)
                index += 1
                continue
            }
            if specifier.conversion == "%" {
                literal.append("%")
                index = specifier.end
                continue
            }
            let position = specifier.position.map { $0 - 1 } ?? counter
            if specifier.position == nil { counter += 1 }
            guard position >= 0, position < arguments.count else {
                literal.append(contentsOf: String.UnicodeScalarView(scalars[index..<specifier.end]))
                index = specifier.end
                continue
            }
            flush()
            for piece in specifier.format(arguments[position], locale: locale) { add(piece, to: &pieces) }
            index = specifier.end
        }
        flush()
    }
}

/// One printf conversion: `%[n$][flags][width][.precision][length]conversion`.
private struct Specifier {
    var position: Int?
    var flags = ""
    var width = ""
    var precision = ""
    var conversion: Unicode.Scalar
    /// The index after the conversion character.
    var end: Int

    private static let conversions = Set("diouxXfFeEgGaAcsSp@%".unicodeScalars)
    private static let lengths = Set("hlqLzjt".unicodeScalars)

    /// The specifier whose characters start at `start` (just after the `%`), or nil.
    static func parse(_ scalars: [Unicode.Scalar], at start: Int) -> Specifier? {
        var index = start
        func digits() -> String {
            var text = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            return text
        }
        var position: Int?
        let leading = digits()
        if !leading.isEmpty, index < scalars.count, scalars[index] == "$" {
            position = Int(leading)
            index += 1
        } else {
            index = start
        }
        var flags = ""
        while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) {
            flags.unicodeScalars.append(scalars[index])
            index += 1
        }
        let width = digits()
        var precision = ""
        if index < scalars.count, scalars[index] == "." {
            index += 1
            precision = "." + digits()
        }
        while index < scalars.count, lengths.contains(scalars[index]) { index += 1 }
        guard index < scalars.count, conversions.contains(scalars[index]) else { return nil }
        return Specifier(position: position, flags: flags.replacingOccurrences(of: "'", with: ""), width: width,
                         precision: precision, conversion: scalars[index], end: index + 1)
    }

    /// `argument` converted as this specifier says, in `locale`'s decimal separator.
    func format(_ argument: FormatArgument, locale: Locale) -> [Text.Content] {
        let head = "%" + flags + width + precision
        switch conversion {
        case "@", "s", "S":
            if case .content(let contents) = argument { return contents }
            return [.verbatim(pad(argument.described))]
        case "d", "i":
            return [.verbatim(String(format: head + "lld", integer(argument)))]
        case "o", "u", "x", "X":
            return [.verbatim(String(format: head + "ll" + String(conversion), UInt64(bitPattern: integer(argument))))]
        case "c":
            let code = integer(argument)
            return [.verbatim(pad(Unicode.Scalar(UInt32(truncatingIfNeeded: code)).map { String(Character($0)) } ?? ""))]
        default:
            // Floating point: printf's digits, with the locale's decimal separator.
            let text = String(format: head + String(conversion), double(argument))
            let separator = locale.decimalSeparator ?? "."
            return [.verbatim(separator == "." ? text : text.replacingOccurrences(of: ".", with: separator))]
        }
    }

    private func pad(_ text: String) -> String {
        guard let width = Int(width), text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return flags.contains("-") ? text + padding : padding + text
    }

    private func integer(_ argument: FormatArgument) -> Int64 {
        switch argument {
        case .signed(let value): value
        case .unsigned(let value): Int64(bitPattern: value)
        case .double(let value): Int64(exactly: value.rounded(.towardZero)) ?? 0
        case .object(let text): Int64(text) ?? 0
        case .content: 0
        }
    }

    private func double(_ argument: FormatArgument) -> Double {
        switch argument {
        case .signed(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .double(let value): value
        case .object(let text): Double(text) ?? 0
        case .content: 0
        }
    }
}
