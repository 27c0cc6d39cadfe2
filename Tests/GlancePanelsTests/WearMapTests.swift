import Foundation
import GlancePanels
import GlanceTesting
import Testing

/// The OLED wear map (issue 18): accounting, persistence, summary and heat map.
@Suite struct WearMapTests {
    /// A 4×2 frame with the given lit values.
    static func frame(_ values: [UInt8]) -> Bitmap {
        Bitmap(width: 4, height: 2, pixels: values)!
    }

    @Test func timeIsWeightedByTheLightAndByTheGrayLevel() {
        var map = WearMap(size: Size(width: 4, height: 2))
        map.add(Self.frame([255, 0, 255, 0, 0, 0, 0, 0]), light: 1, duration: 3600)
        map.add(Self.frame([255, 255, 0, 0, 0, 0, 0, 0]), light: 0.25, duration: 7200)
        map.add(Self.frame([255, 255, 255, 255, 0, 0, 0, 0]), light: 0, duration: 600)
        map.add(Self.frame([0, 0, 0, 0, 0, 0, 0, 0x88]), light: 1, duration: 3600)
        #expect(map[0, 0] == 3600 + 1800)
        #expect(map[1, 0] == 1800)
        #expect(map[2, 0] == 3600)
        #expect(map[3, 0] == 0, "dark time does not wear")
        #expect(abs(map[3, 1] - 3600 * 136 / 255) < 1e-9, "a gray pixel wears in proportion to its level")
        #expect(map.observed == 3600 + 7200 + 600 + 3600)
        #expect(map.lit == 3600 + 7200 + 3600)
        // Another size, a negative or zero duration: nothing happens.
        map.add(Bitmap(width: 2, height: 2), light: 1, duration: 10)
        map.add(Self.frame([255, 255, 255, 255, 255, 255, 255, 255]), light: 1, duration: -5)
        #expect(map[3, 0] == 0 && map.observed == 15000)
    }

    @Test func theSummaryNamesTheHottestPixelsAndTheUnevenness() {
        var map = WearMap(size: Size(width: 4, height: 2))
        map.add(Self.frame([255, 255, 255, 0, 0, 0, 0, 0]), light: 1, duration: 3600)
        map.add(Self.frame([255, 0, 0, 0, 0, 0, 0, 0]), light: 1, duration: 3 * 3600)
        let summary = map.summary(hottest: 2)
        #expect(summary.hottestHours == 4)
        #expect(summary.litMedianHours == 1, "lit pixels: 4, 1, 1 h")
        #expect(summary.medianHours == 0)
        #expect(summary.unevenness == 4)
        #expect(summary.hottest == [WearMap.Pixel(x: 0, y: 0, seconds: 4 * 3600), WearMap.Pixel(x: 1, y: 0, seconds: 3600)])
        let unworn = WearMap(size: Size(width: 4, height: 2)).summary()
        #expect(unworn.hottest.isEmpty && unworn.unevenness == 0)
    }

    @Test func theFileFormatRoundTripsAndRejectsWhatItDidNotWrite() throws {
        var map = WearMap(size: Size(width: 4, height: 2))
        map.add(Self.frame([255, 0, 128, 0, 0, 0, 0, 255]), light: 0.5, duration: 1000)
        let bytes = map.serialized()
        #expect(bytes.count == 5 + 20 + 8 * 4)
        let read = try WearMap(serialized: bytes)
        #expect(read.size == map.size && read.observed == map.observed && read.lit == map.lit)
        #expect(zip(read.seconds, map.seconds).allSatisfy { abs($0 - $1) < 1e-3 })

        #expect(throws: PanelRecordError.self) { try WearMap(serialized: Array("GLEI\u{1}".utf8) + [UInt8](repeating: 0, count: 52)) }
        #expect(throws: PanelRecordError.self) { try WearMap(serialized: Array(bytes.dropLast())) }
        #expect(throws: PanelRecordError.self) { try WearMap(serialized: []) }
        var negative = bytes
        negative.replaceSubrange(25..<29, with: withUnsafeBytes(of: Float(-1).bitPattern.littleEndian, Array.init))
        #expect(throws: PanelRecordError.self) { try WearMap(serialized: negative) }
        var infinite = bytes
        infinite.replaceSubrange(9..<17, with: withUnsafeBytes(of: Double.infinity.bitPattern.littleEndian, Array.init))
        #expect(throws: PanelRecordError.self) { try WearMap(serialized: infinite) }
    }

    @Test func theHeatMapRunsFromBlackThroughRedAndYellowToWhite() {
        var map = WearMap(size: Size(width: 4, height: 2))
        map.add(Self.frame([255, 170, 85, 0, 0, 0, 0, 0]), light: 1, duration: 100)
        let image = map.heatMap(scale: 2)
        #expect(image.width == 8 && image.height == 4)
        #expect(image[0, 0] == RGB(hex: 0xFFFFFF), "the hottest pixel is white")
        #expect(image[6, 0] == RGB(hex: 0x000000), "an unworn pixel is black")
        let warm = image[2, 1], cool = image[4, 1]
        #expect(warm.red == 255 && warm.green > cool.green && cool.red > cool.green && cool.blue == 0, "red before yellow")
        #expect(image[1, 1] == image[0, 0], "each pixel is scale × scale")
    }

    // MARK: - The display keeps the map

    static func rig(store: MemoryRecordStore<WearMap>, clock: ManualClock) -> (PanelDisplay, SSD1306Emulator) {
        let emulator = SSD1306Emulator()
        let controller = SSD1306Controller(bus: I2CCommandDataBus(device: emulator))
        let display = PanelDisplay(pipeline: PanelPipeline(controller: controller, clock: clock), clock: clock,
                                   settings: .init(shiftPeriod: nil), wearStore: store)
        return (display, emulator)
    }

    @Test func theDisplayAccountsEveryStateAtItsDriveAndTheMapSurvivesARestart() async throws {
        let clock = ManualClock(), store = MemoryRecordStore<WearMap>()
        let (display, _) = Self.rig(store: store, clock: clock)
        var picture = Bitmap(width: 128, height: 64)
        picture[10, 20] = 255
        await display.show(picture, state: .active)
        clock.advance(by: 3600)
        await display.show(picture, state: .alwaysOn)
        clock.advance(by: 3600)
        await display.show(picture, state: .off)
        clock.advance(by: 3600)
        let controller = display.pipeline.controller
        let expected = 3600 * (controller.light(at: .normal) + controller.light(at: .dim))
        let map = try #require(await display.wearMap)
        #expect(abs(map[10, 20] - expected) < 1e-6)
        #expect(controller.light(at: .dim) < controller.light(at: .normal) / 4, "dimming lowers the drive, not only the contrast")
        #expect(map[11, 20] == 0)
        #expect(map.observed == 3 * 3600 && map.lit == 2 * 3600)

        // Saved when the face stops; a new display (a restart) goes on from there.
        await display.saveWear()
        let (restarted, _) = Self.rig(store: store, clock: clock)
        await restarted.show(picture, state: .active)
        clock.advance(by: 1800)
        let continued = try #require(await restarted.wearMap)
        #expect(abs(continued[10, 20] - expected - 1800 * controller.light(at: .normal)) < 1e-3)
    }

    @Test func aMapOfAnotherPanelIsReportedAndANewOneStarted() async throws {
        let clock = ManualClock()
        let store = MemoryRecordStore(WearMap(size: Size(width: 128, height: 32)))
        let lines = LineLog()
        let emulator = SSD1306Emulator()
        let display = PanelDisplay(pipeline: PanelPipeline(controller: SSD1306Controller(bus: I2CCommandDataBus(device: emulator)), clock: clock),
                                   clock: clock, wearStore: store, report: lines.append)
        await display.show(Bitmap(width: 128, height: 64), state: .active)
        #expect(lines.all.contains { $0.contains("128×32") && $0.contains("starting a new map") })
        #expect(await display.wearMap?.size == Size(width: 128, height: 64))
    }

    @Test func ePaperDoesNotWear() async {
        let clock = ManualClock()
        let emulator = SSD1680Emulator(clock: clock)
        let controller = SSD1680Controller(bus: SPICommandDataBus(device: emulator.spi, dataCommand: emulator.dataCommandLine),
                                           reset: ResetLine(line: emulator.resetLine, clock: clock), busy: emulator.busyLine, clock: clock)
        let display = PanelDisplay(pipeline: PanelPipeline(controller: controller, clock: clock), clock: clock, wearStore: MemoryRecordStore<WearMap>())
        await display.show(Bitmap(width: 122, height: 250), state: .active)
        #expect(await display.wearMap == nil)
    }
}
