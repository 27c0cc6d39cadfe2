import Foundation
import GlanceUI

/// One value of an app group's `defaults.json`: what `@AppStorage` can read from JSON.
private enum DefaultsValue: Codable {
    case bool(Bool), int(Int), double(Double), string(String)

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else {
            throw DecodingError.typeMismatch(DefaultsValue.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "expected a Boolean, number or string"))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }

    var stored: AppStorageValue {
        switch self {
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        }
    }

    init(_ value: AppStorageValue) {
        switch value {
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .url(let value): self = .string(value.absoluteString)
        case .data(let value): self = .string(value.base64EncodedString())
        case .date(let value): self = .string(value.formatted(.iso8601))
        }
    }
}

extension AppGroup {
    /// The file in the container that holds `@AppStorage` values: one flat JSON object of
    /// Booleans, numbers and strings (dates as ISO 8601 strings, URLs as strings).
    public static let defaultsFileName = "defaults.json"

    /// The group's `@AppStorage` values, read once into a store views can read on any thread;
    /// empty when the group has no defaults file yet. Install it with
    /// `.environment(\.keyValueStore, store)`.
    /// - Throws: `AppGroupError.unreadable` when the file is not a flat JSON object of
    ///   Booleans, numbers and strings.
    public func loadDefaults() throws -> MemoryKeyValueStore {
        do {
            let values = try read([String: DefaultsValue].self, from: AppGroup.defaultsFileName)
            return MemoryKeyValueStore(values.mapValues(\.stored))
        } catch AppGroupError.missing {
            return MemoryKeyValueStore()
        }
    }

    /// Writes `store`'s values to the group's defaults file atomically (data as base64).
    /// - Throws: `AppGroupError.unwritable` with the reason.
    public func saveDefaults(_ store: MemoryKeyValueStore) throws {
        try write(store.snapshot.mapValues(DefaultsValue.init), to: AppGroup.defaultsFileName)
    }
}
