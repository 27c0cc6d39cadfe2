import Foundation
import GlanceGraphics
import GlanceLinux
import GlancePanels

/// A panel record kept in a file with atomic writes: the e-paper state (`<board>.state`), so a
/// restart neither ghosts nor forgets when the last full refresh was (Docs/Contract.md,
/// "E-paper panels"), and the OLED wear map (`<board>.wear`), so the map spans restarts and
/// survives running other boards in between. The panel's `PanelDisplay` owns each: one file
/// of one record.
///
/// The file is read only when its size is at most that of a record for the panel
/// (`StateFile`), and a record of another panel is refused. One that cannot be used is set
/// aside as `NAME.bad` (the face then starts afresh: a full refresh, a new map) or, without
/// `setsAside`, left where it is with a `PanelRecordError` (`glance wear`, which reports).
struct FileRecordStore<Record: PanelRecord>: PanelRecordStore {
    let url: URL
    /// The panel's size in either orientation; nil accepts a record of any panel a board may
    /// declare (up to 4096×4096, `glance wear` for a board by name).
    var panelSize: Size? = nil
    /// Whether a file that cannot be used is set aside (the face, which then starts afresh and
    /// saves there) or left where it is with a `PanelRecordError`.
    var setsAside = true

    func load() throws -> Record? {
        let sizes = Self.sizes(panelSize)
        let names = Record.names
        let what = panelSize.map { "the \(names.full) of a \($0.width)×\($0.height) panel" } ?? names.indefinite
        let limit = sizes.map(Record.byteCount(for:)).max() ?? 0
        guard setsAside else {
            let data: Data?
            do {
                data = try AtomicFile.readRegular(url, limit: limit)
            } catch let error as AtomicFileError {
                throw PanelRecordError(message: error.reason)
            }
            return try data.map { try Record(serialized: Array($0)) }
        }
        return try StateFile.read(url, limit: limit, what: what) { bytes in
            let record = try Record(serialized: bytes)
            // Any record fits within the largest a board may declare; a panel's is exact.
            guard panelSize == nil || sizes.contains(record.size) else {
                throw PanelRecordError(message: "it is a \(record.size.width)×\(record.size.height) \(names.short)")
            }
            return record
        }
    }

    func save(_ record: Record) throws {
        try AtomicFile.write(Data(record.serialized()), to: url)
    }

    /// The sizes a record of the panel may have: the panel's own in both orientations (records
    /// are kept in the controller's), or, for no panel, the largest a board may declare.
    static func sizes(_ panel: Size?) -> [Size] {
        guard let panel else { return [Size(width: 4096, height: 4096)] }
        return [panel, Size(width: panel.height, height: panel.width)]
    }
}

extension FileRecordStore where Record == EInkState {
    /// The file of `board`'s e-paper state in `stateDirectory`.
    static func url(board: String, in stateDirectory: URL) -> URL {
        stateDirectory.appendingPathComponent("\(board).state")
    }
}

extension FileRecordStore where Record == WearMap {
    /// The file of `board`'s wear map in `stateDirectory`.
    static func url(board: String, in stateDirectory: URL) -> URL {
        stateDirectory.appendingPathComponent("\(board).wear")
    }
}
