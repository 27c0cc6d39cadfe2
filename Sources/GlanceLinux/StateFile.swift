import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the files Glance keeps in its state folder (wear maps, e-paper states, the face's
/// state, the crash record) with a size limit checked before anything is read, and sets a
/// file that cannot be used aside instead of losing it.
///
/// Glance writes these files itself, but they live on a card that corrupts, in a folder other
/// programs can write: a file that is too large, not a regular file, or not what it should be
/// is renamed to `NAME.bad` (replacing an older `NAME.bad`, so at most one per file is kept),
/// and the caller starts afresh. The next save writes a new `NAME`; nothing is deleted unread.
public enum StateFile {
    /// Reads `url` and parses its bytes.
    /// - Parameters:
    ///   - url: The file; only a regular file is read (a symbolic link, FIFO or device is set aside unopened).
    ///   - limit: The most bytes the file may hold, checked from its size before reading.
    ///   - what: What the file should be, for the message ("a wear map of a 128×64 panel").
    ///   - parse: Turns the bytes into the value; what it throws becomes the error's problem.
    /// - Returns: The value, or nil when there is no such file.
    /// - Throws: `StateFileError` naming the file, what was wrong and where it was set aside.
    public static func read<T>(_ url: URL, limit: Int, what: String, parse: ([UInt8]) throws -> T) throws(StateFileError) -> T? {
        let bytes: [UInt8]
        do {
            guard let data = try AtomicFile.readRegular(url, limit: limit) else { return nil }
            bytes = Array(data)
        } catch let error as AtomicFileError {
            throw setAside(url, problem: "is not read as \(what): \(error.reason)")
        } catch {
            throw setAside(url, problem: "is not read as \(what): \(error)")
        }
        do {
            return try parse(bytes)
        } catch {
            throw setAside(url, problem: "is not \(what): \(error)")
        }
    }

    /// Renames `url` to `NAME.bad` and returns the error saying so (or why it could not be).
    /// Only an older `NAME.bad` that is a regular file is replaced; anything else there stays,
    /// and so does the file.
    public static func setAside(_ url: URL, problem: String) -> StateFileError {
        let bad = url.path + ".bad"
        do {
            try AtomicFile.checkReplaceable(URL(fileURLWithPath: bad))
        } catch let error as AtomicFileError {
            return StateFileError(path: url.path, problem: problem, setAsideAs: nil, reason: "\(bad) is in the way: \(error.reason)")
        } catch {
            return StateFileError(path: url.path, problem: problem, setAsideAs: nil, reason: "\(error)")
        }
        guard rename(url.path, bad) == 0 else {
            return StateFileError(path: url.path, problem: problem, setAsideAs: nil, reason: String(cString: strerror(errno)))
        }
        return StateFileError(path: url.path, problem: problem, setAsideAs: bad, reason: nil)
    }
}

/// A state file that could not be used: which, why, and where it was put.
public struct StateFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file.
    public let path: String
    /// What was wrong, beginning with a verb ("is not a wear map: …").
    public let problem: String
    /// Where the file now is (`NAME.bad`), or nil when it could not be renamed.
    public let setAsideAs: String?
    /// Why it could not be renamed (the system's explanation), when it could not.
    public let reason: String?

    public var description: String {
        if let setAsideAs { return "\(path) \(problem); set aside as \(setAsideAs)" }
        return "\(path) \(problem); it could not be set aside (\(reason ?? "unknown reason"))"
    }
}
