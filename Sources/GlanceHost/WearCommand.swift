import ArgumentParser
import Foundation
import GlanceGraphics
import GlanceLinux
import GlancePanels

/// `glance wear`: what an OLED panel has been through, from the wear map the face keeps.
struct WearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wear",
        abstract: "Show how much an OLED panel has aged, pixel by pixel, and draw it as a heat map.",
        discussion: """
            While a face runs, every lit pixel's time is added up, weighted by how hard the panel \
            drove it (contrast, pre-charge and VCOMH: a dimmed hour counts less than a bright one). \
            The map is kept per board in the state folder (<board>.wear) and saved every 15 \
            minutes and when the face stops. Hours are "at full drive": the time a pixel would \
            have needed at the brightest setting to age as much.

            The hottest pixels are where burn-in shows first; the unevenness (hottest over the \
            median lit pixel) says how much the burn-in shift and dimming spread the wear.

            Examples:
              glance wear
              glance wear --board adafruit-oled-bonnet --out wear.png
              glance run --board simulator --headless --clock fast --duration 168h && glance wear --out week.png
              glance wear --json | jq .hottestHours
              glance wear --reset          (after fitting a new panel: the old map is kept as <board>.wear.old)
            """
    )

    @Option(name: .long, help: ArgumentHelp("A board name (see glance boards) or a board file (default: the board of ./glance.yaml, else simulator).", valueName: "name|path"))
    var board: String?

    @Option(name: .long, help: ArgumentHelp("Write the heat map as a PNG: unworn black, then red, yellow, white at the hottest pixel.", valueName: "file.png"))
    var out: String?

    @Option(name: .long, help: ArgumentHelp("Heat map pixels per panel pixel (1–16).", valueName: "n"))
    var scale = 4

    @Option(name: .long, help: ArgumentHelp("How many of the hottest pixels to list (0–1000).", valueName: "n"))
    var top = 5

    /// How many hottest pixels `--top` may ask for.
    static let topRange = 0...1000

    @Flag(name: .long, help: "Print the summary as JSON.")
    var json = false

    @Flag(name: .long, help: "Start a new map (a new panel was fitted); the old one is renamed <board>.wear.old.")
    var reset = false

    func validate() throws {
        try OutputFile.validate(scale: scale)
        guard Self.topRange.contains(top) else {
            throw ValidationError("--top must be between \(Self.topRange.lowerBound) and \(Self.topRange.upperBound), got \(top).")
        }
        if reset, out != nil || json { throw ValidationError("--reset starts a new map; run it without --out and --json.") }
    }

    func run() async throws {
        let boardName = try resolvedBoard()
        let url = FileRecordStore<WearMap>.url(board: boardName, in: AppGroup.defaultRoot())
        if reset { return try resetMap(url, board: boardName) }
        let map: WearMap
        do {
            guard let saved = try FileRecordStore<WearMap>(url: url, setsAside: false).load() else {
                throw CommandFailure("""
                    no wear map for board '\(boardName)' yet (\(url.path)): it is written while a face runs on an OLED panel, \
                    every 15 minutes and when the face stops
                    """)
            }
            map = saved
        } catch let error as PanelRecordError {
            throw CommandFailure("\(url.path): \(error.message); move it away (or run glance wear --reset) to start a new map")
        }
        let summary = map.summary(hottest: top)
        if let out {
            if let problem = OutputFile.problem(width: map.width, height: map.height, scale: scale) {
                throw CommandFailure("cannot write the heat map to \(out): \(problem)")
            }
            do {
                try AtomicFile.writePNG(map.heatMap(scale: scale), to: URL(fileURLWithPath: out))
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        if json {
            print(String(decoding: try Self.encoder.encode(Report(board: boardName, size: map.size, summary: summary)), as: UTF8.self))
        } else {
            print(Self.describe(summary, board: boardName, size: map.size))
            if let out { print("Heat map written to \(out) (\(map.width * scale)×\(map.height * scale)).") }
        }
    }

    /// The board named by --board, else by ./glance.yaml, else the simulator.
    private func resolvedBoard() throws -> String {
        if let board { return try BoardCatalog.board(board).name }
        if let path = FaceConfiguration.path(given: nil), let named = try FaceConfiguration(contentsOf: path).board {
            return try BoardCatalog.board(named).name
        }
        return "simulator"
    }

    /// Renames the map to `<board>.wear.old`, replacing an older one; both must be regular
    /// files (or the old one absent): a folder, link or device there is left as it is.
    private func resetMap(_ url: URL, board: String) throws {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            print("Board '\(board)' has no wear map yet; the next run starts one.")
            return
        }
        let old = url.appendingPathExtension("old")
        do {
            try AtomicFile.checkReplaceable(url)
            try AtomicFile.checkReplaceable(old)
        } catch let error as AtomicFileError {
            throw CommandFailure("cannot start a new wear map: \(error.path): \(error.reason); move it away, then run glance wear --reset again")
        }
        guard rename(url.path, old.path) == 0 else {
            throw CommandFailure("cannot move \(url.path) aside to \(old.path): \(String(cString: strerror(errno)))")
        }
        print("Board '\(board)' starts a new wear map; the old one is \(old.path).")
    }

    /// The summary as lines for a person.
    static func describe(_ summary: WearMap.Summary, board: String, size: Size) -> String {
        func hours(_ value: Double) -> String { value < 10 ? String(format: "%.2f h", value) : String(format: "%.1f h", value) }
        var lines = [
            "\(board) (\(size.width)×\(size.height)): \(hours(summary.observedHours)) accounted, lit for \(hours(summary.litHours))",
            "hottest pixel \(hours(summary.hottestHours)) at full drive; median lit pixel \(hours(summary.litMedianHours)); "
                + (summary.unevenness > 0 ? String(format: "hottest/median %.2f", summary.unevenness) : "nothing lit yet"),
        ]
        if !summary.hottest.isEmpty {
            lines.append("hottest pixels (x,y in the controller's RAM): "
                         + summary.hottest.map { "\($0.x),\($0.y) \(hours($0.seconds / 3600))" }.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    private struct Report: Encodable {
        var board: String
        var width: Int
        var height: Int
        var hottestHours: Double
        var medianHours: Double
        var medianLitHours: Double
        var unevenness: Double
        var litHours: Double
        var observedHours: Double
        var hottest: [Pixel]

        struct Pixel: Encodable {
            var x: Int
            var y: Int
            var hours: Double
        }

        init(board: String, size: Size, summary: WearMap.Summary) {
            self.board = board
            width = size.width
            height = size.height
            hottestHours = summary.hottestHours
            medianHours = summary.medianHours
            medianLitHours = summary.litMedianHours
            unevenness = summary.unevenness
            litHours = summary.litHours
            observedHours = summary.observedHours
            hottest = summary.hottest.map { Pixel(x: $0.x, y: $0.y, hours: $0.seconds / 3600) }
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()
}
