import Foundation

/// A thing of the maker's own (a room, a lamp, a stop) that intents and widget configurations
/// refer to, as App Intents' `AppEntity`.
///
/// Entities are found through their `defaultQuery`: when a face configures an entity
/// parameter by identifier (or by name, for an `EntityStringQuery`), Glance asks the query
/// (see `IntentConfigurator`).
public protocol AppEntity: Identifiable, Sendable where ID: EntityIdentifierConvertible & Sendable {
    /// The query that finds entities of this type.
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    /// How the type is named.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// The query that finds entities of this type.
    static var defaultQuery: DefaultQuery { get }
    /// How this entity is shown.
    var displayRepresentation: DisplayRepresentation { get }
}

/// An identifier that round-trips through a string, as App Intents' `EntityIdentifierConvertible`;
/// face files name entities by this string.
public protocol EntityIdentifierConvertible {
    /// The identifier as a string.
    var entityIdentifierString: String { get }
    /// The identifier a string names, if it names one.
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    /// The string itself.
    public var entityIdentifierString: String { self }
    /// The string itself.
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    /// The number in decimal.
    public var entityIdentifierString: String { String(self) }
    /// The number a decimal string names.
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

extension UUID: EntityIdentifierConvertible {
    /// The UUID's standard string.
    public var entityIdentifierString: String { uuidString }
    /// The UUID a standard string names.
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

extension EntityIdentifierConvertible where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    public var entityIdentifierString: String { rawValue }
    /// The value whose raw value is the string.
    public static func entityIdentifier(for entityIdentifierString: String) -> Self? { Self(rawValue: entityIdentifierString) }
}
