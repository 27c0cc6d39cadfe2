// The tasks widget's intents: complete the next task, start the list over.
import Glance

/// Marks the first open task of tasks.json done.
///
/// The tasks widget's toggle runs it, and a face can bind a button to it by its type name.
/// The widget's timeline reloads once afterwards, so the next task moves up.
public struct CompleteNextTaskIntent: AppIntent {
    /// "Complete Next Task".
    public static let title: LocalizedStringResource = "Complete Next Task"
    /// What the intent does.
    public static var description: IntentDescription { "Marks the next open task in tasks.json done." }

    private let store: TaskStore

    /// Creates the intent for the "glance" app group.
    public init() {
        store = TaskStore()
    }

    /// Creates the intent for the tasks in `store` (for tests).
    public init(store: TaskStore) {
        self.store = store
    }

    /// Marks the next open task done; does nothing when every task is done.
    /// - Throws: `AppGroupError` when tasks.json cannot be read or written.
    public func perform() async throws -> some IntentResult {
        try store.completeNext()
        return .result()
    }
}

/// Opens every task of tasks.json again, for demos.
public struct ResetTasksIntent: AppIntent {
    /// "Reset Tasks".
    public static let title: LocalizedStringResource = "Reset Tasks"
    /// What the intent does.
    public static var description: IntentDescription { "Marks every task in tasks.json open again." }

    private let store: TaskStore

    /// Creates the intent for the "glance" app group.
    public init() {
        store = TaskStore()
    }

    /// Creates the intent for the tasks in `store` (for tests).
    public init(store: TaskStore) {
        self.store = store
    }

    /// Opens every task again.
    /// - Throws: `AppGroupError` when tasks.json cannot be read or written.
    public func perform() async throws -> some IntentResult {
        try store.reopenAll()
        return .result()
    }
}
