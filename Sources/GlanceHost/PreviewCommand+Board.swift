import Foundation
import GlanceCore
import GlanceFace
import GlanceGraphics
import GlanceLinux
import GlanceWidgets
import Logging

extension PreviewCommand {
    /// `glance preview --board`: one frame of the face on an emulator of the board's panel,
    /// written as the emulator's glass.
    func previewFace(board name: String, bundle: BundleContents, at moment: Date?, out: String, assets: any AssetCatalog) async throws {
        var board: BoardConfiguration
        let face: FaceConfiguration?
        do {
            face = try FaceConfiguration.path(given: config).map { try FaceConfiguration(contentsOf: $0) }
            board = try BoardCatalog.board(name)
        } catch let error as ConfigurationError {
            throw CommandFailure("\(error)")
        }
        // Never the hardware: the controller's emulator decodes the same bytes the panel would get.
        board.panel.connection = .emulated
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("glance-preview-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Providers read Date(): at --date it reads that moment too, as the face's clock does.
        let steered = moment.map { SimulatedClock(start: $0) }
        steered?.steerProcessClock()
        defer { steered?.releaseProcessClock() }
        let moment = moment ?? SystemClock().now
        let clock = ManualClock(now: moment)
        let logger = Logger(label: "glance") { label in
            GlanceLogHandler(label: label, level: .warning, destination: .standardError(journald: false), lastError: Locked(nil), tail: nil)
        }
        let host: FaceHost
        do {
            host = try await FaceAssembly.make(.init(board: board, face: face, facePath: nil, bundle: bundle, clock: clock, logger: logger,
                                                     stateDirectory: scratch, capture: nil, frameFolder: nil, screen: nil, assets: assets))
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("board \(board.name): \(error)")
        }
        await host.start()
        await host.drain()
        let glass = await host.glassNow()
        try write(glass, to: out, look: PanelLook.named(board.panel.look) ?? .white)
        print("Wrote \(out): the face on \(board.name) (\(board.panel.controller.rawValue)) \(glass.width)×\(glass.height)\(glass.colors != nil ? " in colour" : "") at \(ISO8601DateFormatter().string(from: moment)) (\(glass.width * scale)×\(glass.height * scale) pixels).")
    }
}
