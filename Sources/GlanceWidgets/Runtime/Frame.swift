import Foundation

/// What the panel should show now: emitted by the runtime only when something visible changed.
public struct Frame: Sendable {
    /// The moment the frame was made.
    public let date: Date
    /// The whole face in 8-bit gray.
    public let bitmap: Bitmap
    /// The smallest rectangle holding every pixel that differs from the previous frame;
    /// nil when no pixel changed (only brightness, shift or a forced refresh did).
    public let dirty: Rect?
    /// The brightness the always-on state asks for.
    public let brightness: PanelBrightness
    /// How far to shift the image against burn-in (each coordinate in -1…1, OLED only).
    public let pixelShift: Point
    /// True when an e-ink panel must do a full refresh for this frame.
    public let fullRefresh: Bool

    /// Whether any pixel changed.
    public var pixelsChanged: Bool { dirty != nil }
}

/// The panel brightness for a display state.
public enum PanelBrightness: Sendable, Hashable {
    /// `active`: full contrast.
    case normal
    /// `alwaysOn`: reduced contrast and pre-charge.
    case dim
    /// `off`: display off, controller RAM kept current.
    case off
}

/// The state of the always-on machine (WIDGETKIT.md item 27).
public enum DisplayState: Sendable, Hashable {
    /// Someone pressed a button recently.
    case active
    /// Idle: luminance reduced, dimmed.
    case alwaysOn
    /// Night or a long idle: display off.
    case off
}

/// Full-refresh bookkeeping of an e-ink face, kept by the host across restarts.
public struct EInkRefreshState: Sendable, Hashable, Codable {
    /// Partial refreshes since the last full one.
    public var partialRefreshes: Int
    /// When the last full refresh happened; nil before the first.
    public var lastFullRefresh: Date?

    /// Creates the state.
    public init(partialRefreshes: Int = 0, lastFullRefresh: Date? = nil) {
        self.partialRefreshes = partialRefreshes
        self.lastFullRefresh = lastFullRefresh
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
        "\(level.rawValue): " + (kind.map { "widget “\($0)”: " } ?? "") + message
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
