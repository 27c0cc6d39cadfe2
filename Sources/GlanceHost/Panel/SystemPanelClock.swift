import Foundation
import GlanceLinux
import GlancePanels

/// Real time for the panels: wall-clock `now()` (comparable across runs, for e-ink state)
/// and a monotonic `sleep`.
struct SystemPanelClock: PanelClock {
    func now() -> Duration {
        let interval = Date().timeIntervalSince1970
        return .nanoseconds(Int64(interval * 1_000_000_000))
    }

    func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// E-ink refresh state kept in a file with atomic writes, so a restart neither ghosts nor
/// forgets when the last full refresh was (WIDGETKIT item 30).
struct FileEInkStateStore: EInkStateStore {
    let url: URL

    func load() throws -> EInkState? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try EInkState(serialized: Array(data))
    }

    func save(_ state: EInkState) throws {
        try AtomicFile.write(Data(state.serialized()), to: url)
    }
}


