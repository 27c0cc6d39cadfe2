#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
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

/// Counts what an SPI driver sends, the same way; its lines do nothing and BUSY is never active.
final class CountingSPIDevice: SPIDevice, OutputLine, InputLine, @unchecked Sendable {
    let bus = 0
    let chipSelect = 0
    let maximumTransferLength = 4096
    let name = "bench"
    private let lock = NSLock()
    private var counted = BusCost()

    func write(_ bytes: [UInt8]) async throws {
        lock.withLock { counted = counted + BusCost(bytes: bytes.count, transactions: 1) }
    }

    func set(_ active: Bool) async throws {}

    func read() async throws -> Bool { false }

    /// Everything sent so far.
    var cost: BusCost { lock.withLock { counted } }
}

/// One update case on one controller: the pipeline's time and what went over the bus.
struct UpdateFigure: Codable, Sendable {
    var controller: String
    /// `i2c` (wire time: 9 clocks a byte, 11 a transaction) or `spi` (8 clocks a byte).
    var bus: String
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

    /// A controller the update cases run on: its name, whether it is gray, its bus and how it is built.
    private enum BenchBus {
        case i2c((any CommandDataBus) -> any PanelController)
        case spi((any CommandDataBus, ResetLine, CountingSPIDevice, ManualClock) -> any PanelController)
    }

    /// Pipeline time and bus traffic per update case for every controller family.
    static func updateFigures(filter: (String) -> Bool) async -> [UpdateFigure] {
        let controllers: [(String, Bool, BenchBus)] = [
            ("SSD1306 128x64", false, .i2c { SSD1306Controller(bus: $0) }),
            ("SH1106 128x64", false, .i2c { SH1106Controller(bus: $0) }),
            ("SH1107 128x128", false, .i2c { SH1107Controller(bus: $0) }),
            ("SSD1327 128x128", true, .i2c { SSD1327Controller(bus: $0) }),
            ("SSD1306 128x64 SPI", false, .spi { bus, reset, _, _ in SSD1306Controller(bus: bus, reset: reset) }),
            ("SSD1322 256x64", true, .spi { bus, reset, _, _ in SSD1322Controller(bus: bus, reset: reset) }),
            ("Sharp LS027B7DH01 400x240", false, .spi { _, _, device, _ in SharpMemoryController(device: device, model: .ls027b7dh01) }),
            ("SSD1681 200x200", false, .spi { bus, reset, device, clock in
                SSD1680Controller(bus: bus, reset: reset, busy: device, clock: clock, model: .ssd1681_200x200) }),
            ("UC8151 128x296", false, .spi { bus, reset, device, clock in UC8151Controller(bus: bus, reset: reset, busy: device, clock: clock) }),
        ]
        var figures = [UpdateFigure]()
        let caseNames = ["clock tick", "text line", "full change", "always-on minute", "pixel shift"]
        for (name, gray, kind) in controllers where filter(name) || caseNames.contains(where: filter) {
            // The clock advances when slept on: reset pulses and e-paper BUSY waits take no time.
            let clock = ManualClock()
            let controller: any PanelController, traffic: () -> BusCost, busName: String
            switch kind {
            case let .i2c(make):
                let device = CountingI2CDevice()
                controller = make(I2CCommandDataBus(device: device))
                traffic = { device.cost }
                busName = "i2c"
            case let .spi(make):
                let device = CountingSPIDevice()
                controller = make(SPICommandDataBus(device: device, dataCommand: device), ResetLine(line: device, clock: clock), device, clock)
                traffic = { device.cost }
                busName = "spi"
            }
            let pipeline = PanelPipeline(controller: controller, clock: clock)
            let size = pipeline.pictureSize
            // A full frame: the first picture after initialisation is sent whole (the init
            // sequence included, as after every reconnect).
            _ = await pipeline.show(Bitmap(size: size))
            let fullFrame = traffic().bytes
            for update in updateCases(size: size, gray: gray) where filter(name) || filter(update.name) {
                // Bus traffic of one update.
                _ = await pipeline.show(update.base, shift: .zero)
                let start = traffic()
                if let shift = update.shift {
                    _ = await pipeline.show(update.base, shift: shift)
                } else {
                    _ = await pipeline.show(update.next)
                }
                let cost = traffic() - start
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
                func wire(_ hertz: Double) -> Double {
                    (busName == "i2c" ? cost.seconds(atHertz: hertz) : Double(cost.bytes * 8) / hertz) * 1000
                }
                figures.append(UpdateFigure(controller: name, bus: busName, case: update.name, bytes: cost.bytes, transactions: cost.transactions,
                                            wire_ms_100k: wire(100_000), wire_ms_400k: wire(400_000), wire_ms_1m: wire(1_000_000),
                                            full_frame_bytes: fullFrame, pipeline_median_us: spread.median))
            }
        }
        return figures
    }
}
#endif
