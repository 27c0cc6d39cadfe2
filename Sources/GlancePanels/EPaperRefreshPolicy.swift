/// Decides how an e-paper panel's glass follows the pictures it is given: a partial refresh, a
/// full one, the same later, or nothing at all. One value, no I/O and no clock of its own: the
/// `PanelDisplay` that owns the glass asks it with the time and the refresh history, and does
/// what it answers.
///
/// The rules, in the order they are applied:
/// 1. A picture identical to the glass needs nothing — no byte on the bus — unless a full
///    refresh is due (rules 4 and 5).
/// 2. No refresh starts sooner than `minimumInterval` after the previous one ended; a change
///    that arrives sooner is held (the display keeps only the latest picture) and drawn when the
///    interval ends, which `deadline` names.
/// 3. When nothing is known of what the glass shows (the first refresh without a saved state,
///    after a fault), the refresh is full.
/// 4. A full refresh at least every `fullRefreshInterval`, even with no change.
/// 5. A full refresh at the quiet time of day (`quietTime` in `timeZone`), at most once a day,
///    even with no change: it clears the ghosting while nobody looks.
/// 6. A full refresh after `partialRefreshesBeforeFull` partial ones.
/// 7. A full refresh when the change is large: at least `largeChange` of the panel's pixels.
/// 8. Otherwise a partial refresh.
///
/// Defaults follow the panel makers' guidance and Docs/Contract.md, "E-paper panels". Good Display ("E-paper
/// display's different update mode", https://www.good-display.com/news/134.html) recommends one
/// full update after five or six partial ones for the cleanest picture; the contract's default
/// is 20 (a board sets `full-refresh-every: 5` for Good Display's figure). Waveshare's e-Paper precautions (the "Precautions" section of each
/// e-Paper manual on waveshare.com/wiki, e.g. 2.9inch_e-Paper_Module_Manual) say partial
/// refreshes must be followed by a full one after several, that a panel should be refreshed at
/// least once every 24 hours, and recommend at least 180 s between refreshes. The SSD1680
/// 2.13" V4 refreshes partially in about 0.3 s (Waveshare's specification) and a minute clock
/// needs more often, so the minimum interval is off by default and a board sets it
/// (`min-refresh-interval: 180s`) when its panel needs one. The large-change threshold is
/// Glance's choice, measured on the demo face (Docs/Panels.md).
public struct EPaperRefreshPolicy: Hashable, Sendable {
    /// The policy's knobs.
    public struct Settings: Hashable, Sendable {
        /// Partial refreshes allowed between two full ones (0: every refresh is full). Default 20
        /// (Docs/Contract.md, "E-paper panels"; Good Display recommends five or six for the cleanest picture).
        public var partialRefreshesBeforeFull: Int
        /// The shortest time from the end of one refresh to the next; zero allows back-to-back
        /// refreshes. Default zero: Waveshare's recommended 180 s is for boards whose panel needs it.
        public var minimumInterval: Duration
        /// The longest time between full refreshes, even when nothing changes. Default 24 h
        /// (Waveshare: refresh at least once every 24 hours).
        public var fullRefreshInterval: Duration
        /// The fraction of the panel's pixels (0 < f ≤ 1) whose change gets a full refresh; nil
        /// never. Default 0.6, a new picture rather than an update (on the demo face a clock
        /// tick changes 0.1–2 % of the pixels, a page turn 4.5–9 %, an inverted screen 100 %).
        public var largeChange: Double?
        /// The quiet time of day for the daily ghost-clearing full refresh, in minutes after
        /// local midnight (0..<1440); nil for none. Default 03:00.
        public var quietTime: Int?
        /// The time zone `quietTime` is read in: the host's local zone.
        public var timeZone: TimeZone

        /// Creates settings; out-of-range values are clamped (negative counts and intervals to
        /// zero, a full-refresh interval to at least a second, `largeChange` to 0.01…1,
        /// `quietTime` into one day).
        public init(partialRefreshesBeforeFull: Int = 20, minimumInterval: Duration = .zero, fullRefreshInterval: Duration = .seconds(24 * 3600),
                    largeChange: Double? = 0.6, quietTime: Int? = 3 * 60, timeZone: TimeZone = .current) {
            self.partialRefreshesBeforeFull = max(0, partialRefreshesBeforeFull)
            self.minimumInterval = max(.zero, minimumInterval)
            self.fullRefreshInterval = max(.seconds(1), fullRefreshInterval)
            self.largeChange = largeChange.map { min(1, max(0.01, $0)) }
            self.quietTime = quietTime.map { (($0 % 1440) + 1440) % 1440 }
            self.timeZone = timeZone
        }
    }

    /// What the glass has been through, as far as the policy needs it (the display keeps it,
    /// and the partial count and last full refresh survive restarts in its state file).
    public struct History: Hashable, Sendable {
        /// Partial refreshes since the last full one.
        public var partialRefreshesSinceFull: Int
        /// When the last full refresh ended; nil before the first one.
        public var lastFullRefresh: Date?
        /// When the last refresh of either kind ended; nil before the first one of this run.
        public var lastRefresh: Date?

        /// Creates a history.
        public init(partialRefreshesSinceFull: Int = 0, lastFullRefresh: Date? = nil, lastRefresh: Date? = nil) {
            self.partialRefreshesSinceFull = partialRefreshesSinceFull
            self.lastFullRefresh = lastFullRefresh
            self.lastRefresh = lastRefresh
        }

        /// Notes a refresh of `kind` done at `date`.
        public mutating func record(_ kind: RefreshKind, at date: Date) {
            lastRefresh = date
            if kind == .full {
                partialRefreshesSinceFull = 0
                lastFullRefresh = date
            } else {
                partialRefreshesSinceFull += 1
            }
        }
    }

    /// Why a refresh is done.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// Full: nothing is known of what the glass shows.
        case unknownGlass
        /// Full: `fullRefreshInterval` passed since the last full refresh.
        case interval
        /// Full: the quiet time of day.
        case quietHour
        /// Full: `partialRefreshesBeforeFull` partial refreshes were done since the last full one.
        case budget
        /// Full: at least `largeChange` of the pixels change.
        case largeChange
        /// Partial: the picture changed.
        case change
    }

    /// What to do with the glass now.
    public enum Decision: Hashable, Sendable {
        /// Nothing: the glass shows the picture and no full refresh is due.
        case nothing
        /// Nothing yet: the minimum interval ends at this moment; update then.
        case hold(until: Date)
        /// A refresh of this kind, for this reason.
        case refresh(RefreshKind, Reason)
    }

    /// How long after the quiet time its full refresh may still happen (a wait that ends late,
    /// a held change); missed by more (a machine asleep then), it waits for the next day and
    /// the `fullRefreshInterval` rule still holds.
    public static let quietWindow: Duration = .seconds(3600)

    /// The settings.
    public let settings: Settings
    private let calendar: Calendar

    /// Creates a policy.
    public init(settings: Settings = Settings()) {
        self.settings = settings
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = settings.timeZone
        self.calendar = calendar
    }

    // MARK: - Deciding

    /// What to do at `now` for a picture that differs from the glass in `change` of the
    /// panel's pixels (0 … 1; nil when what the glass shows is unknown).
    public func decide(change: Double?, history: History, at now: Date) -> Decision {
        let forced = dueFull(history: history, at: now).flatMap { $0.date <= now ? $0.reason : nil }
        if let change, change <= 0, forced == nil { return .nothing }
        if let earliest = earliestRefresh(history), now < earliest { return .hold(until: earliest) }
        guard let change, history.lastFullRefresh != nil else { return .refresh(.full, .unknownGlass) }
        if let forced { return .refresh(.full, forced) }
        if history.partialRefreshesSinceFull >= settings.partialRefreshesBeforeFull { return .refresh(.full, .budget) }
        if let threshold = settings.largeChange, change >= threshold { return .refresh(.full, .largeChange) }
        return .refresh(.partial, .change)
    }

    /// The moment the display must be updated without a new picture: the end of the minimum
    /// interval while a change is held (`holding`), or a due full refresh, never before the
    /// minimum interval ends. It lies at or before `now` when that is due already; nil when
    /// nothing is scheduled.
    public func deadline(history: History, holding: Bool, at now: Date) -> Date? {
        let earliest = earliestRefresh(history)
        var candidates = [Date]()
        if holding { candidates.append(earliest ?? now) }
        if let due = dueFull(history: history, at: now) { candidates.append(due.date) }
        guard let first = candidates.min() else { return nil }
        return max(first, earliest ?? first)
    }

    /// The next full refresh due without a change, with its reason: the end of
    /// `fullRefreshInterval`, or the quiet time when that comes first; at or before `now` when
    /// it is due. Nil before the first full refresh (the first refresh is full anyway).
    public func dueFull(history: History, at now: Date) -> (date: Date, reason: Reason)? {
        guard let lastFull = history.lastFullRefresh else { return nil }
        let interval = lastFull.addingTimeInterval(settings.fullRefreshInterval.timeInterval)
        if let quiet = quietFull(after: lastFull, at: now), quiet <= interval { return (quiet, .quietHour) }
        return (interval, .interval)
    }

    /// The fraction of pixels that differ between two images packed as `EInkState.image`
    /// (rows of whole bytes, unused bits zero) of `pixelCount` pixels; 1 when the sizes differ.
    public static func changedFraction(from old: [UInt8], to new: [UInt8], pixelCount: Int) -> Double {
        guard old.count == new.count, pixelCount > 0 else { return 1 }
        var changed = 0
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                for index in old.indices { changed += (old[index] ^ new[index]).nonzeroBitCount }
            }
        }
        return min(1, Double(changed) / Double(pixelCount))
    }

    // MARK: - Time

    /// When the next refresh may start.
    private func earliestRefresh(_ history: History) -> Date? {
        guard settings.minimumInterval > .zero, let last = history.lastRefresh else { return nil }
        return last.addingTimeInterval(settings.minimumInterval.timeInterval)
    }

    /// The quiet-time full refresh: today's quiet time while it is due (no full refresh since,
    /// within the window), else the next quiet time after `now`.
    private func quietFull(after lastFull: Date, at now: Date) -> Date? {
        guard settings.quietTime != nil, var latest = quietMoment(onDayOf: now, adding: 0) else { return nil }
        if latest > now, let before = quietMoment(onDayOf: now, adding: -1) { latest = before }
        // The window stretches by the minimum interval, so a held quiet refresh is not lost.
        let window = (Self.quietWindow + settings.minimumInterval).timeInterval
        if latest <= now, lastFull < latest, now < latest.addingTimeInterval(window) { return latest }
        var day = 0
        while let next = quietMoment(onDayOf: now, adding: day) {
            if next > now { return next }
            day += 1
            if day > 2 { break }
        }
        return nil
    }

    /// The quiet time on the local day of `date` moved by `days` (a time that a daylight-saving
    /// change skips becomes the next one that exists).
    private func quietMoment(onDayOf date: Date, adding days: Int) -> Date? {
        guard let minutes = settings.quietTime,
              let day = calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: date)) else { return nil }
        return calendar.date(bySettingHour: minutes / 60, minute: minutes % 60, second: 0, of: day)
    }
}
