// The demo bundle's tasks: the next open task of tasks.json, with a toggle that completes it.
import Glance

/// What the tasks widget shows at one moment.
public struct TasksEntry: TimelineEntry {
    /// The moment this entry is for.
    public let date: Date
    /// The list, or why there is none.
    public let list: Result<TaskList, AppGroupError>
}

/// Reads `tasks.json` (seeding the sample list when there is none) each time it is asked.
///
/// Tasks change through the widget's intents, which reload the timeline, or through other
/// programs writing the file, which the host notices; the hourly reload is a safety net.
struct TasksProvider: TimelineProvider {
    /// Where tasks.json lives.
    var store = TaskStore()
    /// The clock the provider reads; the widget uses the system clock, tests pass their own.
    var now: @Sendable () -> Date = { Date() }

    /// The reload interval.
    static let refresh: TimeInterval = 3600

    func placeholder(in context: Context) -> TasksEntry {
        TasksEntry(date: Date(timeIntervalSince1970: 1_795_257_720), list: .success(.sample))
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (TasksEntry) -> Void) {
        completion(timeline(at: now()).entries[0])
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<TasksEntry>) -> Void) {
        completion(timeline(at: now()))
    }

    /// One entry with the list as it is now.
    func timeline(at now: Date) -> Timeline<TasksEntry> {
        let list: Result<TaskList, AppGroupError>
        do {
            list = .success(try store.load())
        } catch let error as AppGroupError {
            list = .failure(error)
        } catch {
            list = .failure(.unreadable(TaskList.fileName, reason: String(describing: error)))
        }
        return Timeline(entries: [TasksEntry(date: now, list: list)], policy: .after(now.addingTimeInterval(Self.refresh)))
    }
}

/// The next task and the day's progress in every accessory family.
///
/// Task titles are `privacySensitive()`: a face that hides sensitive content while dimmed
/// shows bars instead. What an intent changes is `invalidatableContent()`, so it dims from
/// the button press until the reloaded list is drawn.
struct TasksView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let entry: TasksEntry
    let store: TaskStore

    var body: some View {
        switch entry.list {
        case .success(let list):
            switch family {
            case .accessoryCircular, .accessoryCorner:
                circular(list)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)  // the slot's circle, not the content's
            case .accessoryInline:
                inline(list)
            default:
                rectangular(list)
            }
        case .failure:
            unreadable
        }
    }

    // MARK: - Families

    private func rectangular(_ list: TaskList) -> some View {
        VStack(alignment: .leading, spacing: 3) {
            HStack(alignment: .firstTextBaseline, spacing: 4) {
                Text(list.title)
                    .font(.headline)
                    .lineLimit(1)
                    .widgetAccentable()
                    .layoutPriority(1)
                Spacer(minLength: 0)
                Text("\(list.doneCount) of \(list.tasks.count)")
                    .font(.caption)
                    .fixedSize()
                    .invalidatableContent()
            }
            if let next = list.nextOpen {
                if isLuminanceReduced {
                    Label(next.title, systemImage: "circle")
                        .font(.body)
                        .lineLimit(1)
                        .privacySensitive()
                } else {
                    Toggle(isOn: false, intent: CompleteNextTaskIntent(store: store)) {
                        Text(next.title)
                            .font(.body)
                            .lineLimit(1)
                            .privacySensitive()
                            .layoutPriority(1)
                    }
                    .invalidatableContent()
                }
            } else {
                allDone
            }
            if !isLuminanceReduced {
                Gauge(value: Double(list.doneCount), in: 0...Double(max(list.tasks.count, 1))) {
                    EmptyView()
                }
                .gaugeStyle(.accessoryLinearCapacity)
                .invalidatableContent()
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    /// Every task done: say so, and offer to start over (for demos).
    @ViewBuilder private var allDone: some View {
        if isLuminanceReduced {
            Label("All done", systemImage: "checkmark")
                .font(.body)
        } else {
            Button(intent: ResetTasksIntent(store: store)) {
                HStack(spacing: 4) {
                    Label("All done", systemImage: "checkmark")
                        .fixedSize()
                    Spacer(minLength: 0)
                    Image(systemName: "arrow.counterclockwise")
                }
                .font(.body)
            }
            .invalidatableContent()
        }
    }

    @ViewBuilder private func circular(_ list: TaskList) -> some View {
        let count = VStack(spacing: 0) {
            Image(systemName: "checkmark")
                .font(.caption)
            Text("\(list.doneCount)/\(list.tasks.count)")
                .font(.headline)
        }
        .invalidatableContent()
        if isLuminanceReduced {
            // Always-on: the count alone, no ring to keep lit.
            count
        } else {
            // A press on the circle completes the next task, as the toggle does.
            Button(intent: CompleteNextTaskIntent(store: store)) {
                Gauge(value: Double(list.doneCount), in: 0...Double(max(list.tasks.count, 1))) {
                    Image(systemName: "checkmark")
                } currentValueLabel: {
                    count
                }
                .gaugeStyle(.accessoryCircularCapacity)
                .invalidatableContent()
            }
        }
    }

    private func inline(_ list: TaskList) -> some View {
        Group {
            if let next = list.nextOpen {
                ViewThatFits {
                    Text("\(Image(systemName: "circle")) \(next.title) · \(list.doneCount)/\(list.tasks.count)")
                    Text("\(Image(systemName: "circle")) \(next.title)")
                }
                .privacySensitive()
            } else {
                Text("\(Image(systemName: "checkmark")) All \(list.tasks.count) done")
            }
        }
        .invalidatableContent()
    }

    @ViewBuilder private var unreadable: some View {
        switch family {
        case .accessoryCircular, .accessoryCorner:
            VStack(spacing: 2) {
                Image(systemName: "exclamationmark.triangle")
                    .font(.title3)
                Text("tasks.json")
                    .font(.caption2)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        case .accessoryInline:
            ViewThatFits {
                Text("\(Image(systemName: "exclamationmark.triangle")) Check tasks.json")
                Text("\(Image(systemName: "exclamationmark.triangle")) Tasks?")
            }
        default:
            VStack(alignment: .leading, spacing: 2) {
                Text("Tasks?")
                    .font(.headline)
                    .lineLimit(1)
                if !isLuminanceReduced {
                    Text("tasks.json is not a")
                        .font(.caption)
                    Text("task list: fix or delete it")
                        .font(.caption)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

/// The next open task with a toggle that completes it, and how many are done.
public struct TasksWidget: Widget {
    private let provider: TasksProvider

    /// Creates the widget for tasks.json in the "glance" app group.
    public init() {
        provider = TasksProvider()
    }

    /// Creates the widget for the tasks in `store` with the clock `now` (for tests).
    public init(store: TaskStore, now: @escaping @Sendable () -> Date) {
        provider = TasksProvider(store: store, now: now)
    }

    /// A static configuration of kind "tasks" in every accessory family.
    public var body: some WidgetConfiguration {
        let store = provider.store
        return StaticConfiguration(kind: "tasks", provider: provider) { entry in
            TasksView(entry: entry, store: store)
        }
        .configurationDisplayName("Tasks")
        .description("The next task of tasks.json, a toggle that completes it, and the day's progress.")
        .supportedFamilies([.accessoryRectangular, .accessoryCircular, .accessoryInline, .accessoryCorner])
    }
}
