import GlanceGraphics

/// Something a panel keeps between runs as one file of bytes: the e-paper state
/// (`EInkState`) and the wear map (`WearMap`). The host stores it (`PanelRecordStore`); the
/// record says how its bytes look and how large they may be for a panel.
public protocol PanelRecord: Hashable, Sendable {
    /// How messages name a record of this type.
    static var names: PanelRecordNames { get }
    /// The most bytes a record of a panel of `size` (RAM orientation) serialises to.
    static func byteCount(for size: Size) -> Int
    /// The panel size the record is of, in the controller's RAM orientation.
    var size: Size { get }
    /// The record as the bytes of its file.
    func serialized() -> [UInt8]
    /// Reads bytes written by `serialized()`.
    /// - Throws: `PanelRecordError` saying what is wrong with them.
    init(serialized bytes: [UInt8]) throws(PanelRecordError)
}

/// How messages name a panel record: "wear map", "map", "a wear map".
public struct PanelRecordNames: Sendable {
    /// The full name, after "the": "wear map".
    public var full: String
    /// The short name, after a size: "64×32 map".
    public var short: String
    /// The full name with its article: "a wear map".
    public var indefinite: String

    /// Creates the names.
    public init(full: String, short: String, indefinite: String) {
        self.full = full
        self.short = short
        self.indefinite = indefinite
    }
}

/// A panel record that could not be read from its bytes.
public struct PanelRecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public var message: String
    /// Creates an error.
    public init(message: String) { self.message = message }
    /// A one-line human-readable summary.
    public var description: String { message }
}

/// Where a `PanelDisplay` keeps a panel record between runs (one file, owned by the host).
public protocol PanelRecordStore<Record>: Sendable {
    /// What it keeps.
    associatedtype Record: PanelRecord
    /// The saved record, or nil when nothing was saved yet.
    /// - Throws: When the store exists but cannot be read.
    func load() async throws -> Record?
    /// Replaces the saved record.
    /// - Throws: When the record cannot be written.
    func save(_ record: Record) async throws
}

/// A `PanelRecordStore` in memory: survives a controller, not the process (tests, previews,
/// emulated glass that starts blank every run).
public actor MemoryRecordStore<Record: PanelRecord>: PanelRecordStore {
    /// The saved record.
    public private(set) var record: Record?
    /// How many times `save(_:)` was called.
    public private(set) var saves = 0

    /// Creates a store holding `record`.
    public init(_ record: Record? = nil) {
        self.record = record
    }

    /// Returns the saved record.
    public func load() -> Record? { record }

    /// Keeps `record`.
    public func save(_ record: Record) {
        self.record = record
        saves += 1
    }
}
