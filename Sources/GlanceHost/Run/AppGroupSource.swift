import Foundation
import GlanceLinux
import Logging

/// A file written in the app group's folder becomes an `.appGroupChanged` event (the run loop
/// reloads the widgets that read it). A folder that cannot be watched is logged; the face runs on.
actor AppGroupSource: InputSource {
    nonisolated let name = "app group"
    private let directory: URL
    private let logger: Logger
    private var watcher: DirectoryWatcher?

    init(directory: URL, logger: Logger) {
        self.directory = directory
        self.logger = logger
    }

    func connect(post: @escaping @Sendable (FaceHost.Event) -> Void) async throws {
        let path = directory.path, logger = self.logger
        let watcher: DirectoryWatcher
        do {
            watcher = try DirectoryWatcher(directory: path)
        } catch {
            logger.warning("not watching \(path) for changes: \(error)")
            return
        }
        self.watcher = watcher
        Task {
            do {
                for try await file in watcher.changes { post(.appGroupChanged(file)) }
            } catch {
                logger.warning("stopped watching \(path): \(error)")
            }
        }
    }

    func disconnect() async {
        await watcher?.stop()
        watcher = nil
    }
}
