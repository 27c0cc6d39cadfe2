import Foundation

/// Why parameter values could not configure an intent; each case names the parameter.
public enum IntentConfigurationError: Error, Equatable, CustomStringConvertible {
    /// No parameter has this property name or title.
    case unknownParameter(name: String, intent: String, known: [String])
    /// The text is not a value of the parameter's type.
    case invalidValue(parameter: String, value: String, expected: String)
    /// The entity query found nothing for the text.
    case entityNotFound(parameter: String, entityType: String, text: String, suggestions: [String])
    /// The entity query's text search found several entities.
    case ambiguousEntity(parameter: String, entityType: String, text: String, matches: [String])
    /// The entity query threw.
    case queryFailed(parameter: String, entityType: String, message: String)
    /// Glance cannot read this parameter type from text.
    case unsupportedType(parameter: String, type: String)
    /// A parameter that is neither optional nor defaulted was given no value (and, for an
    /// entity, its query has no default result).
    case missingValue(parameter: String, title: String, intent: String)

    /// The parameter the error is about (the name as given for `unknownParameter`).
    public var parameter: String {
        switch self {
        case .unknownParameter(let name, _, _): name
        case .invalidValue(let parameter, _, _), .entityNotFound(let parameter, _, _, _), .ambiguousEntity(let parameter, _, _, _),
             .queryFailed(let parameter, _, _), .unsupportedType(let parameter, _), .missingValue(let parameter, _, _): parameter
        }
    }

    /// A message that says what was given and what would do.
    public var description: String {
        switch self {
        case .unknownParameter(let name, let intent, let known):
            let list = known.isEmpty ? "it has no parameters" : "its parameters are " + known.joined(separator: ", ")
            return "\(intent) has no parameter “\(name)”; \(list)"
        case .invalidValue(let parameter, let value, let expected):
            return "parameter “\(parameter)”: “\(value)” is not valid; expected \(expected)"
        case .entityNotFound(let parameter, let entityType, let text, let suggestions):
            let list = suggestions.isEmpty ? "its query suggests none" : "its query suggests " + suggestions.joined(separator: ", ")
            return "parameter “\(parameter)”: no \(entityType) has the identifier or name “\(text)”; \(list)"
        case .ambiguousEntity(let parameter, let entityType, let text, let matches):
            return "parameter “\(parameter)”: “\(text)” matches several \(entityType) entities (\(matches.joined(separator: ", "))); use an identifier"
        case .queryFailed(let parameter, let entityType, let message):
            return "parameter “\(parameter)”: the \(entityType) query failed: \(message)"
        case .unsupportedType(let parameter, let type):
            return "parameter “\(parameter)”: values of type \(type) cannot be written in a configuration"
        case .missingValue(let parameter, let title, let intent):
            return "parameter “\(parameter)” (“\(title)”) of \(intent) needs a value: it has no default"
        }
    }
}
