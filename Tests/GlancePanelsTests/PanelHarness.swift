import GlancePanels
import GlanceTesting

/// A controller wired to its emulator, with access to what the emulator's glass shows.
struct PanelHarness: Sendable {
    let name: String
    let controller: any PanelController
    let shown: @Sendable () async -> Bitmap
    let glass: @Sendable () async -> Bitmap
    let traffic: @Sendable () async -> BusCost
}

/// Every OLED setup the property tests cover.
enum OLEDSetup: Sendable, CustomStringConvertible, Hashable {
    case ssd1306(SSD1306Controller.Model)
    case sh1106(offset: Int)
    /// The 7-pin SPI module (D/C and RST lines) of an SSD1306-family model.
    case ssd1306SPI(SSD1306Controller.Model)
    case sh1107

    static let all: [OLEDSetup] = SSD1306Controller.Model.all.map { .ssd1306($0) } + [0, 2, 4].map { .sh1106(offset: $0) }
        + [SSD1306Controller.Model.ssd1306_128x64, .ssd1309_128x64].map { .ssd1306SPI($0) } + [.sh1107]

    var description: String {
        switch self {
        case let .ssd1306(model): model.name
        case let .sh1106(offset): "SH1106 offset \(offset)"
        case let .ssd1306SPI(model): "\(model.name) over SPI"
        case .sh1107: "SH1107 128×128"
        }
    }

    /// Builds the emulator and controller; `wrap` may interpose on the emulator's I2C device
    /// (SPI modules have none and ignore it).
    func make(wrap: (any I2CDevice) -> any I2CDevice = { $0 }) -> PanelHarness {
        switch self {
        case let .ssd1306(model):
            let emulator = SSD1306Emulator(configuration: .init(model: model))
            let controller = SSD1306Controller(bus: I2CCommandDataBus(device: wrap(emulator)), model: model)
            return PanelHarness(name: description, controller: controller, shown: { await emulator.shownImage },
                                glass: { await emulator.glass }, traffic: { await emulator.traffic })
        case let .sh1106(offset):
            let emulator = SH1106Emulator(columnOffset: offset)
            let controller = SH1106Controller(bus: I2CCommandDataBus(device: wrap(emulator)), columnOffset: offset)
            return PanelHarness(name: description, controller: controller, shown: { await emulator.shownImage },
                                glass: { await emulator.glass }, traffic: { await emulator.traffic })
        case let .ssd1306SPI(model):
            let emulator = SSD1306Emulator(configuration: .init(model: model))
            let front = FourWireSPIFront(emulator)
            let controller = SSD1306Controller(bus: SPICommandDataBus(device: front.spi, dataCommand: front.dataCommandLine), model: model,
                                               reset: ResetLine(line: front.resetLine, clock: ManualClock()))
            return PanelHarness(name: description, controller: controller, shown: { await emulator.shownImage },
                                glass: { await emulator.glass }, traffic: { await front.traffic })
        case .sh1107:
            let emulator = SH1107Emulator()
            let controller = SH1107Controller(bus: I2CCommandDataBus(device: wrap(emulator)))
            return PanelHarness(name: description, controller: controller, shown: { await emulator.shownImage },
                                glass: { await emulator.glass }, traffic: { await emulator.traffic })
        }
    }
}
