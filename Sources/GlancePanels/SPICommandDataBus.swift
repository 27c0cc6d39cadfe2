/// A `CommandDataBus` over 4-wire SPI: the D/C line is driven low for command bytes and high
/// for data bytes before the bytes are clocked out.
///
/// The bus remembers the D/C level it last drove and only changes it when needed; after a
/// fault `resynchronize()` forgets it so the next call drives the line again.
public actor SPICommandDataBus: CommandDataBus {
    /// The SPI device the bytes go to.
    public nonisolated let device: any SPIDevice
    /// The data/command line: active (high) selects data.
    public nonisolated let dataCommand: any OutputLine
    private var level: Bool?

    /// Creates a bus over `device` and its D/C line; does no I/O.
    public init(device: any SPIDevice, dataCommand: any OutputLine) {
        self.device = device
        self.dataCommand = dataCommand
    }

    /// Drives D/C low and clocks out the commands.
    public func sendCommands(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        try await select(data: false)
        try await device.write(bytes)
    }

    /// Drives D/C high and clocks out the data.
    public func sendData(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        try await select(data: true)
        try await device.write(bytes)
    }

    /// Forgets the remembered D/C level so the next transfer drives it again.
    public func resynchronize() async {
        level = nil
    }

    private func select(data: Bool) async throws {
        guard level != data else { return }
        level = nil
        try await dataCommand.set(data)
        level = data
    }
}
