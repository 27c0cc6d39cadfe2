import Foundation

/// The entries a provider returns and when to ask it again, as WidgetKit's `Timeline`.
public struct Timeline<EntryType: TimelineEntry> {
    /// The entries, in any order; the runtime sorts them by date.
    public let entries: [EntryType]
    /// When the runtime asks the provider for a new timeline.
    public let policy: TimelineReloadPolicy

    /// Creates a timeline of `entries` reloaded according to `policy`.
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// When the runtime asks a provider for the next timeline, as WidgetKit's `TimelineReloadPolicy`.
///
/// Reloads happen at the moment the policy names (no earlier) when the widget's rolling
/// 24-hour budget allows, otherwise as soon as it allows.
public struct TimelineReloadPolicy: Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        case atEnd
        case after(Date)
        case never
    }

    let kind: Kind

    /// Reload once the last entry's date has come.
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    /// Reload only when `WidgetCenter` is asked to (or an intent ran).
    public static let never = TimelineReloadPolicy(kind: .never)

    /// Reload no earlier than `date`, even if entries remain after it.
    public static func after(_ date: Date) -> TimelineReloadPolicy {
        TimelineReloadPolicy(kind: .after(date))
    }

    /// ".atEnd", ".after(…)" or ".never".
    public var description: String {
        switch kind {
        case .atEnd: ".atEnd"
        case .after(let date): ".after(\(date))"
        case .never: ".never"
        }
    }
}

/// A timeline of `Sendable` entries is `Sendable` (entries need not be, as in WidgetKit).
extension Timeline: Sendable where EntryType: Sendable {}
