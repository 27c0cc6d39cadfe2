import Foundation
import GlanceGraphics
import GlancePanels
import GlanceWidgets
import Logging

/// The glass and the files: frames to the display, the simulator's screen, the frame folder and
/// the state file, and the end of a run.
extension FaceHost {
    /// Gives the display the newest of `frames` (the others are superseded already), then the
    /// extras: the simulator's screen, a PNG in the frame folder, the state file when it changed.
    package func show(_ frames: [Frame]) async {
        framesMade += frames.count
        guard let frame = frames.last else { return }
        shownFrame = frame
        framesShown += 1
        let outcome = await metered { await assembly.display.show(frame.bitmap, state: frame.state) }
        if firstFrameMilliseconds == nil { firstFrameMilliseconds = secondsSinceStart() * 1000 }
        await refreshDisplay(outcome)
        if files.frameFolder != nil { files.writeFrame(frame, glass: await assembly.glass?(), logger: logger) }
        await saveStateIfChanged()
        changed = true
    }

    /// The app group's folder each time the face file, read again, names another group.
    package func appGroupFolders() -> AsyncStream<URL> {
        let (stream, continuation) = AsyncStream.makeStream(of: URL.self, bufferingPolicy: .bufferingNewest(1))
        folderFollowers.append(continuation)
        return stream
    }

    package func refreshDisplay(_ outcome: PanelPipeline.Outcome) async {
        if case .failed(let error) = outcome { logger.debug("frame not shown: \(error)") }
        if let screen { await screen.draw(glass: await assembly.glass?() ?? shownFrame?.bitmap ?? Bitmap(size: assembly.pictureSize),
                                          status: await statusLine()) }
    }

    /// One line under the simulated panel: state, what each slot shows, the next wake-up.
    package func statusLine() async -> String {
        let status = await runtime.status()
        let shown = status.slots.map { $0.kind ?? ($0.activityID.map { "activity \($0)" } ?? "—") }.joined(separator: " · ")
        let now = clock.now
        let next = await runtime.nextWakeUp.map { date -> String in
            let seconds = date.timeIntervalSince(now)
            return seconds < 90 ? String(format: "next %.0fs", max(0, seconds)) : String(format: "next %.0fm", seconds / 60)
        } ?? "idle"
        return "\(status.state) · \(shown) · \(next)"
    }

    /// What the run did so far, for the usage report (GlanceHost's `usage(since:)` adds the
    /// process's counters): the runtime's wake-ups and frames, and the first frame's time.
    package func usageFigures() async -> (runtimeWakeUps: Int, frames: Int, firstFrameMilliseconds: Double?) {
        let statistics = await runtime.statistics
        return (statistics.wakeUps, statistics.frames, firstFrameMilliseconds)
    }

    /// Saves the state and leaves the panel as the board asks: display off, or the last
    /// frame kept (e-paper keeps its image without power anyway).
    package func shutDown() async {
        await exclusive {
            await saveStateIfChanged()
            if board.darkensOnExit, let shownFrame {
                await assembly.display.show(shownFrame.bitmap, state: .off)
            }
            await assembly.display.saveWear()
        }
    }

    private func saveStateIfChanged() async {
        var state = await runtime.savedState
        state.inputs = appGroups.filesRead(in: plan.appGroup)
        state.code = files.codeIdentity
        files.saveState(state, logger: logger)
    }
}

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
