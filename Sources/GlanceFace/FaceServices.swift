import Foundation
import GlanceGraphics
import GlanceWidgets

/// The app groups a face reads, as the loop needs them: where a group's folder is, what a file
/// holds, the defaults `@AppStorage` reads, and which widgets read which file. GlanceHost's
/// conformance reads the folders on disk; the loop never touches them itself.
package protocol FaceAppGroups: Sendable {
    /// The file every widget's `@AppStorage` reads (`defaults.json`).
    var defaultsFileName: String { get }
    /// The folder of `group`.
    func directory(of group: String) -> URL
    /// What `file` of `group` holds; nil when there is no such file.
    /// - Throws: An error naming the file when it cannot be read.
    func contents(of file: String, in group: String) throws -> Data?
    /// The defaults of `group` (its `defaults.json`), as `@AppStorage` reads them.
    /// - Throws: An error naming the file when it is unreadable or not a defaults file.
    func loadDefaults(of group: String) throws -> MemoryKeyValueStore
    /// The widget kinds that read `file` of `group` (in this run or, remembered, in an earlier one), sorted.
    func readers(of file: String, in group: String) -> [String]
    /// The files of `group` each kind read (sorted), for the face's state file.
    func filesRead(in group: String) -> [String: [String]]
}

/// A screen that shows the glass and a status line under it (the simulator's terminal).
package protocol FaceScreen: Sendable {
    /// Draws `glass` and `status` (one line: state, what each slot shows, the next wake-up).
    func draw(glass: Bitmap, status: String) async
}

/// Writes the face's files whole: a reader sees the old file or the new one, never a part.
package protocol FaceFileWriter: Sendable {
    /// Replaces the file at `url` with `data`.
    /// - Throws: An error naming the file when it cannot be written.
    func write(_ data: Data, to url: URL) throws
    /// Replaces the file at `url` with `bitmap` as a PNG.
    /// - Throws: An error naming the file when it cannot be written.
    func writePNG(_ bitmap: Bitmap, to url: URL) throws
}
