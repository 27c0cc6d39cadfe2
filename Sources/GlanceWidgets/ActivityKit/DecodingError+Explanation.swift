import Foundation

extension DecodingError {
    /// Where in the JSON decoding failed and why, for people: "at stops: expected to decode
    /// Int but found a string instead", "missing key \"courier\"".
    package var explanation: String {
        switch self {
        case .keyNotFound(let key, let context):
            return Self.location(context.codingPath) + "missing key \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return Self.location(context.codingPath) + Self.sentence(context.debugDescription)
        case .dataCorrupted(let context):
            var text = Self.location(context.codingPath) + Self.sentence(context.debugDescription)
            if let underlying = context.underlyingError {
                text += " (\(underlying))"
            }
            return text
        @unknown default:
            return String(describing: self)
        }
    }

    /// "at items[2].name: ", or nothing at the top level.
    private static func location(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return "at \(text): "
    }

    /// Foundation's messages start with a capital and end with a full stop; ours continue a sentence.
    private static func sentence(_ message: String) -> String {
        var text = message
        if text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
