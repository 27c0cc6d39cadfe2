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
    ///   - configuration: The configuration intent (`--parameter`); nil uses the widget's default.
    /// - Throws: `PreviewError` naming the widget and what went wrong.
    public static func render(_ widget: WidgetDescriptor, family: WidgetFamily, size: Size? = nil,
                              luminanceReduced: Bool = false, entry: Entry = .snapshot, date: Date? = nil,
                              time: any HostClock, timeout: Duration = .seconds(5), antialiased: Bool = false,
                              locale: Locale? = nil, timeZone: TimeZone? = nil, assets: any AssetCatalog = EmptyAssetCatalog(),
                              defaults: any KeyValueStore = EmptyKeyValueStore(), warnings: WarningSink = .ignore,
                              configuration: (any WidgetConfigurationIntent)? = nil) async throws(PreviewError) -> Bitmap {
        guard let engine = widget.timeline else { throw .notATimelineWidget(kind: widget.kind) }
        guard widget.supportedFamilies.contains(family) else {
            throw .unsupportedFamily(kind: widget.kind, family: family, supported: widget.supportedFamilies)
        }
        let size = size ?? family.defaultSlotSize
        let context = TimelineProviderContext(family: family, displaySize: size, isPreview: entry == .snapshot)
        let shown: AnyEntry
        var moment = date
        var reasons: RedactionReasons = []
        switch entry {
        case .placeholder:
            shown = engine.placeholder(context)
            reasons.insert(.placeholder)
        case .snapshot:
            shown = try await answer(engine.snapshot(context, configuration), kind: widget.kind, time: time, timeout: timeout)
        case .timeline(let index):
            let timeline = try await answer(engine.timeline(context, configuration), kind: widget.kind, time: time, timeout: timeout)
            guard index < timeline.entries.count else {
                throw .entryOutOfRange(kind: widget.kind, index: index, count: timeline.entries.count)
            }
            shown = timeline.entries[index]
            moment = moment ?? shown.date
        }
        var environment = EnvironmentValues(widgetFamily: family, assets: assets, defaults: defaults, warnings: warnings,
                                            luminanceReduced: luminanceReduced, locale: locale, timeZone: timeZone)
        environment.redactionReasons = reasons
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
    /// A preview's widget stands for no widget (`EmptyWidgetConfiguration`).
    case noWidget(type: String)
    /// A live activity preview's widget is not the `ActivityConfiguration` of its attributes.
    case notAnActivity(kind: String, attributes: String)
    /// A preview's timeline holds an entry of another type than the widget's provider.
    case wrongEntryType(kind: String, index: Int, expected: String, got: String)

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
        case .noWidget(let type):
            "\(type) stands for no widget (its configuration is empty)"
        case .notAnActivity(let kind, let attributes):
            "widget “\(kind)” is not the ActivityConfiguration of \(attributes), so it cannot preview its content states"
        case .wrongEntryType(let kind, let index, let expected, let got):
            "widget “\(kind)”: timeline entry \(index) is a \(got), but the widget draws \(expected) entries"
        }
    }
}
