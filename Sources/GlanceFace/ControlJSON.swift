import Foundation

/// The JSON spelling of the control protocol: one object per line, dates in ISO 8601.
package enum ControlJSON {
    /// An encoder for the wire (one line, keys sorted, ISO 8601 dates) or, `pretty`, for people.
    package static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A decoder that takes dates as ISO 8601 strings (with or without fractional seconds) or
    /// as seconds since 1970 (`date +%s`).
    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSince1970: seconds) }
            let text = try container.decode(String.self)
            guard let date = date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date such as 2026-11-21T08:30:00Z")
            }
            return date
        }
        return decoder
    }

    /// Parses `2026-11-21T08:30:00Z` or `2026-11-21T08:30:00.250+01:00`.
    package static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
