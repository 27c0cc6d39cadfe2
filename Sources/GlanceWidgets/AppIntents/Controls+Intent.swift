import Foundation

extension Button {
    /// Creates a button that runs `intent` when activated, as SwiftUI's `Button(intent:label:)`.
    ///
    /// After `perform()`, the widget's timeline reloads once; `invalidatableContent()` views
    /// are dimmed until that reload has drawn.
    public init(intent: some AppIntent, @ViewBuilder label: () -> Label) {
        self.init(intentReference: IntentReference(intent), label: label)
    }
}

extension Button where Label == Text {
    /// Creates a button with a text title that runs `intent`, as SwiftUI's `Button(_:intent:)`.
    public init(_ titleKey: LocalizedStringKey, intent: some AppIntent) {
        self.init(intent: intent) { Text(titleKey) }
    }
}

extension Toggle {
    /// Creates a toggle showing `isOn` that runs `intent` when activated, as SwiftUI's
    /// `Toggle(isOn:intent:label:)`.
    ///
    /// The runtime shows the flipped state at once and keeps it until the reload after
    /// `perform()` has drawn; then the entry's value wins. A `SetValueIntent` whose value is
    /// a `Bool` gets the new state in `value` before `perform()`.
    public init(isOn: Bool, intent: some AppIntent, @ViewBuilder label: () -> Label) {
        self.init(isOn: isOn, intentReference: IntentReference(intent), label: label)
    }
}

extension Toggle where Label == Text {
    /// Creates a toggle with a text title that runs `intent`, as SwiftUI's `Toggle(_:isOn:intent:)`.
    public init(_ titleKey: LocalizedStringKey, isOn: Bool, intent: some AppIntent) {
        self.init(isOn: isOn, intent: intent) { Text(titleKey) }
    }
}
