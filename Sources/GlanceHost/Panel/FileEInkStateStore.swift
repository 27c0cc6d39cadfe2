import Foundation
import GlanceLinux
import GlancePanels

/// E-ink refresh state kept in a file with atomic writes, so a restart neither ghosts nor
/// forgets when the last full refresh was (WIDGETKIT item 30). The panel's `PanelDisplay`
/// owns it: the one state file of the one refresh policy.
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

/// An OLED panel's wear map kept in a file with atomic writes (`<board>.wear` in the state
/// folder), so the map spans restarts and survives running other boards in between.
struct FileWearStore: WearStore {
    let url: URL

    /// The file of `board`'s map in `stateDirectory`.
    static func url(board: String, in stateDirectory: URL) -> URL {
        stateDirectory.appendingPathComponent("\(board).wear")
    }

    func load() throws -> WearMap? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try WearMap(serialized: Array(data))
    }

    func save(_ map: WearMap) throws {
        try AtomicFile.write(Data(map.serialized()), to: url)
    }
}
