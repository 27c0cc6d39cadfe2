import Foundation
import GlanceGraphics
import GlanceLinux
import GlancePanels

/// E-ink refresh state kept in a file with atomic writes, so a restart neither ghosts nor
/// forgets when the last full refresh was (Docs/Contract.md, "E-paper panels"). The panel's `PanelDisplay`
/// owns it: the one state file of the one refresh policy.
///
/// The file is read only when its size is that of a state for the panel (`StateFile`); one
/// that is not is set aside as `NAME.bad` and the panel starts with a full refresh.
struct FileEInkStateStore: EInkStateStore {
    let url: URL
    /// The panel's size in either orientation; nil accepts a state of any panel a board may
    /// declare (up to 4096×4096).
    var panelSize: Size? = nil

    func load() throws -> EInkState? {
        let sizes = Self.sizes(panelSize)
        let what = panelSize.map { "the e-paper state of a \($0.width)×\($0.height) panel" } ?? "an e-paper state"
        let limit = sizes.map { Self.headerBytes + ($0.width + 7) / 8 * $0.height }.max() ?? 0
        return try StateFile.read(url, limit: limit, what: what) { bytes in
            let state = try EInkState(serialized: bytes)
            guard panelSize == nil || sizes.contains(Size(width: state.width, height: state.height)) else {
                throw EInkStateError(message: "it is a \(state.width)×\(state.height) state")
            }
            return state
        }
    }

    /// `EInkState.serialized()`'s header: `GLEI`, its version, width, height, the partial
    /// count and the time of the last full refresh (5 + 2 + 2 + 4 + 8 bytes).
    static let headerBytes = 21

    func save(_ state: EInkState) throws {
        try AtomicFile.write(Data(state.serialized()), to: url)
    }

    /// The sizes a state file of the panel may have: the panel's own in both orientations (the
    /// state is kept in the controller's), or, for no panel, the largest a board may declare.
    static func sizes(_ panel: Size?) -> [Size] {
        guard let panel else { return [Size(width: 4096, height: 4096)] }
        return [panel, Size(width: panel.height, height: panel.width)]
    }
}

/// An OLED panel's wear map kept in a file with atomic writes (`<board>.wear` in the state
/// folder), so the map spans restarts and survives running other boards in between.
///
/// The file is read only when its size is that of a map for the panel (`StateFile`); the
/// face's store sets one that is not aside as `NAME.bad` and starts a new map.
struct FileWearStore: WearStore {
    let url: URL
    /// The panel's size in either orientation; nil accepts a map of any panel a board may
    /// declare (up to 4096×4096, `glance wear` for a board by name).
    var panelSize: Size? = nil
    /// Whether a file that cannot be used is set aside (the face, which then starts a new map
    /// and saves it there) or left where it is with a `WearMapError` (`glance wear`, which reports).
    var setsAside = false

    /// The file of `board`'s map in `stateDirectory`.
    static func url(board: String, in stateDirectory: URL) -> URL {
        stateDirectory.appendingPathComponent("\(board).wear")
    }

    func load() throws -> WearMap? {
        let sizes = FileEInkStateStore.sizes(panelSize)
        let what = panelSize.map { "the wear map of a \($0.width)×\($0.height) panel" } ?? "a wear map"
        let limit = sizes.map { WearMap.headerBytes + 4 * $0.width * $0.height }.max() ?? 0
        guard setsAside else {
            let data: Data?
            do {
                data = try AtomicFile.readRegular(url, limit: limit)
            } catch let error as AtomicFileError {
                throw WearMapError(message: error.reason)
            }
            return try data.map { try WearMap(serialized: Array($0)) }
        }
        return try StateFile.read(url, limit: limit, what: what) { bytes in
            let map = try WearMap(serialized: bytes)
            // Any map fits within the largest a board may declare; a panel's is exact.
            guard panelSize == nil || sizes.contains(map.size) else { throw WearMapError(message: "it is a \(map.width)×\(map.height) map") }
            return map
        }
    }

    func save(_ map: WearMap) throws {
        try AtomicFile.write(Data(map.serialized()), to: url)
    }
}
