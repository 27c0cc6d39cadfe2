import Foundation

/// A value kept in a `KeyValueStore`: the property-list kinds `@AppStorage` reads.
public enum AppStorageValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case url(URL)
    case data(Data)
    case date(Date)
}

/// Reading a stored value as a Swift type, as lenient as `UserDefaults` is (a stored
/// string "42" reads as the integer 42, a number as a Boolean, and so on).
extension AppStorageValue {
    var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0
        case .string(let value):
            switch value.lowercased() {
            case "yes", "true", "1": true
            case "no", "false", "0": false
            default: nil
            }
        default: nil
        }
    }

    var intValue: Int? {
        switch self {
        case .int(let value): value
        case .bool(let value): value ? 1 : 0
        case .double(let value): value.isFinite ? Int(exactly: value.rounded(.towardZero)) : nil
        case .string(let value): Int(value) ?? Double(value).flatMap { $0.isFinite ? Int(exactly: $0.rounded(.towardZero)) : nil }
        default: nil
        }
    }

    var doubleValue: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): Double(value)
        default: nil
        }
    }

    var stringValue: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): value ? "1" : "0"
        case .url(let value): value.absoluteString
        default: nil
        }
    }

    var urlValue: URL? {
        switch self {
        case .url(let value): value
        case .string(let value): value.hasPrefix("/") || value.hasPrefix("~")
            ? URL(fileURLWithPath: (value as NSString).expandingTildeInPath) : URL(string: value)
        case .data(let value): String(data: value, encoding: .utf8).flatMap(URL.init(string:))
        default: nil
        }
    }

    var dataValue: Data? {
        switch self {
        case .data(let value): value
        case .string(let value): Data(value.utf8)
        default: nil
        }
    }

    var dateValue: Date? {
        switch self {
        case .date(let value): value
        case .double(let value): Date(timeIntervalSinceReferenceDate: value)
        case .int(let value): Date(timeIntervalSinceReferenceDate: TimeInterval(value))
        case .string(let value): try? Date(value, strategy: .iso8601)
        default: nil
        }
    }
}
