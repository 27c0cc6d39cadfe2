import Foundation
import GlanceFace
import GlanceLinux
import Logging

/// A file written in the app group's folder becomes an `.appGroupChanged` event (the run loop
/// reloads the widgets that read it). The watch follows the folder when it is deleted and made
/// again (`DirectoryWatcher`) and moves to another folder when the face file, read again on
/// SIGHUP, names another app group. A folder that cannot be watched is logged; the face runs on.
actor AppGroupSource: InputSource {
    nonisolated let name = "app group"
    private var directory: URL
    private let moves: AsyncStream<URL>
    private let logger: Logger
    private var watcher: DirectoryWatcher?
    private var following: Task<Void, Never>?

    /// - Parameter moves: The group's folder each time it changes (`FaceHost.appGroupFolders()`).
    init(directory: URL, moves: AsyncStream<URL>, logger: Logger) {
        self.directory = directory
        self.moves = moves
        self.logger = logger
    }

    func connect(post: @escaping @Sendable (FaceHost.Event) -> Void) async throws {
        watch(post: post)
        let moves = self.moves
        following = Task {
            for await folder in moves { await self.move(to: folder, post: post) }
        }
    }

    func disconnect() async {
        following?.cancel()
        following = nil
        await watcher?.stop()
        watcher = nil
    }

    private func move(to folder: URL, post: @escaping @Sendable (FaceHost.Event) -> Void) async {
        guard folder != directory, !Task.isCancelled else { return }
        await watcher?.stop()
        watcher = nil
        directory = folder
        watch(post: post)
        guard watcher != nil else { return }
        logger.info("now watching \(folder.path) for app-group files (the face file names another app group)")
        // What the new group holds already is new to the face.
        for file in DirectoryWatcher.files(in: folder.path) { post(.appGroupChanged(file)) }
    }

    private func watch(post: @escaping @Sendable (FaceHost.Event) -> Void) {
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
}
