// Reporting symbol names the catalog lacks, once each, without global state.

import Foundation

/// Collects the names asked of the symbol catalog that it does not have, and reports each name once.
///
/// GlanceGraphics keeps no global state for this: the host creates a log (per run or per widget),
/// the view layer passes it to `SymbolCatalog.mask(named:pixelSize:antialiased:missing:)` on every
/// lookup, and the host reads `names` or receives each new name through the sink it gave.
public final class MissingSymbolLog: @unchecked Sendable {
    // Guards `seen` and `recorded`; the sink is called after the lock is released.
    private let lock = NSLock()
    private var seen: Set<String> = []
    private var recorded: [UnknownSymbolError] = []
    private let sink: @Sendable (UnknownSymbolError) -> Void

    /// Creates an empty log; `sink` is called once for each new missing name, with the closest names the catalog has.
    public init(sink: @escaping @Sendable (UnknownSymbolError) -> Void = { _ in }) {
        self.sink = sink
    }

    /// The missing names in the order they were first asked for.
    public var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded.map(\.name)
    }

    /// Every missing name with its suggestions, in the order first asked for.
    public var reports: [UnknownSymbolError] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Records that `name` is missing from `catalog`; returns true (and calls the sink) only the first time.
    @discardableResult
    public func record(_ name: String, in catalog: SymbolCatalog) -> Bool {
        lock.lock()
        let isNew = seen.insert(name).inserted
        lock.unlock()
        guard isNew else { return false }
        // Suggestions cost a pass over the catalog, so they are computed only for a new name.
        let report = UnknownSymbolError(name: name, suggestions: catalog.suggestions(for: name))
        lock.lock()
        recorded.append(report)
        lock.unlock()
        sink(report)
        return true
    }
}
