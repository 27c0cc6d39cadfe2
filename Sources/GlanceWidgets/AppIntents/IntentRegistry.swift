import Foundation
import GlanceUI

/// The intents a bundle can run by name, so configuration files can bind buttons to them.
///
/// A name matches an intent's type name (`ToggleLampIntent`) or its title ("Toggle Lamp"),
/// ignoring case. Intents are created with `init()`, so their parameters take their defaults.
public struct IntentRegistry: Sendable {
    private var types: [any AppIntent.Type] = []

    /// Creates a registry of `types`.
    public init(_ types: [any AppIntent.Type] = []) {
        for type in types { register(type) }
    }

    /// Adds `type` unless it is already registered.
    public mutating func register(_ type: any AppIntent.Type) {
        guard !types.contains(where: { $0 == type }) else { return }
        types.append(type)
    }

    /// The registered types, in registration order.
    public var registered: [any AppIntent.Type] { types }

    /// Every name a binding may use: each type's name and its title.
    public var names: [String] {
        types.flatMap { [IntentReference.name(of: $0), $0.titleText] }
    }

    /// The intent type named `name` (type name or title, ignoring case).
    public func type(named name: String) -> (any AppIntent.Type)? {
        let wanted = name.lowercased()
        return types.first { IntentReference.name(of: $0).lowercased() == wanted }
            ?? types.first { $0.titleText.lowercased() == wanted }
    }

    /// A new intent of the type named `name`, with its parameters at their defaults.
    /// - Throws: `IntentRegistryError.unknownIntent` listing what is registered.
    public func intent(named name: String) throws(IntentRegistryError) -> any AppIntent {
        guard let type = type(named: name) else { throw .unknownIntent(name: name, known: known) }
        return type.init()
    }

    /// What an unknown name's error lists: each type's name and title.
    var known: [String] {
        types.map { "\($0) (“\($0.titleText)”)" }
    }
}

/// Why the registry could not produce an intent.
public enum IntentRegistryError: Error, Equatable, CustomStringConvertible {
    /// No registered intent has that type name or title.
    case unknownIntent(name: String, known: [String])

    /// A message that names what was asked for and what exists.
    public var description: String {
        switch self {
        case .unknownIntent(let name, let known):
            let list = known.isEmpty ? "none are registered" : "known intents: " + known.joined(separator: ", ")
            return "no intent is named “\(name)” (by type name or title); \(list)"
        }
    }
}
