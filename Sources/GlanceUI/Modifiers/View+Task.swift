import Foundation

extension View {
    /// Accepted, and never run: as on iOS, where a widget's views are drawn into a snapshot
    /// and never appear, a widget's `.task` does not start. Load data in the timeline provider.
    public func task(name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
                     _ action: sending @escaping @isolated(any) () async -> Void) -> some View {
        self
    }

    /// Accepted, and never run, whatever `id` is (see `task(name:priority:file:line:_:)`).
    public func task<T: Equatable>(id: T, name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID,
                                   line: Int = #line, _ action: sending @escaping @isolated(any) () async -> Void) -> some View {
        self
    }
}
