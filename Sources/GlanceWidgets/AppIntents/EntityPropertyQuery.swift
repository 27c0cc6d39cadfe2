import Foundation

/// A query that finds entities by comparing their `@Property` values, as App Intents'
/// `EntityPropertyQuery`.
///
/// Glance has no Shortcuts "find" actions that would call `entities(matching:mode:sortedBy:limit:)`;
/// the protocol and its `QueryProperties` / `SortingOptions` builders are here so entity queries
/// written for iOS compile, and the query still works as an `EntityQuery` for configuration.
public protocol EntityPropertyQuery: EntityQuery {
    /// What the query's comparators are turned into (an `NSPredicate`, a closure, …).
    associatedtype ComparatorMappingType
    // Apple's protocol also requires `static var properties: QueryProperties` and
    // `static var sortingOptions: SortingOptions`. Queries declare them as Apple's samples do
    // (`static let properties = QueryProperties { … }`), but they are not requirements here:
    // as requirements, such a declaration without a written type sends this compiler into a
    // cycle (inferring `Entity` needs the property's type, which needs `Entity`). Glance never
    // reads them through the protocol.
    /// The entities matching `comparators` (all of them or any, by `mode`), sorted and limited.
    func entities(matching comparators: [ComparatorMappingType], mode: EntityQueryComparatorMode,
                  sortedBy: [EntityQuerySort<Entity>], limit: Int?) async throws -> [Entity]
}

extension EntityPropertyQuery {
    /// The type of `properties`, for Apple's spelling `QueryProperties { … }`.
    public typealias QueryProperties = EntityQueryProperties<Entity, ComparatorMappingType>
    /// A property entry of `QueryProperties`, for Apple's spelling `Property(\.$name) { … }`.
    public typealias Property<PropertyType> = EntityQueryProperty<Entity, PropertyType, ComparatorMappingType>
    /// The type of `sortingOptions`, for Apple's spelling `SortingOptions { … }`.
    public typealias SortingOptions = EntityQuerySortingOptions<Entity>
    /// A sortable property, for Apple's spelling `SortableBy(\.$name)`.
    public typealias SortableBy = EntityQuerySortableByProperty<Entity>
    /// How comparators combine.
    public typealias ComparatorMode = EntityQueryComparatorMode
    /// A sort order over a property.
    public typealias Sort = EntityQuerySort
}

/// Whether entities must match all comparators or any, as App Intents' `EntityQueryComparatorMode`.
public enum EntityQueryComparatorMode: Sendable, Hashable {
    /// Every comparator must match (`and`), or any one (`or`).
    case and, or
}

/// One requested sort, as App Intents' `EntityQuerySort`.
public struct EntityQuerySort<Entity: AppEntity> {
    /// Ascending or descending.
    public enum Ordering: Sendable, Hashable {
        /// Smallest first, or largest first.
        case ascending, descending
    }

    /// The property sorted by.
    public let by: PartialKeyPath<Entity>
    /// The order.
    public let order: Ordering

    /// A sort by `by` in `order`.
    public init(by: PartialKeyPath<Entity>, order: Ordering = .ascending) {
        self.by = by
        self.order = order
    }
}

/// A value of an entity the system can compare and show, declared with `@Property(title:)`,
/// as App Intents' `EntityProperty` (a class, as Apple's).
@propertyWrapper
public final class EntityProperty<Value>: @unchecked Sendable {
    /// The property's name in listings.
    public let title: LocalizedStringResource?
    private let lock = NSLock()
    private var storage: Value?

    /// Declares a property named `title`.
    public init(title: LocalizedStringResource? = nil) {
        self.title = title
    }

    /// Declares a property named `title` with an initial value.
    public init(wrappedValue: Value, title: LocalizedStringResource? = nil) {
        self.title = title
        self.storage = wrappedValue
    }

    /// The value.
    public var wrappedValue: Value {
        get {
            guard let value = lock.withLock({ storage }) else {
                if let optional = Value.self as? any OptionalValue.Type, let none = optional.noneValue as? Value { return none }
                preconditionFailure("entity property “\(title?.description ?? "")” was read before it was set")
            }
            return value
        }
        set { lock.withLock { storage = newValue } }
    }

    /// The property itself (`$name`), which query properties and sorting options name.
    public var projectedValue: EntityProperty<Value> { self }
}

extension EntityProperty: CustomDebugStringConvertible {
    /// The value, so entities print by their values.
    public var debugDescription: String { lock.withLock { storage }.map { String(reflecting: $0) } ?? "nil" }
}

extension AppEntity {
    /// The property wrapper entities declare comparable values with: `@Property(title: "Name") var name: String`.
    public typealias Property<Value> = EntityProperty<Value>
}

/// The properties an `EntityPropertyQuery` compares, as App Intents' `EntityQueryProperties`.
///
/// `@unchecked Sendable` so that `static let properties = QueryProperties { … }` compiles in
/// the Swift 6 language mode: it is an immutable declaration, built once, whose comparator
/// closures are only read.
public struct EntityQueryProperties<Entity: AppEntity, ComparatorMappingType>: @unchecked Sendable {
    /// The declared properties, in order.
    public let properties: [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>]

    /// Declares the properties: `QueryProperties { Property(\.$name) { EqualToComparator { … } } }`.
    public init(@EntityQueryPropertiesBuilder<Entity, ComparatorMappingType> properties: () -> [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>]) {
        self.properties = properties()
    }
}

/// One declared property of a query, type-erased, as App Intents' `EntityQueryPropertyDeclaration`.
public struct EntityQueryPropertyDeclaration<Entity: AppEntity, ComparatorMappingType> {
    /// The entity property it is about.
    public let keyPath: PartialKeyPath<Entity>
    /// The names of its comparators (`EqualToComparator`, …), in order.
    public let comparatorNames: [String]
}

/// Builds `EntityQueryProperties` from `Property` entries.
@resultBuilder
public enum EntityQueryPropertiesBuilder<Entity: AppEntity, ComparatorMappingType> {
    /// One property.
    public static func buildExpression<PropertyType>(_ property: EntityQueryProperty<Entity, PropertyType, ComparatorMappingType>)
        -> [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>] {
        [EntityQueryPropertyDeclaration(keyPath: property.keyPath, comparatorNames: property.comparators.map(\.kind))]
    }

    /// The properties of a block, in order.
    public static func buildBlock(_ properties: [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>]...)
        -> [EntityQueryPropertyDeclaration<Entity, ComparatorMappingType>] {
        properties.flatMap { $0 }
    }
}

/// A property a query compares and how, as App Intents' `EntityQueryProperty`.
public final class EntityQueryProperty<Entity: AppEntity, PropertyType, ComparatorMappingType> {
    let keyPath: PartialKeyPath<Entity>
    let comparators: [EntityQueryComparator<PropertyType, ComparatorMappingType>]

    /// The property at `keyPath` (`\.$name`), compared by `comparators`.
    public init(_ keyPath: KeyPath<Entity, EntityProperty<PropertyType>>,
                @EntityQueryComparatorsBuilder<PropertyType, ComparatorMappingType> comparators: () -> [EntityQueryComparator<PropertyType, ComparatorMappingType>]) {
        self.keyPath = keyPath
        self.comparators = comparators()
    }

    /// The comparator named `kind` turning `value` into the query's comparator type, if declared.
    func map(_ kind: String, _ value: PropertyType) -> ComparatorMappingType? {
        comparators.first { $0.kind == kind }?.transform(value)
    }
}

/// What every comparator type is.
public protocol EntityQueryComparatorProtocol {}

/// A comparator of a property, type-erased, as App Intents' `EntityQueryComparator`.
public struct EntityQueryComparator<Value, ComparatorMappingType> {
    /// The comparator's type name (`EqualToComparator`, …).
    public let kind: String
    let transform: (Value) -> ComparatorMappingType
}

/// Builds a property's comparators.
@resultBuilder
public enum EntityQueryComparatorsBuilder<Value, ComparatorMappingType> {
    /// A `EqualToComparator`.
    public static func buildExpression(_ comparator: EqualToComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "EqualToComparator", transform: comparator.mappingTransform)]
    }

    /// A `NotEqualToComparator`.
    public static func buildExpression(_ comparator: NotEqualToComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "NotEqualToComparator", transform: comparator.mappingTransform)]
    }

    /// A `LessThanComparator`.
    public static func buildExpression(_ comparator: LessThanComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "LessThanComparator", transform: comparator.mappingTransform)]
    }

    /// A `LessThanOrEqualToComparator`.
    public static func buildExpression(_ comparator: LessThanOrEqualToComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "LessThanOrEqualToComparator", transform: comparator.mappingTransform)]
    }

    /// A `GreaterThanComparator`.
    public static func buildExpression(_ comparator: GreaterThanComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "GreaterThanComparator", transform: comparator.mappingTransform)]
    }

    /// A `GreaterThanOrEqualToComparator`.
    public static func buildExpression(_ comparator: GreaterThanOrEqualToComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "GreaterThanOrEqualToComparator", transform: comparator.mappingTransform)]
    }

    /// A `ContainsComparator`.
    public static func buildExpression(_ comparator: ContainsComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "ContainsComparator", transform: comparator.mappingTransform)]
    }

    /// A `HasPrefixComparator`.
    public static func buildExpression(_ comparator: HasPrefixComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "HasPrefixComparator", transform: comparator.mappingTransform)]
    }

    /// A `HasSuffixComparator`.
    public static func buildExpression(_ comparator: HasSuffixComparator<Value, ComparatorMappingType>) -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        [EntityQueryComparator(kind: "HasSuffixComparator", transform: comparator.mappingTransform)]
    }

    /// The comparators of a block, in order.
    public static func buildBlock(_ comparators: [EntityQueryComparator<Value, ComparatorMappingType>]...)
        -> [EntityQueryComparator<Value, ComparatorMappingType>] {
        comparators.flatMap { $0 }
    }
}

/// Matches a property equal to the value, as App Intents' `EqualToComparator`.
public struct EqualToComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property not equal to the value, as App Intents' `NotEqualToComparator`.
public struct NotEqualToComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property less than the value, as App Intents' `LessThanComparator`.
public struct LessThanComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property less than or equal to the value, as App Intents' `LessThanOrEqualToComparator`.
public struct LessThanOrEqualToComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property greater than the value, as App Intents' `GreaterThanComparator`.
public struct GreaterThanComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property greater than or equal to the value, as App Intents' `GreaterThanOrEqualToComparator`.
public struct GreaterThanOrEqualToComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property containing the value, as App Intents' `ContainsComparator`.
public struct ContainsComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property starting with the value, as App Intents' `HasPrefixComparator`.
public struct HasPrefixComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// Matches a property ending with the value, as App Intents' `HasSuffixComparator`.
public struct HasSuffixComparator<Value, ComparatorMappingType>: EntityQueryComparatorProtocol {
    /// Turns the value asked for into the query's comparator type.
    public let mappingTransform: (Value) -> ComparatorMappingType

    /// A comparator whose value `mappingTransform` turns into the query's comparator type.
    public init(mappingTransform: @escaping (Value) -> ComparatorMappingType) {
        self.mappingTransform = mappingTransform
    }
}

/// The properties results may be sorted by, as App Intents' `EntityQuerySortingOptions`.
///
/// `@unchecked Sendable` for `static let sortingOptions = SortingOptions { … }`: an immutable
/// list of key paths.
public struct EntityQuerySortingOptions<Entity: AppEntity>: @unchecked Sendable {
    /// The sortable properties, in order.
    public let sortableBy: [PartialKeyPath<Entity>]

    /// Declares the options: `SortingOptions { SortableBy(\.$name) }`.
    public init(@EntityQuerySortingOptionsBuilder<Entity> _ options: () -> [EntityQuerySortableByProperty<Entity>]) {
        sortableBy = options().map(\.keyPath)
    }
}

/// A property results may be sorted by, as App Intents' `EntityQuerySortableByProperty`.
public struct EntityQuerySortableByProperty<Entity: AppEntity> {
    let keyPath: PartialKeyPath<Entity>

    /// The property at `keyPath` (`\.$name`).
    public init<Property>(_ keyPath: KeyPath<Entity, Property>) {
        self.keyPath = keyPath
    }
}

/// Builds `EntityQuerySortingOptions`.
@resultBuilder
public enum EntityQuerySortingOptionsBuilder<Entity: AppEntity> {
    /// One sortable property.
    public static func buildExpression(_ option: EntityQuerySortableByProperty<Entity>) -> [EntityQuerySortableByProperty<Entity>] { [option] }

    /// The sortable properties of a block, in order.
    public static func buildBlock(_ options: [EntityQuerySortableByProperty<Entity>]...) -> [EntityQuerySortableByProperty<Entity>] {
        options.flatMap { $0 }
    }
}
