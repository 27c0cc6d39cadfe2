import GlanceFace
import GlanceGraphics
import GlancePanels

extension PanelAssembly {
    /// Feeds a capture (the capture format, e.g. from `glance run --capture` on hardware) into
    /// the emulator of the board's I2C controller and returns the glass as the simulator would
    /// show it, so a recorded run can be compared with what the simulator draws.
    /// - Parameters:
    ///   - capture: The capture's text.
    ///   - board: The board the capture was recorded on; its controller, size, column offset,
    ///     rotation and address pick the emulator.
    /// - Returns: The glass in the board's orientation and the number of transfers replayed.
    /// - Throws: `CaptureParseError` or `CaptureReplayError` naming the capture line, or
    ///   `PanelAssemblyError` for a controller that is not replayed (SSD1680 e-paper).
    static func replay(_ capture: String, board: BoardConfiguration) async throws -> (glass: Bitmap, transfers: Int) {
        let panel = board.panel
        let address: UInt8 = if case .i2c(_, let address) = panel.connection { UInt8(address) } else { 0x3C }
        let records = try CaptureRecord.parse(capture)
        let device: any I2CDevice
        let read: @Sendable () async -> Bitmap
        let native: Size
        switch panel.controller {
        case .sh1106:
            let emulator = SH1106Emulator(columnOffset: panel.columnOffset, address: address)
            (device, read, native) = (emulator, { await emulator.glass }, Size(width: 128, height: 64))
        case .ssd1327:
            let emulator = SSD1327Emulator(address: address)
            (device, read, native) = (emulator, { await emulator.glass }, Size(width: 128, height: 128))
        case .ssd1306, .ssd1309, .ssd1315:
            let model = try ssd1306Model(board)
            let emulator = SSD1306Emulator(configuration: .init(model: model), address: address)
            (device, read, native) = (emulator, { await emulator.glass }, model.size)
        default:
            throw PanelAssemblyError(board: board.name, message: "captures of \(panel.controller.rawValue) panels cannot be replayed (I2C OLED controllers only)")
        }
        try await CaptureReplayer(i2cDevices: [device]).replay(records)
        let across = native != panel.size && native == Size(width: panel.size.height, height: panel.size.width)
        let glass = oriented(read, degrees: panel.rotation + (across ? 90 : 0), isPaper: false)
        return (await glass(), records.count)
    }
}
