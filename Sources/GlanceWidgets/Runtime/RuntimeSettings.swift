import Foundation

/// How the runtime schedules reloads, waits for providers and follows the always-on states.
public struct RuntimeSettings: Sendable {
    /// Counted reloads per widget instance per rolling 24 hours; nil for unlimited (development mode).
    public var reloadBudget: Int?
    /// How long a provider may take to answer before its previous content stays and a retry is planned.
    public var providerTimeout: Duration
    /// When failed reloads are retried.
    public var retry: RetryPolicy
    /// The always-on state machine's timings.
    public var alwaysOn: AlwaysOnSettings
    /// How colors become panel tones.
    public var renderingMode: WidgetRenderingMode
    /// The locale text is shown in; nil keeps the view environment's default.
    public var locale: Locale?
    /// The time zone dates are shown in; nil keeps the view environment's default.
    public var timeZone: TimeZone?
    /// The bundle's String Catalogs and strings files; nil keeps the view environment's default
    /// (`Localization.current`'s tables).
    public var stringTables: StringTables?
    /// Named colors and images for `Color("Name")` and `Image("Name")` (the host loads the bundle's `Assets` folder).
    public var assets: any AssetCatalog = EmptyAssetCatalog()
    /// What `@AppStorage` reads (the host loads the app group's `defaults.json`).
    public var defaults: any KeyValueStore = EmptyKeyValueStore()
    /// Where views report what a maker should fix (a missing asset or symbol), once each.
    public var warnings: WarningSink = .ignore
    /// Told whenever a widget's own code runs (the host's crash guard), so a crash is blamed on it.
    public var codeGuard: (any WidgetCodeGuard)?
    /// Widget kinds that crashed the face last time: none of their code runs — they are drawn
    /// as a placeholder with a warning mark — until `FaceRuntime.liftQuarantine(of:because:)`.
    public var quarantined: Set<String> = []
    /// How long the frame that dims an intent's `.invalidatableContent()` views waits for the
    /// reload's frame (the host gives the panel's frame time). A reload that draws within it
    /// sends only the final state, sooner; a slower one still shows the dimmed views after it.
    /// Zero draws the dimmed frame at once (the rule of Docs/Contract.md, "Invalidated content", without the hold).
    public var provisionalHold: Duration = .zero

    /// The board's name, which `WKInterfaceDevice.current().name` answers while a widget is drawn.
    public var deviceName: String = ""

    /// Creates settings; every default is the documented one (budget 70, timeout 5 s, idle 30 s).
    public init(reloadBudget: Int? = 70, providerTimeout: Duration = .seconds(5), retry: RetryPolicy = RetryPolicy(),
                alwaysOn: AlwaysOnSettings = AlwaysOnSettings(),
                renderingMode: WidgetRenderingMode = .vibrant, locale: Locale? = nil, timeZone: TimeZone? = nil) {
        self.reloadBudget = reloadBudget
        self.providerTimeout = providerTimeout
        self.retry = retry
        self.alwaysOn = alwaysOn
        self.renderingMode = renderingMode
        self.locale = locale
        self.timeZone = timeZone
    }
}

/// Backoff for failed reloads: `initial`, doubling per consecutive failure, at most `maximum`.
public struct RetryPolicy: Sendable, Hashable {
    /// The wait after the first failure.
    public var initial: Duration
    /// The longest wait.
    public var maximum: Duration

    /// Creates a policy (defaults: 30 s doubling up to 30 min).
    public init(initial: Duration = .seconds(30), maximum: Duration = .seconds(1800)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait after `failures` consecutive failures (1 or more), in seconds.
    public func delay(afterFailures failures: Int) -> TimeInterval {
        let doubled = initial.seconds * pow(2, Double(max(0, min(failures - 1, 30))))
        return min(doubled, maximum.seconds)
    }
}

/// Timings of the always-on state machine (Docs/Contract.md, "States").
public struct AlwaysOnSettings: Sendable {
    /// Time without a button event before `active` becomes `alwaysOn`; nil never dims (a
    /// face without buttons, which nothing could wake). The night still switches it off.
    public var idleTimeout: Duration?
    /// Time in `alwaysOn` before the panel goes `off`; nil never turns it off by time.
    public var offTimeout: Duration?
    /// Hours during which the panel is `off` once it is not `active`.
    public var night: NightSchedule?
    /// Whether `privacySensitive()` content is redacted in `alwaysOn`.
    public var hidesSensitiveContent: Bool

    /// Creates always-on settings (defaults: 30 s idle, no off timeout, no night).
    public init(idleTimeout: Duration? = .seconds(30), offTimeout: Duration? = nil, night: NightSchedule? = nil,
                hidesSensitiveContent: Bool = false) {
        self.idleTimeout = idleTimeout
        self.offTimeout = offTimeout
        self.night = night
        self.hidesSensitiveContent = hidesSensitiveContent
    }
}

/// Night hours in a time zone, e.g. 23:00 to 07:00; the end may be before the start (overnight).
public struct NightSchedule: Sendable, Hashable {
    /// Minutes after midnight the night starts.
    public var startMinute: Int
    /// Minutes after midnight the night ends.
    public var endMinute: Int
    /// The time zone the hours are in.
    public var timeZone: TimeZone

    /// Creates a schedule from `start` to `end` given as (hour, minute) in `timeZone`.
    public init(start: (hour: Int, minute: Int), end: (hour: Int, minute: Int), timeZone: TimeZone) {
        startMinute = start.hour * 60 + start.minute
        endMinute = end.hour * 60 + end.minute
        self.timeZone = timeZone
    }

    /// Minutes after local midnight at `date`, with the fraction of the current minute.
    private func minuteOfDay(_ date: Date) -> Double {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let day = local.truncatingRemainder(dividingBy: 86_400)
        return (day < 0 ? day + 86_400 : day) / 60
    }

    /// Whether `date` falls in the night.
    public func contains(_ date: Date) -> Bool {
        let minute = minuteOfDay(date)
        let start = Double(startMinute), end = Double(endMinute)
        if start == end { return false }
        return start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
    }

    /// The next moment after `date` at which the night starts or ends.
    public func nextBoundary(after date: Date) -> Date {
        let minute = minuteOfDay(date)
        func wait(to boundary: Int) -> Double {
            var delta = Double(boundary) - minute
            if delta <= 0 { delta += 1440 }
            return delta * 60
        }
        return date.addingTimeInterval(min(wait(to: startMinute), wait(to: endMinute)))
    }
}

extension Duration {
    /// The duration in seconds as a floating-point number.
    var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
