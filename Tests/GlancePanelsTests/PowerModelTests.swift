import Foundation
import GlancePanels
import GlanceTesting
import Testing

/// Issue 18's power estimate: each controller's figures, from its datasheet (see Docs/Panels.md, "Power").
@Suite struct PowerModelTests {
    private func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }

    @Test func ssd1306LitPixelsFromTheSegmentCurrentOverTheRowsThroughTheChargePump() throws {
        let oled = try #require(PowerModel.ssd1306().oled)
        // ISEG 100 µA at contrast FF (§8.8), one row time in 64, the pump drawing three times its output.
        #expect(close(oled.pixelCurrent, 100e-6 / 64 * 3))
        #expect(close(oled.pixelCurrent, 4.6875e-6))
        // On with nothing lit: IDD 240 µA plus ICC 625 µA through the pump.
        #expect(close(oled.onCurrent, 2.115e-3))
        let model = PowerModel.ssd1306()
        // A thousand pixels at full drive: 15.5 mW from 3.3 V.
        #expect(close(model.litPower(pixels: 1000, light: 1), 1000 * 4.6875e-6 * 3.3))
        #expect(close(model.litPower(pixels: 1000, light: 0.5), model.litPower(pixels: 500, light: 1)))
        #expect(model.litPower(pixels: 1000, light: 0) == 0)
        #expect(close(model.basePower(isOn: true), 2.115e-3 * 3.3))
        #expect(close(model.basePower(isOn: false), 20e-6 * 3.3))
        // A 128×32 panel multiplexes 32 rows: each lit pixel draws twice as much.
        #expect(close(try #require(PowerModel.ssd1306(rows: 32).oled).pixelCurrent, 2 * oled.pixelCurrent))
    }

    @Test func eachControllerHasItsOwnFiguresOrSaysItBorrowedTheSSD1306s() throws {
        #expect(PowerModel.ssd1315().oled?.segmentCurrent == 240e-6)
        #expect(PowerModel.sh1106().oled?.segmentCurrent == 200e-6)
        #expect(PowerModel.sh1106().oled?.sleepCurrent == 5e-6)
        #expect(PowerModel.ssd1327().oled?.rows == 128)
        #expect(PowerModel.ssd1309().oled == PowerModel.ssd1306().oled)
        #expect(PowerModel.ssd1309().name.contains("the SSD1306's"))
        #expect(PowerModel.ssd1327().name.contains("the SSD1306's"))
        for model in [PowerModel.ssd1306(), .ssd1315(), .ssd1309(), .sh1106(), .ssd1327(), .ssd1680()] {
            #expect(model.supplyVoltage == 3.3)
            #expect((model.oled == nil) != (model.ePaper == nil), "\(model.name): an OLED or an e-paper panel")
        }
    }

    @Test func ePaperRefreshesCostTheirPowerOverTheirDuration() throws {
        let model = PowerModel.ssd1680()
        // 26.4 mW for the controller's expected 0.4 s partial and 2 s full refresh.
        #expect(close(model.refreshEnergy(.partial), 0.0264 * 0.4))
        #expect(close(model.refreshEnergy(.full), 0.0528))
        #expect(model.litPower(pixels: 10_000, light: 1) == 0, "ink is not lit")
        #expect(model.basePower(isOn: true) < 1e-7)
        var settings = SSD1680Controller.Settings()
        settings.expectedFullRefresh = .seconds(4)
        #expect(close(PowerModel.ssd1680(settings: settings).refreshEnergy(.full), 0.1056))
    }

    @Test func busEnergyIsWireTimeAtTheBusCurrent() {
        // One changed digit on an SSD1306 (Docs/Panels.md): 26 bytes in 2 transactions, 256 clocks, 0.64 ms at 400 kHz.
        let digit = BusCost(bytes: 26, transactions: 2)
        #expect(close(PowerModel.Bus.i2c.seconds(digit), 0.00064))
        #expect(close(PowerModel.ssd1306().busEnergy(digit), 0.00064 * 0.0018 * 3.3))
        // Small: the digit's bytes cost what one lit pixel costs in under a second.
        #expect(PowerModel.ssd1306().busEnergy(digit) < PowerModel.ssd1306().litPower(pixels: 1, light: 1))
        // SPI counts 8 clocks a byte at 4 MHz.
        #expect(close(PowerModel.Bus.spi.seconds(BusCost(bytes: 1000, transactions: 3)), 0.002))
    }

    @Test func controllersNameTheirModel() {
        let clock = ManualClock()
        func model(_ controller: any PanelController) -> PowerModel? { PowerModel.of(controller) }
        let i2c = I2CCommandDataBus(device: SSD1306Emulator())
        #expect(model(SSD1306Controller(bus: i2c))?.oled?.rows == 64)
        #expect(model(SSD1306Controller(bus: i2c, model: .ssd1306_128x32))?.oled?.rows == 32)
        #expect(model(SSD1306Controller(bus: i2c, model: .ssd1315_128x64))?.oled?.segmentCurrent == 240e-6)
        #expect(model(SSD1306Controller(bus: i2c, model: .ssd1309_128x64))?.name.hasPrefix("SSD1309") == true)
        #expect(model(SH1106Controller(bus: i2c))?.name.hasPrefix("SH1106") == true)
        #expect(model(SSD1327Controller(bus: i2c))?.oled?.rows == 128)
        let emulator = SSD1680Emulator(clock: clock)
        let paper = SSD1680Controller(bus: SPICommandDataBus(device: emulator.spi, dataCommand: emulator.dataCommandLine),
                                      reset: ResetLine(line: emulator.resetLine, clock: clock), busy: emulator.busyLine, clock: clock)
        #expect(model(paper)?.ePaper != nil)
        let info = FramebufferScreenInfo(width: 8, height: 8, layout: .rgb565)
        #expect(model(FramebufferController(device: MemoryFramebuffer(info: info), info: info)) == nil)
    }
}
