import Foundation

/// One interpolated value of a localizable string, kept typed (as Foundation's format
/// arguments are) so a translation can place it anywhere and a plural rule can read it.
enum FormatArgument: Sendable {
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    /// A value shown as `%@`: a string, or anything described.
    case object(String)
    /// Live or drawn content shown as `%@` in a `Text`: a date style, a timer, a symbol, another text's pieces.
    case content([Text.Content])

    /// The number a plural rule reads, with the fraction digits shown; nil for non-numbers.
    var number: (value: Double, fractionDigits: Int)? {
        switch self {
        case .signed(let value): (Double(value), 0)
        case .unsigned(let value): (Double(value), 0)
        case .double(let value): (value, value == value.rounded(.towardZero) ? 0 : 1)
        case .object, .content: nil
        }
    }

    /// What `String(describing:)` shows, the text a missing translation falls back to.
    var described: String {
        switch self {
        case .signed(let value): "\(value)"
        case .unsigned(let value): "\(value)"
        case .double(let value): "\(value)"
        case .object(let text): text
        case .content: ""
        }
    }
}

/// Builds what an interpolated localizable literal is made of: the lookup key with a format
/// specifier where each value goes (`"\(count) steps"` is the key `"%lld steps"`, as Xcode
/// extracts it), the typed values, and the literal with the values filled in.
struct FormatBuilder: Sendable {
    /// The key, in Apple's format syntax.
    var key = ""
    /// The values, in order.
    var arguments: [FormatArgument] = []
    /// The literal with values shown as `String(describing:)` does: the untranslated text.
    var filled = ""

    mutating func literal(_ text: String) {
        // Foundation's replacingOccurrences takes about 650 ns even when there is nothing to
        // replace, on every literal piece of every Text built: look first.
        key += text.utf8.contains(UInt8(ascii: "%")) ? text.replacingOccurrences(of: "%", with: "%%") : text
        filled += text
    }

    mutating func value(_ argument: FormatArgument, specifier: String, shown: String) {
        key += specifier
        arguments.append(argument)
        filled += shown
    }

    mutating func integer<T: BinaryInteger>(_ number: T) {
        if T.isSigned {
            value(.signed(Int64(clamping: number)), specifier: number.bitWidth > 32 ? "%lld" : "%d", shown: "\(number)")
        } else {
            value(.unsigned(UInt64(clamping: number)), specifier: number.bitWidth > 32 ? "%llu" : "%u", shown: "\(number)")
        }
    }

    mutating func floatingPoint<T: BinaryFloatingPoint>(_ number: T) {
        value(.double(Double(number)), specifier: T.self == Float.self ? "%f" : "%lf", shown: "\(number)")
    }
}
