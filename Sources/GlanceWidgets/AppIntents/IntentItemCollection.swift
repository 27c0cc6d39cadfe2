import Foundation
import GlanceUI

/// One option a query offers for a parameter, as App Intents' `IntentItem`.
public struct IntentItem<Result> {
    /// The value chosen when this option is picked.
    public var value: Result
    /// The option's title, when it differs from the value's own.
    public var title: LocalizedStringResource?

    /// An option for `value`.
    public init(_ value: Result, title: LocalizedStringResource? = nil) {
        self.value = value
        self.title = title
    }
}

/// A titled group of options, as App Intents' `IntentItemSection`.
public struct IntentItemSection<Result> {
    /// The section's title.
    public var title: LocalizedStringResource?
    /// The options in the section.
    public var items: [IntentItem<Result>]

    /// A section of `items`.
    public init(_ title: LocalizedStringResource, items: [Result]) {
        self.init(title, items: items.map { IntentItem($0) })
    }

    /// A section of `items`.
    public init(_ title: LocalizedStringResource, items: [IntentItem<Result>]) {
        self.title = title
        self.items = items
    }

    /// An untitled section of `items`.
    public init(items: [IntentItem<Result>]) {
        self.title = nil
        self.items = items
    }
}

/// The options a query returns, optionally in sections, as App Intents'
/// `IntentItemCollection`. Glance has no option picker; `results` flattens the sections for
/// the configuration that resolves a parameter by its entity's identifier.
public struct IntentItemCollection<Result> {
    /// The prompt shown above the options.
    public var promptLabel: LocalizedStringResource?
    /// Whether the options are indexed alphabetically.
    public var usesIndexedCollation: Bool
    /// The sections, in order.
    public var sections: [IntentItemSection<Result>]

    /// A collection of `sections`.
    public init(promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false,
                sections: [IntentItemSection<Result>]) {
        self.promptLabel = promptLabel
        self.usesIndexedCollation = usesIndexedCollation
        self.sections = sections
    }

    /// A collection of `items` in one untitled section.
    public init(promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false, items: [Result]) {
        self.init(promptLabel: promptLabel, usesIndexedCollation: usesIndexedCollation,
                  sections: [IntentItemSection(items: items.map { IntentItem($0) })])
    }

    /// Every option's value, section after section.
    public var results: [Result] { sections.flatMap { $0.items.map(\.value) } }
}
