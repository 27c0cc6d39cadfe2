/// A `CommandDataBus` over an I2C device using the SSD13xx/SH1106 control bytes.
///
/// Control bytes (Docs/Panels.md, "I2C addressing and control bytes"): `0x00` all following bytes are commands,
/// `0x40` all following bytes are data, `0x80` one command then another control byte,
/// `0xC0` one data byte then another control byte. Transfers longer than the device's
/// `maximumTransactionLength` are split, each part with a fresh control byte.
public struct I2CCommandDataBus: CommandDataBus {
    /// The device the bytes go to.
    public let device: any I2CDevice

    /// Control byte: every following byte in the transaction is a command.
    static let commandStream: UInt8 = 0x00
    /// Control byte: every following byte in the transaction is display data.
    static let dataStream: UInt8 = 0x40
    /// Control byte: exactly one command byte follows, then another control byte.
    static let singleCommand: UInt8 = 0x80

    /// Creates a bus over `device`; does no I/O.
    public init(device: any I2CDevice) {
        self.device = device
    }

    /// Sends the commands after a `0x00` control byte, split at the transaction limit.
    public func sendCommands(_ bytes: [UInt8]) async throws {
        try await sendStream(control: Self.commandStream, bytes)
    }

    /// Sends the data after a `0x40` control byte, split at the transaction limit.
    public func sendData(_ bytes: [UInt8]) async throws {
        try await sendStream(control: Self.dataStream, bytes)
    }

    /// Sends commands then data in whichever encoding costs fewer bus clocks: two transactions
    /// (`00 c…`, `40 d…`) or one (`80 c 80 c … 40 d…`), which wins only for very short command runs.
    public func sendCommands(_ commands: [UInt8], thenData data: [UInt8]) async throws {
        let fused = Self.fusedEncoding(commands: commands, data: data)
        if !commands.isEmpty, !data.isEmpty, fused.count <= device.maximumTransactionLength,
           BusCost(bytes: fused.count, transactions: 1).clocks < Self.separateCost(commands.count, data.count, limit: device.maximumTransactionLength).clocks {
            try await device.write(fused)
            return
        }
        if !commands.isEmpty { try await sendCommands(commands) }
        if !data.isEmpty { try await sendData(data) }
    }

    // MARK: - Encoding

    private func sendStream(control: UInt8, _ bytes: [UInt8]) async throws {
        let chunk = max(1, device.maximumTransactionLength - 1)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            var message = [UInt8]()
            message.reserveCapacity(end - start + 1)
            message.append(control)
            message.append(contentsOf: bytes[start..<end])
            try await device.write(message)
            start = end
        }
    }

    /// One transaction: each command behind a `0x80`, then `0x40` and the data.
    static func fusedEncoding(commands: [UInt8], data: [UInt8]) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(commands.count * 2 + 1 + data.count)
        for command in commands { bytes += [singleCommand, command] }
        bytes.append(dataStream)
        bytes += data
        return bytes
    }

    /// The cost of sending `commands` and `data` bytes as separate streams at `limit` bytes per transaction.
    static func separateCost(_ commands: Int, _ data: Int, limit: Int) -> BusCost {
        streamCost(commands, limit: limit) + streamCost(data, limit: limit)
    }

    /// The cost of one control-byte stream of `count` bytes split at `limit` bytes per transaction.
    static func streamCost(_ count: Int, limit: Int) -> BusCost {
        guard count > 0 else { return BusCost() }
        let chunk = max(1, limit - 1)
        let parts = (count + chunk - 1) / chunk
        return BusCost(bytes: count + parts, transactions: parts)
    }
}
