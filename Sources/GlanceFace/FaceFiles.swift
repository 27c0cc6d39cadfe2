import Foundation
import GlanceGraphics
import GlanceWidgets
import Logging

/// The files a running face writes: its state (what `glance run` resumes from) and, with
/// `--out`, a PNG of every frame. What is written when is decided here; `writer` writes.
package struct FaceFiles: Sendable {
    package let stateFile: URL
    package let frameFolder: URL?
    /// Which build of the face's code runs (saved with the state: a quarantine holds for the code that crashed).
    package let codeIdentity: String?
    private let writer: any FaceFileWriter
    private var savedState: FaceRuntimeState?
    private var frameIndex = 0

    package init(stateFile: URL, frameFolder: URL?, codeIdentity: String?, writer: any FaceFileWriter) {
        self.stateFile = stateFile
        self.frameFolder = frameFolder
        self.codeIdentity = codeIdentity
        self.writer = writer
    }

    /// Writes `state` when it differs from the one last written.
    package mutating func saveState(_ state: FaceRuntimeState, logger: Logger) {
        guard state != savedState else { return }
        savedState = state
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try writer.write(try encoder.encode(state), to: stateFile)
        } catch {
            logger.warning("cannot save the face state to \(stateFile.path): \(error)")
        }
    }

    /// The next frame's PNG in the frame folder: the glass when there is one, else the frame.
    package mutating func writeFrame(_ frame: Frame, glass: Bitmap?, logger: Logger) {
        guard let frameFolder else { return }
        frameIndex += 1
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime]
        let stamp = formatter.string(from: frame.date).replacingOccurrences(of: ":", with: "")
        let name = String(format: "frame-%06d-%@.png", frameIndex, stamp)
        do {
            try writer.writePNG(glass ?? frame.bitmap, to: frameFolder.appendingPathComponent(name))
        } catch {
            logger.error("cannot write \(name): \(error)")
        }
    }
}
