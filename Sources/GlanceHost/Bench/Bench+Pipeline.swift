import Foundation
import GlanceGraphics
import GlancePanels
import GlanceUI

/// Counts what a driver sends without decoding or waiting: the bus as a pure sink.
final class CountingI2CDevice: I2CDevice, @unchecked Sendable {
    let bus = 1
    let address: UInt8 = 0x3C
    let maximumTransactionLength = 8192
    private let lock = NSLock()
    private var counted = BusCost()

    func write(_ bytes: [UInt8]) async throws {
        lock.withLock { counted = counted + BusCost(bytes: bytes.count, transactions: 1) }
    }

    /// Everything sent so far.
    var cost: BusCost { lock.withLock { counted } }
}

/// One update case on one controller: the pipeline's time and what went over the bus.
struct UpdateFigure: Codable, Sendable {
    var controller: String
    var `case`: String
    var bytes: Int
    var transactions: Int
    var wire_ms_100k: Double
    var wire_ms_400k: Double
    var wire_ms_1m: Double
    var full_frame_bytes: Int
    var pipeline_median_us: Double
}

extension BenchCommand {
    /// A clock face in the style of the examples, for the update cases.
    struct BenchFace: View {
        let time: String
        let line: String
        var body: some View {
            VStack(alignment: .leading, spacing: 2) {
                Text(time).font(.system(size: 34, weight: .bold))
                Text(line).font(.caption)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
            .padding(.horizontal, 4)
        }
    }

    static func picture(_ time: String, _ line: String, size: Size, gray: Bool, reduced: Bool = false) -> Bitmap {
        var environment = EnvironmentValues()
        environment.isLuminanceReduced = reduced
        return ViewRenderer.render(BenchFace(time: time, line: line), size: size, environment: environment, at: benchDate, antialiased: gray).bitmap
    }

    /// The update cases: from a base picture to the next one.
    static func updateCases(size: Size, gray: Bool) -> [(name: String, base: Bitmap, next: Bitmap, shift: Point?)] {
        let base = picture("12:45", "Tue 21 Nov · Rain later", size: size, gray: gray)
        let other = Bitmap(width: size.width, height: size.height, value: 0).inverted().monochrome(.orderedDither)
        var full = picture("07:12", "Wed 22 Nov · Sunny", size: size, gray: gray)
        full.fill(Rect(x: 0, y: size.height / 2, width: size.width, height: size.height / 2), value: 128, opacity: 90)
        return [
            ("clock tick", base, picture("12:46", "Tue 21 Nov · Rain later", size: size, gray: gray), nil),
            ("text line", base, picture("12:45", "Tue 21 Nov · Dry all day", size: size, gray: gray), nil),
            ("full change", base, full == base ? other : full, nil),
            ("always-on minute", picture("12:45", "Tue 21 Nov", size: size, gray: gray, reduced: true),
             picture("12:46", "Tue 21 Nov", size: size, gray: gray, reduced: true), nil),
            ("pixel shift", base, base, Point(x: 1, y: 0)),
        ]
    }

    /// Pipeline time and bus traffic per update case for SSD1306, SH1106 and SSD1327.
    static func updateFigures(filter: (String) -> Bool) async -> [UpdateFigure] {
        let controllers: [(String, Bool, (any CommandDataBus) -> any PanelController)] = [
            ("SSD1306 128x64", false, { SSD1306Controller(bus: $0) }),
            ("SH1106 128x64", false, { SH1106Controller(bus: $0) }),
            ("SSD1327 128x128", true, { SSD1327Controller(bus: $0) }),
        ]
        var figures = [UpdateFigure]()
        let caseNames = ["clock tick", "text line", "full change", "always-on minute", "pixel shift"]
        for (name, gray, make) in controllers where filter(name) || caseNames.contains(where: filter) {
            let device = CountingI2CDevice()
            let controller = make(I2CCommandDataBus(device: device))
            let pipeline = PanelPipeline(controller: controller, clock: ManualClock())
            let size = pipeline.pictureSize
            // A full frame: the first picture after initialisation is sent whole (the init
            // sequence included, as after every reconnect).
            _ = await pipeline.show(Bitmap(size: size))
            let fullFrame = device.cost.bytes
            for update in updateCases(size: size, gray: gray) where filter(name) || filter(update.name) {
                // Bus traffic of one update.
                _ = await pipeline.show(update.base, shift: .zero)
                let start = device.cost
                if let shift = update.shift {
                    _ = await pipeline.show(update.base, shift: shift)
                } else {
                    _ = await pipeline.show(update.next)
                }
                let cost = device.cost - start
                // Pipeline time, alternating between the two pictures (or shifts).
                var flip = false
                let spread = await Spread.of(count: 200, warmUp: 10) {
                    flip.toggle()
                    if let shift = update.shift {
                        _ = await pipeline.show(update.base, shift: flip ? shift : .zero)
                    } else {
                        _ = await pipeline.show(flip ? update.next : update.base)
                    }
                }
                figures.append(UpdateFigure(controller: name, case: update.name, bytes: cost.bytes, transactions: cost.transactions,
                                            wire_ms_100k: cost.seconds(atHertz: 100_000) * 1000, wire_ms_400k: cost.seconds(atHertz: 400_000) * 1000,
                                            wire_ms_1m: cost.seconds(atHertz: 1_000_000) * 1000, full_frame_bytes: fullFrame,
                                            pipeline_median_us: spread.median))
            }
        }
        return figures
    }
}
