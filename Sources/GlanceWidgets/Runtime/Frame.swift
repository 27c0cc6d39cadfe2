import Foundation

/// What the runtime hands the panel: a picture and the display state it is shown in,
/// emitted only when either changed. How they become bus bytes is the panel's business.
public struct Frame: Sendable {
    /// The moment the frame was made.
    public let date: Date
    /// The whole face in 8-bit gray, lit = foreground.
    public let bitmap: Bitmap
    /// The always-on state the face is in.
    public let state: DisplayState

    /// Creates a frame.
    public init(date: Date, bitmap: Bitmap, state: DisplayState) {
        self.date = date
        self.bitmap = bitmap
        self.state = state
    }
}

/// A line the runtime logs: what happened, to which widget kind, how serious.
public struct RuntimeLogRecord: Sendable, CustomStringConvertible {
    /// How serious the record is.
    public enum Level: String, Sendable, Hashable {
        /// Something worth knowing (a deferral, a state change).
        case info
        /// Something probably wrong in a widget (two widgetURLs, a late answer).
        case warning
        /// Something failed (a provider, an intent, a binding).
        case error
    }

    /// How serious it is.
    public let level: Level
    /// The widget kind concerned, if any.
    public let kind: String?
    /// What happened.
    public let message: String

    /// "error: widget “weather”: …".
    public var description: String {
        "\(level.rawValue): " + text
    }

    /// The record without its level, for a logger that writes the level itself:
    /// "widget “weather”: …".
    public var text: String {
        (kind.map { "widget “\($0)”: " } ?? "") + message
    }
}

/// Counters of what the runtime did, for tests, `glance ctl status` and benchmarks.
public struct RuntimeStatistics: Sendable, Hashable {
    /// Scheduled wake-ups processed (`wakeUp()` calls).
    public var wakeUps = 0
    /// Wake-ups that changed nothing (should stay zero: no polling).
    public var idleWakeUps = 0
    /// Frames emitted.
    public var frames = 0
    /// Frames whose pixels changed.
    public var framesWithPixelChanges = 0
    /// Timeline requests made to providers, by kind.
    public var providerCalls: [String: Int] = [:]
    /// `placeholder(in:)` calls, by kind.
    public var placeholderCalls: [String: Int] = [:]
    /// Reloads counted against budgets.
    public var budgetedReloads = 0
    /// Reloads caused by intents (free).
    public var intentReloads = 0
    /// Times a reload had to wait for the budget.
    public var deferredReloads = 0
    /// Provider calls that did not answer in time.
    public var timeouts = 0
    /// Provider calls that failed (threw or returned no entries).
    public var failures = 0
    /// Intents whose `perform()` finished (or threw).
    public var intentsPerformed = 0

    /// Total timeline requests over every kind.
    public var totalProviderCalls: Int { providerCalls.values.reduce(0, +) }
}
