import Foundation

/// Renders one entry of one widget without a face, for `glance preview` and golden tests.
public enum WidgetPreview {
    /// Which entry to draw.
    public enum Entry: Sendable, Hashable, CustomStringConvertible {
        /// `placeholder(in:)`, drawn redacted.
        case placeholder
        /// `getSnapshot` / `snapshot(for:in:)` with `context.isPreview == true`.
        case snapshot
        /// The entry at this index (0 is the first) of the timeline, sorted by date.
        case timeline(Int)

        /// Reads "placeholder", "snapshot" or an index.
        public init?(_ text: String) {
            switch text {
            case "placeholder": self = .placeholder
            case "snapshot": self = .snapshot
            default:
                guard let index = Int(text), index >= 0 else { return nil }
                self = .timeline(index)
            }
        }

        /// "placeholder", "snapshot" or the index.
        public var description: String {
            switch self {
            case .placeholder: "placeholder"
            case .snapshot: "snapshot"
            case .timeline(let index): "\(index)"
            }
        }
    }

    /// The slot size a family gets when none is given: 128×64 rectangular, 64×64 circular and
    /// corner, 128×16 inline (the slots of a 128×64 panel's faces).
    public static func defaultSize(for family: WidgetFamily) -> Size {
        switch family {
        case .accessoryRectangular: Size(width: 128, height: 64)
        case .accessoryCircular, .accessoryCorner: Size(width: 64, height: 64)
        case .accessoryInline: Size(width: 128, height: 16)
        case .systemSmall: Size(width: 64, height: 64)
        case .systemMedium: Size(width: 128, height: 64)
        case .systemLarge: Size(width: 128, height: 128)
        case .systemExtraLarge: Size(width: 256, height: 128)
        }
    }

    /// Draws `entry` of `widget` in `family` at `size`.
    /// - Parameters:
    ///   - date: The moment drawn; nil draws a timeline entry at its own date and the others at `time.now`.
    ///   - time: The clock for the provider timeout and the default date.
    ///   - timeout: How long the provider may take.
    ///   - locale: The locale text is shown in; nil keeps the default.
    ///   - timeZone: The time zone dates are shown in; nil keeps the default.
    ///   - assets: Named colors and images (`Color("Name")`, `Image("Name")`).
    ///   - defaults: What `@AppStorage` reads.
    ///   - warnings: Where a missing asset or symbol is reported.
    /// - Throws: `PreviewError` naming the widget and what went wrong.
    public static func render(_ widget: WidgetDescriptor, family: WidgetFamily, size: Size? = nil,
                              luminanceReduced: Bool = false, entry: Entry = .snapshot, date: Date? = nil,
                              time: any HostClock, timeout: Duration = .seconds(5), antialiased: Bool = false,
                              locale: Locale? = nil, timeZone: TimeZone? = nil, assets: any AssetCatalog = EmptyAssetCatalog(),
                              defaults: any KeyValueStore = EmptyKeyValueStore(), warnings: WarningSink = .ignore) async throws(PreviewError) -> Bitmap {
        guard let engine = widget.timeline else { throw .notATimelineWidget(kind: widget.kind) }
        guard widget.supportedFamilies.contains(family) else {
            throw .unsupportedFamily(kind: widget.kind, family: family, supported: widget.supportedFamilies)
        }
        let size = size ?? defaultSize(for: family)
        let context = TimelineProviderContext(family: family, displaySize: size, isPreview: entry == .snapshot)
        let shown: AnyEntry
        var moment = date
        var reasons: RedactionReasons = []
        switch entry {
        case .placeholder:
            shown = engine.placeholder(context)
            reasons.insert(.placeholder)
        case .snapshot:
            shown = try await answer(engine.snapshot(context, nil), kind: widget.kind, time: time, timeout: timeout)
        case .timeline(let index):
            let timeline = try await answer(engine.timeline(context, nil), kind: widget.kind, time: time, timeout: timeout)
            guard index < timeline.entries.count else {
                throw .entryOutOfRange(kind: widget.kind, index: index, count: timeline.entries.count)
            }
            shown = timeline.entries[index]
            moment = moment ?? shown.date
        }
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        environment.assetCatalog = assets
        environment.keyValueStore = defaults
        environment.warningSink = warnings
        environment.isLuminanceReduced = luminanceReduced
        environment.redactionReasons = reasons
        environment.showsWidgetContainerBackground = !family.rawValue.hasPrefix("accessory")
        if let locale { environment.locale = locale }
        if let timeZone {
            environment.timeZone = timeZone
            environment.calendar.timeZone = timeZone
        }
        return ViewRenderer.render(engine.content(shown), size: size, environment: environment, at: moment ?? time.now,
                                   antialiased: antialiased).bitmap
    }

    /// Calls a provider and waits for its answer, at most `timeout`.
    static func answer<Value: Sendable>(_ call: ProviderCall<Value>, kind: String, time: any HostClock,
                                        timeout: Duration) async throws(PreviewError) -> Value {
        let outcome = Locked<CheckedContinuation<Result<Value, PreviewError>, Never>?>(nil)
        @Sendable func finish(_ result: Result<Value, PreviewError>) {
            outcome.withLock { continuation in
                continuation?.resume(returning: result)
                continuation = nil
            }
        }
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, PreviewError>, Never>) in
            outcome.withLock { $0 = continuation }
            timer = Task {
                do {
                    try await time.sleep(for: timeout)
                    finish(.failure(.timedOut(kind: kind, seconds: Int(timeout.seconds))))
                } catch {
                    // Cancelled because the provider answered.
                }
            }
            switch call {
            case .completion(let invoke):
                invoke { finish(.success($0)) }
            case .async(let body):
                work = Task {
                    do {
                        finish(.success(try await body()))
                    } catch {
                        finish(.failure(.providerFailed(kind: kind, reason: String(describing: error))))
                    }
                }
            }
        }
        timer?.cancel()
        work?.cancel()
        return try result.get()
    }
}

/// Why a preview could not be drawn.
public enum PreviewError: Error, Equatable, CustomStringConvertible {
    /// The widget does not support the family.
    case unsupportedFamily(kind: String, family: WidgetFamily, supported: [WidgetFamily])
    /// The provider did not answer in time.
    case timedOut(kind: String, seconds: Int)
    /// The provider threw.
    case providerFailed(kind: String, reason: String)
    /// The timeline has fewer entries than the index asked for.
    case entryOutOfRange(kind: String, index: Int, count: Int)
    /// The kind names a live activity's configuration, which has no timeline.
    case notATimelineWidget(kind: String)

    /// A message naming the widget and the way out.
    public var description: String {
        switch self {
        case .unsupportedFamily(let kind, let family, let supported):
            "widget “\(kind)” does not support \(family); it supports: \(supported.map(\.rawValue).joined(separator: ", "))"
        case .timedOut(let kind, let seconds):
            "widget “\(kind)”: the provider did not answer within \(seconds) s"
        case .providerFailed(let kind, let reason):
            "widget “\(kind)”: the provider failed: \(reason)"
        case .entryOutOfRange(let kind, let index, let count):
            "widget “\(kind)”: the timeline has \(count) entr\(count == 1 ? "y" : "ies"); --entry \(index) is out of range (use 0…\(max(0, count - 1)))"
        case .notATimelineWidget(let kind):
            "“\(kind)” is a live activity's configuration, not a timeline widget"
        }
    }
}
