import Foundation

// Options Apple's `@Parameter` initialisers take for the Shortcuts and widget-editing
// interfaces. Glance has neither (parameters come from the face file), so each is accepted
// for source compatibility and has no effect.

extension String {
    /// How a text parameter is typed in, as App Intents' `String.IntentInputOptions` (accepted; no effect).
    public struct IntentInputOptions: Sendable, Hashable {
        /// The keyboard shown.
        public var keyboardType: KeyboardType
        /// How letters are capitalized while typing.
        public var capitalizationType: CapitalizationType
        /// Whether the text may have several lines.
        public var multiline: Bool
        /// Whether typing is autocorrected.
        public var autocorrect: Bool
        /// Whether quotes become typographic ones.
        public var smartQuotes: Bool
        /// Whether double hyphens become dashes.
        public var smartDashes: Bool

        /// Creates input options; every option has Apple's default.
        public init(keyboardType: KeyboardType = .asciiCapable, capitalizationType: CapitalizationType = .sentences,
                    multiline: Bool = false, autocorrect: Bool = true, smartQuotes: Bool = true, smartDashes: Bool = true) {
            self.keyboardType = keyboardType
            self.capitalizationType = capitalizationType
            self.multiline = multiline
            self.autocorrect = autocorrect
            self.smartQuotes = smartQuotes
            self.smartDashes = smartDashes
        }

        /// The keyboard a text parameter is typed with.
        public enum KeyboardType: Sendable, Hashable {
            /// The keyboards UIKit offers, by UIKit's names.
            case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad
            case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
        }

        /// How typed letters are capitalized.
        public enum CapitalizationType: Sendable, Hashable {
            /// Nothing, each word, each sentence, or every letter.
            case none, words, sentences, allCharacters
        }
    }
}

extension Bool {
    /// The words a Boolean parameter's two values are shown with, as App Intents'
    /// `Bool.IntentDisplayName` (accepted; no effect).
    public struct IntentDisplayName: Sendable, Hashable {
        /// The word for `true`.
        public let trueName: LocalizedStringResource
        /// The word for `false`.
        public let falseName: LocalizedStringResource

        /// Names the two values.
        public init(true trueName: LocalizedStringResource, false falseName: LocalizedStringResource) {
            self.trueName = trueName
            self.falseName = falseName
        }
    }
}

/// What Siri says when asking for a value, as App Intents' `IntentDialog` (accepted; Glance never prompts).
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The full text.
    public let full: LocalizedStringResource

    /// Creates a dialog from its text.
    public init(_ full: LocalizedStringResource) {
        self.full = full
    }

    /// Creates a dialog with full, supporting and spoken texts (only the full text is kept).
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource? = nil, systemImageName: String? = nil) {
        self.full = full
    }

    /// Creates a dialog from a literal.
    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(value))
    }

    /// Creates a dialog from an interpolated literal.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}

/// How a parameter connects to the output of a previous Shortcuts action, as App Intents'
/// `InputConnectionBehavior` (accepted; Glance has no Shortcuts).
public struct InputConnectionBehavior: Sendable, Hashable {
    private let name: String
    /// The system decides.
    public static let `default` = InputConnectionBehavior(name: "default")
    /// Never connect to a previous action's output.
    public static let never = InputConnectionBehavior(name: "never")
    /// Connect to a previous action's output when there is one.
    public static let connectToPreviousIntentResult = InputConnectionBehavior(name: "connectToPreviousIntentResult")
}

/// Supplies the values a parameter may choose from, as App Intents' `DynamicOptionsProvider`.
///
/// Glance takes parameter values from the face file, where `glance` lists the options in its
/// error messages; `results()` is not called otherwise.
public protocol DynamicOptionsProvider: Sendable {
    /// The option type.
    associatedtype Option
    /// Creates the provider.
    init()
    /// The options.
    func results() async throws -> [Option]
}

/// How many values an array parameter holds, overall or per widget family, as App Intents'
/// `IntentCollectionSize` (accepted; the face file gives as many values as it lists).
public struct IntentCollectionSize: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByDictionaryLiteral {
    /// The size for every family, if one was given.
    public let size: Int?
    /// The size per family, if given per family.
    public let sizes: [WidgetFamily: Int]

    /// One size for every family.
    public init(integerLiteral size: Int) {
        self.size = size
        self.sizes = [:]
    }

    /// A size per widget family.
    public init(dictionaryLiteral elements: (WidgetFamily, Int)...) {
        self.size = nil
        self.sizes = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }
}
