import Foundation

/// Finds entities by identifier, as App Intents' `EntityQuery`.
///
/// Glance calls `entities(for:)` when a face configures an entity parameter, and lists
/// `suggestedEntities()` in the error when the identifier names nothing.
public protocol EntityQuery: Sendable {
    /// The entity type found.
    associatedtype Entity: AppEntity
    /// Creates the query.
    init()
    /// The entities with these identifiers; identifiers that name nothing are left out.
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// Entities to offer as choices.
    func suggestedEntities() async throws -> [Entity]
    /// The entity a parameter takes when nothing is configured.
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    /// No suggestions.
    public func suggestedEntities() async throws -> [Entity] { [] }
    /// No default entity.
    public func defaultResult() async -> Entity? { nil }
}

/// A query that also finds entities by text, as App Intents' `EntityStringQuery`.
///
/// Glance uses `entities(matching:)` when a face names an entity by something other than
/// its identifier (its title, say); exactly one match is taken.
public protocol EntityStringQuery: EntityQuery {
    /// What `entities(matching:)` returns: an array of entities, or an `IntentItemCollection`
    /// of them (as App Intents allows); inferred from the method.
    associatedtype Result: ResultsCollection = [Entity] where Result.Element == Entity
    /// The entities that match `string`.
    func entities(matching string: String) async throws -> Result
}

/// The entities a query returns, as App Intents' `ResultsCollection`: an array, or an
/// `IntentItemCollection` whose sections Glance reads in order.
public protocol ResultsCollection {
    /// The type of entity listed.
    associatedtype Element
    /// The entities, in order.
    var entityResults: [Element] { get }
}

extension Array: ResultsCollection {
    public var entityResults: [Element] { self }
}

extension IntentItemCollection: ResultsCollection {
    public var entityResults: [Result] { results }
}

/// A query whose entities can all be listed, as App Intents' `EnumerableEntityQuery`.
public protocol EnumerableEntityQuery: EntityQuery {
    /// The entity type listed; restated so that it is inferred from `allEntities()`.
    associatedtype Entity
    /// Every entity.
    func allEntities() async throws -> [Entity]
}

extension EnumerableEntityQuery {
    /// The listed entities with these identifiers.
    public func entities(for identifiers: [Entity.ID]) async throws -> [Entity] {
        try await allEntities().filter { identifiers.contains($0.id) }
    }
}
