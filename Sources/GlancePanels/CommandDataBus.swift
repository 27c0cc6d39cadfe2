/// A write-only link that keeps command bytes and data bytes apart. Calls never interleave:
/// each call finishes on the wire before the next begins, and a call's bytes arrive in order.
///
/// Command bytes go to a controller's command decoder (which collects parameters across calls);
/// data bytes go to display RAM at the controller's write pointer.
public protocol CommandDataBus: Sendable {
    /// Sends command bytes (opcodes and their parameters).
    /// - Throws: The transport's error; the controller's state is then unknown.
    func sendCommands(_ bytes: [UInt8]) async throws
    /// Sends display data bytes.
    /// - Throws: The transport's error; the controller's state is then unknown.
    func sendData(_ bytes: [UInt8]) async throws
    /// Sends `commands` followed by `data`, letting the bus pick the cheapest encoding
    /// (for example one I2C transaction with single-command control bytes).
    /// - Throws: The transport's error; the controller's state is then unknown.
    func sendCommands(_ commands: [UInt8], thenData data: [UInt8]) async throws
    /// Drives an auxiliary line the bus owns (such as SPI D/C) back to a known level after a fault;
    /// buses without such state do nothing.
    func resynchronize() async
}

extension CommandDataBus {
    /// Sends the commands, then the data, as two calls.
    public func sendCommands(_ commands: [UInt8], thenData data: [UInt8]) async throws {
        if !commands.isEmpty { try await sendCommands(commands) }
        if !data.isEmpty { try await sendData(data) }
    }

    /// Sends one opcode as a command byte and its parameters as data bytes: the framing of the
    /// controllers whose parameters are data over SPI (SSD1322, SSD16xx e-paper, UC8151).
    /// - Throws: The transport's error.
    func sendCommand(_ opcode: UInt8, dataParameters parameters: [UInt8]) async throws {
        try await sendCommands([opcode])
        if !parameters.isEmpty { try await sendData(parameters) }
    }

    /// Buses without cached line state have nothing to resynchronize.
    public func resynchronize() async {}
}
