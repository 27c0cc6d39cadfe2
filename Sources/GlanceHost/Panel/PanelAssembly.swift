import Foundation
import GlanceFace
import GlanceGraphics
import GlanceLinux
import GlancePanels

/// Opening a board's panel from its board file: the real controller driver over Linux I2C or
/// SPI (or an in-process emulator for simulator boards), optionally recorded to a capture log.
extension PanelAssembly {
    /// Opens the board's panel. Nothing is sent until the pipeline shows a frame.
    /// - Parameters:
    ///   - board: The board preset.
    ///   - clock: The host's clock (resets, BUSY waits, retries, burn-in shift, refresh policy).
    ///   - capture: When given, every bus transfer is also recorded there.
    ///   - stateDirectory: Where e-ink refresh state and the OLED wear map are kept.
    ///   - report: Called once per failure and once per recovery of the panel.
    ///   - note: Receives the display's log lines (an unreadable e-paper state file, say).
    ///   - shiftsAgainstBurnIn: Whether the display moves OLED pictures on its burn-in schedule
    ///     (a face: yes; a test pattern that must land exactly where it was drawn: no).
    ///   - wrapI2C: Wraps the I2C device before the driver uses it (tests inject faults here).
    /// - Throws: `I2CError`, `SPIError` or `GPIOError` explaining what to fix.
    static func open(board: BoardConfiguration, clock: any HostClock, capture: CaptureLog?, stateDirectory: URL,
                     report: @escaping @Sendable (PanelPipeline.Event) -> Void = { _ in },
                     note: @escaping @Sendable (String) -> Void = { _ in }, shiftsAgainstBurnIn: Bool = true,
                     wrapI2C: (any I2CDevice) -> any I2CDevice = { $0 }) throws -> PanelAssembly {
        let panel = board.panel
        var glass: (@Sendable () async -> Bitmap)?
        let controller: any PanelController
        var store: (any PanelRecordStore<EInkState>)?

        func drive(_ table: [BrightnessLevel: OLEDDrive]) -> [BrightnessLevel: OLEDDrive] {
            driveTable(table, board: board)
        }

        func i2c(_ device: any I2CDevice) -> any CommandDataBus {
            let device = wrapI2C(device)
            return I2CCommandDataBus(device: capture.map { CapturingI2CDevice(device, log: $0) } ?? device)
        }

        /// An SPI device with its D/C and RST lines as a bus and a reset line, each recorded to the capture when there is one.
        func spiBus(_ device: any SPIDevice, dc: any OutputLine, reset: any OutputLine) -> (bus: any CommandDataBus, reset: ResetLine) {
            let bus = SPICommandDataBus(device: capture.map { CapturingSPIDevice(device, log: $0) } ?? device,
                                        dataCommand: capture.map { CapturingOutputLine(dc, isDataCommand: true, log: $0) } ?? dc)
            return (bus, ResetLine(line: capture.map { CapturingOutputLine(reset, log: $0) } ?? reset, clock: clock))
        }

        /// `/dev/spidevB.C` with its D/C, RST and (e-paper) BUSY lines, each recorded to the capture when there is one.
        func spi(bus: Int, chipSelect: Int, dc: Int?, reset: Int?, busy: Int?, busyActiveLow: Bool = false) throws -> (bus: any CommandDataBus, reset: ResetLine, busy: (any InputLine)?) {
            guard let dc, let reset else { throw PanelAssemblyError(board: board.name, message: "\(panel.controller.rawValue) needs its DC and RST lines (dc:, reset:)") }
            let device = try LinuxSPIDevice.open(bus: bus, chipSelect: chipSelect)
            let chips = GPIOChipSelector.labels(board.buttons.chips.isEmpty ? ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"] : board.buttons.chips)
            let reserved = ReservedPin.raspberryPiSPI(bus: bus)
            let dcLine = try GPIOOutputLine.open(name: "dc", chip: chips, offset: dc, reserved: reserved)
            let resetOutput = try GPIOOutputLine.open(name: "rst", chip: chips, offset: reset, activeLow: true, reserved: reserved)
            let busyInput = try busy.map { try GPIOInputLine.open(name: "busy", chip: chips, offset: $0, activeLow: busyActiveLow, reserved: reserved) }
            let wired = spiBus(device, dc: dcLine, reset: resetOutput)
            return (wired.bus, wired.reset, busyInput)
        }

        switch (panel.controller, panel.connection) {
        case (.ssd1680, .emulated), (.ssd1681, .emulated):
            let model = panel.controller.ssd16xxPanel!
            let emulator = SSD1680Emulator(clock: clock, model: model)
            let wiring = spiBus(emulator.spi, dc: emulator.dataCommandLine, reset: emulator.resetLine)
            controller = SSD1680Controller(bus: wiring.bus, reset: wiring.reset, busy: emulator.busyLine, clock: clock, model: model)
            // The emulated glass starts blank every run, so its refresh state must too.
            store = MemoryRecordStore<EInkState>()
            glass = { await emulator.glass }
        case (.ssd1680, .spi(let bus, let chipSelect, let dc, let resetLine, let busy)),
             (.ssd1681, .spi(let bus, let chipSelect, let dc, let resetLine, let busy)):
            let wiring = try spi(bus: bus, chipSelect: chipSelect, dc: dc, reset: resetLine, busy: busy)
            guard let busyInput = wiring.busy else { throw PanelAssemblyError(board: board.name, message: "an e-paper panel needs its BUSY line") }
            controller = SSD1680Controller(bus: wiring.bus, reset: wiring.reset, busy: busyInput, clock: clock, model: panel.controller.ssd16xxPanel!)
            store = FileRecordStore<EInkState>(url: FileRecordStore<EInkState>.url(board: board.name, in: stateDirectory))
        case (.ssd1322, .emulated):
            let emulator = SSD1322Emulator()
            let front = FourWireSPIFront(emulator)
            let wiring = spiBus(front.spi, dc: front.dataCommandLine, reset: front.resetLine)
            controller = SSD1322Controller(bus: wiring.bus, drive: drive(SSD1322Controller.defaultDrive), reset: wiring.reset)
            glass = { await emulator.glass }
        case (.ssd1322, .spi(let bus, let chipSelect, let dc, let resetLine, _)):
            let wiring = try spi(bus: bus, chipSelect: chipSelect, dc: dc, reset: resetLine, busy: nil)
            controller = SSD1322Controller(bus: wiring.bus, drive: drive(SSD1322Controller.defaultDrive), reset: wiring.reset)
        case (.uc8151, .emulated):
            let emulator = UC8151Emulator(clock: clock)
            let front = FourWireSPIFront(emulator)
            let wiring = spiBus(front.spi, dc: front.dataCommandLine, reset: front.resetLine)
            controller = UC8151Controller(bus: wiring.bus, reset: wiring.reset, busy: emulator.busyLine, clock: clock)
            store = MemoryRecordStore<EInkState>()
            glass = { await emulator.glass }
        case (.uc8151, .spi(let bus, let chipSelect, let dc, let resetLine, let busy)):
            // The UC8151's BUSY is low while it works.
            let wiring = try spi(bus: bus, chipSelect: chipSelect, dc: dc, reset: resetLine, busy: busy, busyActiveLow: true)
            guard let busyInput = wiring.busy else { throw PanelAssemblyError(board: board.name, message: "an e-paper panel needs its BUSY line") }
            controller = UC8151Controller(bus: wiring.bus, reset: wiring.reset, busy: busyInput, clock: clock)
            store = FileRecordStore<EInkState>(url: FileRecordStore<EInkState>.url(board: board.name, in: stateDirectory))
        case (.ssd1306, .spi(let bus, let chipSelect, let dc, let resetLine, _)),
             (.ssd1309, .spi(let bus, let chipSelect, let dc, let resetLine, _)),
             (.ssd1315, .spi(let bus, let chipSelect, let dc, let resetLine, _)):
            let wiring = try spi(bus: bus, chipSelect: chipSelect, dc: dc, reset: resetLine, busy: nil)
            controller = SSD1306Controller(bus: wiring.bus, model: try ssd1306Model(board), reset: wiring.reset)
        case (.ls013b7dh03, .emulated), (.ls027b7dh01, .emulated):
            let model = panel.controller.sharpModel!
            let emulator = SharpMemoryEmulator(model: model, clock: clock)
            controller = SharpMemoryController(device: capture.map { CapturingSPIDevice(emulator, log: $0) } ?? emulator, model: model)
            glass = { await emulator.glass }
        case (.ls013b7dh03, .spi(let bus, let chipSelect, _, _, _)), (.ls027b7dh01, .spi(let bus, let chipSelect, _, _, _)):
            // SCS is active high; 1 MHz is what Adafruit's driver runs the 1.28" panel at.
            let device = try LinuxSPIDevice.open(bus: bus, chipSelect: chipSelect, speed: 1_000_000, chipSelectActiveHigh: true)
            controller = SharpMemoryController(device: capture.map { CapturingSPIDevice(device, log: $0) } ?? device, model: panel.controller.sharpModel!)
        case (.sh1106, .emulated):
            let emulator = SH1106Emulator(columnOffset: panel.columnOffset)
            controller = SH1106Controller(bus: i2c(emulator), columnOffset: panel.columnOffset, drive: drive(SH1106Controller.defaultDrive))
            glass = { await emulator.glass }
        case (.sh1107, .emulated):
            let emulator = SH1107Emulator()
            controller = SH1107Controller(bus: i2c(emulator), drive: drive(SH1107Controller.defaultDrive))
            glass = { await emulator.glass }
        case (.ssd1327, .emulated):
            let emulator = SSD1327Emulator()
            controller = SSD1327Controller(bus: i2c(emulator), drive: drive(SSD1327Controller.defaultDrive))
            glass = { await emulator.glass }
        case (.framebuffer, .emulated):
            // A 16-bit screen of the board's size, as the TFT overlays' drivers give.
            let screen = MemoryFramebuffer(info: FramebufferScreenInfo(width: panel.size.width, height: panel.size.height, layout: .rgb565), fill: 0)
            let light = MemoryBacklight()
            controller = FramebufferController(device: screen, info: screen.info, backlight: panel.backlight == "none" ? nil : light)
            glass = { await light.lit(await screen.screen) }
        case (_, .emulated):
            let model = try ssd1306Model(board)
            let emulator = SSD1306Emulator(configuration: .init(model: model))
            controller = SSD1306Controller(bus: i2c(emulator), model: model)
            glass = { await emulator.glass }
        case (_, .i2c(let bus, let address)):
            let device = try LinuxI2CDevice.open(bus: bus, address: UInt8(address))
            switch panel.controller {
            case .sh1106: controller = SH1106Controller(bus: i2c(device), columnOffset: panel.columnOffset, drive: drive(SH1106Controller.defaultDrive))
            case .sh1107: controller = SH1107Controller(bus: i2c(device), drive: drive(SH1107Controller.defaultDrive))
            case .ssd1327: controller = SSD1327Controller(bus: i2c(device), drive: drive(SSD1327Controller.defaultDrive))
            default: controller = SSD1306Controller(bus: i2c(device), model: try ssd1306Model(board))
            }
        case (.framebuffer, .framebuffer(let path)):
            let device = try LinuxFramebufferDevice.open(path: path)
            let native = Size(width: device.info.width, height: device.info.height)
            guard native == panel.size || native == Size(width: panel.size.height, height: panel.size.width) else {
                throw PanelAssemblyError(board: board.name, message: "\(path) is \(native.width)x\(native.height), the board says \(panel.size.width)x\(panel.size.height) (check the overlay's rotate= and the board's size)")
            }
            controller = FramebufferController(device: device, info: device.info,
                                               backlight: try backlight(board: board, note: note).map { ForgivingBacklight($0, note: note) })
        default:
            throw PanelAssemblyError(board: board.name, message: "\(panel.controller.rawValue) cannot be driven over this bus")
        }
        // A board described across a portrait controller (or the reverse) turns a quarter more.
        let native = controller.panel.size
        // The state files hold the controller's frames: read only at this panel's size.
        if let file = store as? FileRecordStore<EInkState> { store = FileRecordStore<EInkState>(url: file.url, panelSize: native) }
        let across = native != panel.size && native == Size(width: panel.size.height, height: panel.size.width)
        let degrees = panel.rotation + (across ? 90 : 0)
        let rotation = PanelRotation(degrees: degrees) ?? .none
        let settings = PanelPipeline.Settings(rotation: rotation, monoConversion: panel.mono)
        let pipeline = PanelPipeline(controller: controller, clock: clock, settings: settings, report: report)
        var displaySettings = PanelDisplay.Settings(shiftPeriod: shiftsAgainstBurnIn && panel.burnIn.strategy != nil ? panel.burnIn.period : nil,
                                                    ePaper: panel.ePaper)
        displaySettings.shiftStrategy = panel.burnIn.strategy ?? .wearGuided
        displaySettings.maximumShift = panel.burnIn.maximum
        let display = PanelDisplay(pipeline: pipeline, clock: clock, settings: displaySettings, store: store,
                                   wearStore: FileRecordStore<WearMap>(url: FileRecordStore<WearMap>.url(board: board.name, in: stateDirectory), panelSize: native),
                                   report: note)
        // Reflective glass (paper, memory LCD) and screens are shown as they are; lit OLED glass is normalised.
        let isPaper = [.ePaper, .memoryLCD, .framebuffer].contains(controller.panel.technology)
        let shownGlass = glass.map { oriented($0, degrees: degrees, isPaper: isPaper) }
        return PanelAssembly(display: display, glass: shownGlass)
    }

    /// An emulator's glass as the simulator shows it: brightness normalised, turned back to
    /// the board's orientation.
    static func oriented(_ read: @escaping @Sendable () async -> Bitmap, degrees: Int, isPaper: Bool) -> @Sendable () async -> Bitmap {
        let inverse = PanelRotation(degrees: 360 - degrees) ?? .none
        let normalizer = GlassNormalizer(isPaper: isPaper)
        return { inverse.apply(to: await normalizer.normalize(await read())) }
    }

    /// The board's backlight: `none`; a name in `/sys/class/backlight`; or `auto`, the only one
    /// there (several: none is used, and the note says which names `backlight:` takes).
    static func backlight(board: BoardConfiguration, note: (String) -> Void,
                          root: URL = URL(fileURLWithPath: "/sys/class/backlight")) throws -> (any Backlight)? {
        let available = SysfsBacklight.available(in: root)
        switch board.panel.backlight {
        case "none":
            return nil
        case "auto":
            guard available.count == 1 else {
                if available.count > 1 { note("several backlights (\(available.joined(separator: ", "))): dimming is off; name one with backlight: in the board file") }
                return nil
            }
            return try SysfsBacklight(directory: root.appendingPathComponent(available[0]))
        case let name:
            guard available.contains(name) else {
                throw PanelAssemblyError(board: board.name, message: "no backlight '\(name)' in \(root.path) (there: \(available.isEmpty ? "none" : available.joined(separator: ", ")))")
            }
            return try SysfsBacklight(directory: root.appendingPathComponent(name))
        }
    }

    /// The SSD1306-family model for the board's controller and size.
    static func ssd1306Model(_ board: BoardConfiguration) throws -> SSD1306Controller.Model {
        let variant: SSD1306Variant = switch board.panel.controller {
        case .ssd1309: .ssd1309
        case .ssd1315: .ssd1315
        default: .ssd1306
        }
        guard var model = SSD1306Controller.Model.all.first(where: { $0.variant == variant && $0.size == board.panel.size }) else {
            throw PanelAssemblyError(board: board.name, message: "no \(board.panel.controller.rawValue) model of \(board.panel.size.width)x\(board.panel.size.height)")
        }
        model.drive = driveTable(model.drive, board: board)
        return model
    }

    /// A controller's drive table with the board's own levels (`drive:`) in place of its; an
    /// SSD1315 level keeps its internal-reference step.
    static func driveTable(_ table: [BrightnessLevel: OLEDDrive], board: BoardConfiguration) -> [BrightnessLevel: OLEDDrive] {
        table.merging(board.panel.drive) { base, own in
            var drive = own
            drive.internalReference = base.internalReference
            return drive
        }
    }
}

/// Scales an OLED emulator's glass so the normal brightness shows as full white: the
/// emulators model luminance in absolute terms (contrast 0x80 is about half), which would
/// make every simulated panel look dim. The first lit reading is the reference; dimmed
/// levels then show darker in proportion. E-paper glass is passed through.
actor GlassNormalizer {
    private let isPaper: Bool
    private var reference: UInt8?

    init(isPaper: Bool) {
        self.isPaper = isPaper
    }

    func normalize(_ glass: Bitmap) -> Bitmap {
        guard !isPaper, let brightest = glass.pixels.max(), brightest > 0 else { return glass }
        let reference = self.reference ?? brightest
        self.reference = reference
        var result = glass
        for index in result.pixels.indices where result.pixels[index] > 0 {
            result.pixels[index] = UInt8(min(255, Int(result.pixels[index]) * 255 / Int(reference)))
        }
        return result
    }
}

/// A backlight whose failures (a `brightness` file the user may not write) are logged once and
/// otherwise ignored: the screen keeps working, undimmed, instead of being treated as failed.
actor ForgivingBacklight: Backlight {
    nonisolated let name: String
    private let inner: any Backlight
    private let note: @Sendable (String) -> Void
    private var reported = false

    init(_ inner: any Backlight, note: @escaping @Sendable (String) -> Void) {
        self.inner = inner
        self.name = inner.name
        self.note = note
    }

    func set(fraction: Double) async {
        do {
            try await inner.set(fraction: fraction)
        } catch {
            guard !reported else { return }
            reported = true
            note("backlight \(name): \(error); the screen is not dimmed")
        }
    }
}

/// A board whose panel cannot be put together.
struct PanelAssemblyError: Error, CustomStringConvertible {
    let board: String
    let message: String
    var description: String { "board '\(board)': \(message)" }
}
