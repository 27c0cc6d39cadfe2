// tasks.json: the list the tasks widget shows and its intents change.
import Glance

/// A short to-do list, as `tasks.json` in the app group holds it (schema in `Examples/README.md`).
///
/// ```json
/// {
///   "title": "Today",
///   "tasks": [
///     { "title": "Water the plants", "done": true },
///     { "title": "Reply to Sam", "done": false }
///   ]
/// }
/// ```
public struct TaskList: Codable, Sendable, Hashable {
    /// One thing to do.
    public struct Item: Codable, Sendable, Hashable {
        /// What to do, e.g. "Water the plants".
        public var title: String
        /// Whether it is done.
        public var done: Bool

        /// Creates a task.
        public init(title: String, done: Bool = false) {
            self.title = title
            self.done = done
        }
    }

    /// The list's name, e.g. "Today".
    public var title: String
    /// The tasks, in the order they are done.
    public var tasks: [Item]

    /// The file's name in the app group.
    public static let fileName = "tasks.json"

    /// Creates a list.
    public init(title: String, tasks: [Item]) {
        self.title = title
        self.tasks = tasks
    }

    /// The first task not done, if any.
    public var nextOpen: Item? { tasks.first { !$0.done } }
    /// How many tasks are done.
    public var doneCount: Int { tasks.filter(\.done).count }
    /// True when every task is done (or there are none).
    public var isComplete: Bool { nextOpen == nil }

    /// The list with its first open task marked done; unchanged when all are done.
    public func completingNext() -> TaskList {
        var list = self
        if let index = list.tasks.firstIndex(where: { !$0.done }) { list.tasks[index].done = true }
        return list
    }

    /// The list with every task open again.
    public func reopened() -> TaskList {
        TaskList(title: title, tasks: tasks.map { Item(title: $0.title, done: false) })
    }

    /// What the widget starts with when there is no tasks.json.
    public static let sample = TaskList(title: "Today", tasks: [
        Item(title: "Water the plants", done: true),
        Item(title: "Reply to Sam"),
        Item(title: "Book the dentist"),
        Item(title: "Take out recycling"),
        Item(title: "Stretch for 5 min"),
    ])
}

/// Reads and writes `tasks.json` in an app group: what the provider and the intents share.
///
/// Writes go through `AppGroup.write(_:to:)`, so they are atomic. A file that exists but is
/// not a task list is never overwritten: it may be the user's, half-edited.
public struct TaskStore: Sendable {
    /// The container tasks.json lives in.
    public var group: AppGroup

    /// A store in `group` (the demo uses the "glance" group).
    public init(group: AppGroup = .named("glance")) {
        self.group = group
    }

    /// The list, writing the sample first when there is no file.
    /// - Throws: `AppGroupError.unreadable` when the file is not a task list,
    ///   `.unwritable` when the sample cannot be written.
    public func load() throws -> TaskList {
        do {
            return try group.read(TaskList.self, from: TaskList.fileName)
        } catch AppGroupError.missing {
            try group.write(TaskList.sample, to: TaskList.fileName)
            return TaskList.sample
        }
    }

    /// Marks the first open task done and saves the list.
    /// - Returns: The saved list.
    /// - Throws: As `load()`, and `AppGroupError.unwritable`.
    @discardableResult
    public func completeNext() throws -> TaskList {
        let list = try load().completingNext()
        try group.write(list, to: TaskList.fileName)
        return list
    }

    /// Opens every task again and saves the list.
    /// - Returns: The saved list.
    /// - Throws: As `load()`, and `AppGroupError.unwritable`.
    @discardableResult
    public func reopenAll() throws -> TaskList {
        let list = try load().reopened()
        try group.write(list, to: TaskList.fileName)
        return list
    }
}
