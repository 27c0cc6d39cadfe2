import GlanceInput

/// Turns the bytes a terminal sends into keys: escape sequences for cursor and editing keys
/// (CSI `ESC [` and SS3 `ESC O` forms, modifiers ignored), control characters, and UTF-8 text.
///
/// A pure state machine: a sequence split across reads stays pending until the rest arrives,
/// and `flush()` settles what is pending when no more bytes come (a lone ESC is the Escape key).
public struct TerminalKeyDecoder: Hashable, Sendable {
    private var pending: [UInt8] = []
    /// The last byte decoded was a CR ending a read: a LF starting the next one belongs to it
    /// (a CR LF pair is one Enter however the reads split it).
    private var afterCarriageReturn = false

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes are waiting for the rest of a sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending.
    /// - Returns: The complete keys; an incomplete sequence at the end stays pending.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Settles pending bytes as if no more will come: a lone ESC becomes `.escape` and an
    /// unfinished sequence becomes `.escape` followed by its characters.
    public mutating func flush() -> [Key] {
        defer { afterCarriageReturn = false }
        return decode(final: true)
    }

    /// Decodes a complete chunk of bytes at once (`feed` then `flush`).
    public static func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = TerminalKeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    private enum Step {
        case key(Key?, length: Int)
        case incomplete
    }

    private mutating func decode(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        if afterCarriageReturn, let first = pending.first {
            afterCarriageReturn = false
            if first == 0x0A { index = 1 }
        }
        while index < pending.count {
            switch Self.step(pending, at: index) {
            case .key(let key, let length):
                if let key { keys.append(key) }
                afterCarriageReturn = pending[index] == 0x0D && length == 1 && index + 1 == pending.count
                index += length
            case .incomplete:
                guard final else {
                    pending.removeFirst(index)
                    return keys
                }
                // No more bytes: an escape is just Escape, a broken UTF-8 lead byte is dropped.
                if pending[index] == 0x1B { keys.append(.escape) }
                index += 1
            }
        }
        pending.removeAll()
        return keys
    }

    private static func step(_ bytes: [UInt8], at start: Int) -> Step {
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            return escape(bytes, at: start)
        case 0x0D:
            // Enter sends CR in raw mode; a CR LF pair (pasted text) is one Enter.
            return .key(.enter, length: start + 1 < bytes.count && bytes[start + 1] == 0x0A ? 2 : 1)
        case 0x0A:
            return .key(.enter, length: 1)
        case 0x09:
            return .key(.tab, length: 1)
        case 0x7F, 0x08:
            return .key(.backspace, length: 1)
        case 0x01...0x1A:
            return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
        case 0x00, 0x1C...0x1F:
            return .key(nil, length: 1)
        case 0x20..<0x7F:
            return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default:
            return utf8(bytes, at: start)
        }
    }

    private static func escape(_ bytes: [UInt8], at start: Int) -> Step {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, then one final byte 0x40–0x7E.
            var index = start + 2
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .incomplete }
            let final = bytes[index]
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            return .key(csi(final: final, parameters: parameters), length: index - start + 1)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            let key: Key? = switch bytes[start + 2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "M"): .enter
            case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(bytes[start + 2]) - Int(UInt8(ascii: "P")) + 1)
            default: nil
            }
            return .key(key, length: 3)
        default:
            // ESC followed by anything else (ESC ESC, or Alt+key): Escape, then the next byte on its own.
            return .key(.escape, length: 1)
        }
    }

    private static func csi(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .tab
        case UInt8(ascii: "~"):
            let first = Int(parameters.split(separator: ";").first ?? "") ?? 0
            switch first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(first - 10)
            case 17...21: return .function(first - 11)
            case 23, 24: return .function(first - 12)
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func utf8(_ bytes: [UInt8], at start: Int) -> Step {
        let lead = bytes[start]
        let length = switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
        guard length > 0 else { return .key(nil, length: 1) }
        guard start + length <= bytes.count else {
            // Wait for the rest unless a byte that cannot continue the character is already here.
            let continuation = bytes[(start + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
            return continuation ? .incomplete : .key(nil, length: 1)
        }
        var decoded = String(decoding: bytes[start..<(start + length)], as: UTF8.self).unicodeScalars.makeIterator()
        guard let scalar = decoded.next(), scalar != "\u{FFFD}" else { return .key(nil, length: 1) }
        return .key(.character(Character(scalar)), length: length)
    }
}
