import Foundation

/// Makes a configuration intent from parameter values written as text, as a face file or
/// `glance preview --parameter name=value` gives them.
///
/// A value is converted by the parameter's declared type: `String`; `Int`, `Double`, `Bool`
/// (`true`/`false`, `yes`/`no`, `on`/`off`); an `AppEnum` case by raw value or title; an
/// `AppEntity` through its `defaultQuery` — by identifier with `entities(for:)`, then, for an
/// `EntityStringQuery`, by text with `entities(matching:)` when exactly one entity matches, then
/// by title among `suggestedEntities()` (`allEntities()` for an `EnumerableEntityQuery`); `URL`; `Date` (ISO 8601); other
/// `LosslessStringConvertible` types; arrays of these as comma-separated values; and the
/// optional of each. Parameters not given keep
/// their defaults, except that an entity parameter without a value takes the query's
/// `defaultResult()`; a required parameter left without a value is an error.
public enum IntentConfigurator {
    /// A new `type` with `values` (parameter name → text) applied in order.
    /// - Parameter values: Names are property names (`city`) or titles ("City"), ignoring case.
    /// - Throws: `IntentConfigurationError` naming the parameter and what went wrong; the
    ///   caller adds where in its file the value was written.
    public static func intent<Intent: AppIntent>(_ type: Intent.Type, values: [(name: String, value: String)])
        async throws(IntentConfigurationError) -> Intent {
        let intent = Intent()
        try await configure(intent, values: values)
        return intent
    }

    /// A new intent of `type` (as a widget's engine knows it) with `values` applied.
    /// - Throws: `IntentConfigurationError`, as `intent(_:values:)`.
    public static func configurationIntent(_ type: any WidgetConfigurationIntent.Type, values: [(name: String, value: String)])
        async throws(IntentConfigurationError) -> any WidgetConfigurationIntent {
        try await intent(type, values: values)
    }

    /// The parameters `type` declares, in declaration order, for listings and error messages.
    public static func parameters(of type: any AppIntent.Type) -> [IntentParameterInfo] {
        type.init().declaredParameters.map { name, parameter in
            IntentParameterInfo(name: name, title: parameter.parameterTitle, typeName: typeName(parameter.unwrappedType),
                                isRequired: parameter.isMissing)
        }
    }

    /// Applies `values` to the parameters of `intent` (shared by reference, so `intent` changes).
    static func configure(_ intent: some AppIntent, values: [(name: String, value: String)]) async throws(IntentConfigurationError) {
        let declared = intent.declaredParameters
        var given = Set<ObjectIdentifier>()
        for (name, text) in values {
            let wanted = name.lowercased()
            guard let (property, parameter) = declared.first(where: { $0.name.lowercased() == wanted })
                    ?? declared.first(where: { $0.parameter.parameterTitle.lowercased() == wanted }) else {
                throw .unknownParameter(name: name, intent: String(describing: type(of: intent)), known: declared.map(\.name))
            }
            let value = try await convert(text, to: parameter.unwrappedType, parameter: property)
            guard parameter.assign(value) else {
                throw .unsupportedType(parameter: property, type: typeName(parameter.valueType))
            }
            given.insert(ObjectIdentifier(parameter))
        }
        // Entity parameters left without a value take their query's default result, as the
        // system does for a widget added without editing.
        for (_, parameter) in declared where !given.contains(ObjectIdentifier(parameter)) && parameter.displayText == nil {
            guard let entityType = parameter.unwrappedType as? any AppEntity.Type,
                  let value = await defaultEntity(entityType) else { continue }
            _ = parameter.assign(value)
        }
        // A required parameter still without a value would stop the provider when it reads
        // it: refuse the configuration instead (Docs/Contract.md, "Configured widgets").
        if let (name, parameter) = declared.first(where: { $0.parameter.isMissing }) {
            throw .missingValue(parameter: name, title: parameter.parameterTitle, intent: String(describing: type(of: intent)))
        }
    }

    /// `text` as a value of `type`.
    static func convert(_ text: String, to type: Any.Type, parameter: String) async throws(IntentConfigurationError) -> Any {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if type == String.self { return text }
        if type == Bool.self {
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return true
            case "false", "no", "off", "0": return false
            default: throw .invalidValue(parameter: parameter, value: text, expected: "true or false")
            }
        }
        if let enumType = type as? any AppEnum.Type {
            if let value = enumCase(enumType, named: trimmed) { return value }
            throw .invalidValue(parameter: parameter, value: text, expected: "one of " + enumNames(enumType).joined(separator: ", "))
        }
        if let entityType = type as? any AppEntity.Type {
            return try await entity(entityType, named: trimmed, parameter: parameter)
        }
        if type == URL.self {
            guard let url = URL(string: trimmed), url.scheme != nil else {
                throw .invalidValue(parameter: parameter, value: text, expected: "a URL with a scheme, such as https://example.com")
            }
            return url
        }
        if type == Date.self {
            guard let date = ActivityJSONDecoding.parseISO8601(trimmed) else {
                throw .invalidValue(parameter: parameter, value: text, expected: "an ISO 8601 date such as 2026-11-21T08:30:00Z")
            }
            return date
        }
        if let array = type as? any ArrayParameterValue.Type {
            // A list is written as comma-separated values, each converted by the element type.
            let parts = trimmed.isEmpty ? [] : trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            var elements = [Any]()
            for part in parts {
                elements.append(try await convert(part, to: array.elementType, parameter: parameter))
            }
            guard let value = array.make(elements) else { throw .unsupportedType(parameter: parameter, type: typeName(type)) }
            return value
        }
        if let convertible = type as? any LosslessStringConvertible.Type {
            guard let value = convertible.init(trimmed) else {
                throw .invalidValue(parameter: parameter, value: text, expected: "a \(typeName(type))")
            }
            return value
        }
        throw .unsupportedType(parameter: parameter, type: typeName(type))
    }

    private static func enumCase<E: AppEnum>(_: E.Type, named name: String) -> Any? { E(named: name) }

    private static func enumNames<E: AppEnum>(_: E.Type) -> [String] { E.allCases.map(\.rawValue) }

    /// The entity `text` names: by identifier, then by text query, then by suggested title.
    private static func entity<Entity: AppEntity>(_: Entity.Type, named text: String, parameter: String)
        async throws(IntentConfigurationError) -> Any {
        let typeName = String(describing: Entity.self)
        let query = Entity.defaultQuery
        do {
            if let id = Entity.ID.entityIdentifier(for: text), let found = try await query.entities(for: [id]).first {
                return found
            }
            if let stringQuery = query as? any EntityStringQuery {
                let matches = try await matching(stringQuery, text)
                if matches.count == 1 { return matches[0] }
                if matches.count > 1 {
                    throw IntentConfigurationError.ambiguousEntity(parameter: parameter, entityType: typeName, text: text,
                                                                   matches: matches.map(describe))
                }
            }
            let suggested = try await suggestions(query)
            let wanted = text.lowercased()
            let titled = suggested.filter { $0.displayRepresentation.title.description.lowercased() == wanted }
            if titled.count == 1 { return titled[0] }
            throw IntentConfigurationError.entityNotFound(parameter: parameter, entityType: typeName, text: text,
                                                          suggestions: suggested.map(describe))
        } catch let error as IntentConfigurationError {
            throw error
        } catch {
            throw .queryFailed(parameter: parameter, entityType: typeName, message: String(describing: error))
        }
    }

    /// The entities a query offers: all of an enumerable query's, else its suggested ones.
    private static func suggestions<Query: EntityQuery>(_ query: Query) async throws -> [Query.Entity] {
        if let enumerable = query as? any EnumerableEntityQuery {
            return try await all(enumerable).compactMap { $0 as? Query.Entity }
        }
        return try await query.suggestedEntities()
    }

    private static func all<Query: EnumerableEntityQuery>(_ query: Query) async throws -> [any AppEntity] {
        try await query.allEntities()
    }

    /// The text matches of a string query, as entities of any type.
    private static func matching<Query: EntityStringQuery>(_ query: Query, _ text: String) async throws -> [any AppEntity] {
        try await query.entities(matching: text).entityResults
    }

    private static func defaultEntity<Entity: AppEntity>(_: Entity.Type) async -> Any? {
        await Entity.defaultQuery.defaultResult()
    }

    /// “kitchen (Kitchen)”: identifier and title, as error messages list entities.
    private static func describe(_ entity: any AppEntity) -> String {
        identifierText(entity) + " (" + entity.displayRepresentation.title.description + ")"
    }

    private static func identifierText<Entity: AppEntity>(_ entity: Entity) -> String { entity.id.entityIdentifierString }

    /// The type's name without its module.
    static func typeName(_ type: Any.Type) -> String { String(describing: type) }
}

/// An array type a parameter may have, so its elements can be converted one by one.
protocol ArrayParameterValue {
    static var elementType: Any.Type { get }
    static func make(_ elements: [Any]) -> Any?
}

extension Array: ArrayParameterValue {
    static var elementType: Any.Type { Element.self }
    static func make(_ elements: [Any]) -> Any? {
        let typed = elements.compactMap { $0 as? Element }
        return typed.count == elements.count ? typed : nil
    }
}

/// A parameter an intent declares, for listings and error messages.
public struct IntentParameterInfo: Sendable, Hashable {
    /// The property name (`city`), which face files use.
    public let name: String
    /// The title (“City”), which face files may use instead.
    public let title: String
    /// The declared type without `Optional` (`String`, `Room`).
    public let typeName: String
    /// True when the parameter is neither optional nor defaulted: configurations must set it.
    public let isRequired: Bool
}
