import Foundation

/// Lines collected from any thread (log output, reports), for assertions.
public final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Adds a line.
    public func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    /// Every line so far, oldest first.
    public var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }
}
