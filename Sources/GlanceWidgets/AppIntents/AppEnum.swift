import Foundation

/// How a value is shown to people: a title with an optional subtitle and image, as App Intents'
/// `DisplayRepresentation`.
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// An image shown next to the title: a symbol, as `Image(systemName:)` names it, or an
    /// image from the bundle's assets, as `Image(_:)` names it.
    public struct Image: Sendable, Hashable {
        /// The symbol's name, for a symbol.
        public let systemName: String?
        /// The asset's name, for an image from the assets.
        public let name: String?
        /// Whether the image is drawn in the foreground tone rather than its own.
        public let isTemplate: Bool

        /// Creates an image from a symbol name.
        public init(systemName: String, isTemplate: Bool = true) {
            self.systemName = systemName
            self.name = nil
            self.isTemplate = isTemplate
        }

        /// Creates an image from an asset name.
        public init(named name: String, isTemplate: Bool = false) {
            self.systemName = nil
            self.name = name
            self.isTemplate = isTemplate
        }
    }

    /// The main text.
    public var title: LocalizedStringResource
    /// A second line, if any.
    public var subtitle: LocalizedStringResource?
    /// A symbol, if any.
    public var image: Image?

    /// Other names the value goes by (Siri's; kept for listings).
    public var synonyms: [LocalizedStringResource] = []

    /// Creates a representation with a title and optional subtitle, image and synonyms.
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil,
                synonyms: [LocalizedStringResource] = []) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    /// Creates a representation with only a title.
    public init(stringLiteral value: String) {
        self.init(title: LocalizedStringResource(value))
    }

    /// Creates a representation with only a title, from an interpolated literal.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(title: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}

/// How a type is named to people, as App Intents' `TypeDisplayRepresentation`.
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The type's name.
    public var name: LocalizedStringResource
    /// The plural name, if different.
    public var numericFormat: LocalizedStringResource?

    /// Creates a representation with a name and an optional plural format.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }

    /// Creates a representation from a literal name.
    public init(stringLiteral value: String) {
        self.init(name: LocalizedStringResource(value))
    }

    /// Creates a representation from an interpolated literal name.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(name: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}

/// An enumeration an intent parameter can take, with how each case is shown, as App Intents' `AppEnum`.
///
/// Difference from Apple: the raw value must be a `String`, so configuration files can name
/// a case by its raw value or by its display title.
public protocol AppEnum: RawRepresentable, CaseIterable, Sendable, Hashable where RawValue == String {
    /// How the type is named.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// How each case is shown.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    /// How this case is shown; its raw value when the type gives no representation.
    public var localizedStringResource: LocalizedStringResource {
        Self.caseDisplayRepresentations[self]?.title ?? LocalizedStringResource(rawValue)
    }

    /// The case whose raw value or display title is `name` (ignoring case), as configuration files name it.
    public init?(named name: String) {
        let wanted = name.lowercased()
        guard let match = Self.allCases.first(where: {
            $0.rawValue.lowercased() == wanted || $0.localizedStringResource.description.lowercased() == wanted
        }) else { return nil }
        self = match
    }
}
