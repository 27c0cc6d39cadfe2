import GlancePanels
import GlanceTesting
import Testing

/// Records raw transactions.
actor RecordingI2C: I2CDevice {
    nonisolated let bus = 1
    nonisolated let address: UInt8 = 0x3C
    nonisolated let maximumTransactionLength: Int
    private(set) var transactions: [[UInt8]] = []
    init(limit: Int) { maximumTransactionLength = limit }
    func write(_ bytes: [UInt8]) async throws { transactions.append(bytes) }
}

@Suite struct BusTests {
    @Test func longDataIsSplitWithAFreshControlBytePerPart() async throws {
        let device = RecordingI2C(limit: 5)
        let bus = I2CCommandDataBus(device: device)
        try await bus.sendData([1, 2, 3, 4, 5, 6, 7, 8, 9])
        try await bus.sendCommands([0xAE, 0xD5, 0x80])
        #expect(await device.transactions == [[0x40, 1, 2, 3, 4], [0x40, 5, 6, 7, 8], [0x40, 9], [0x00, 0xAE, 0xD5, 0x80]])
    }

    @Test func singleCommandBeforeDataIsFusedIntoOneTransaction() async throws {
        let device = RecordingI2C(limit: 64)
        let bus = I2CCommandDataBus(device: device)
        try await bus.sendCommands([0xB3], thenData: [0xAA, 0x55])
        // 80 B3 40 AA 55 (5 bytes, 1 transaction) beats 00 B3 + 40 AA 55 (5 bytes, 2 transactions).
        #expect(await device.transactions == [[0x80, 0xB3, 0x40, 0xAA, 0x55]])
        try await bus.sendCommands([0x21, 0, 127, 0x22, 0, 7], thenData: [1])
        // Six commands cost 12 bytes fused; two transactions are cheaper.
        #expect(await device.transactions.suffix(2) == [[0x00, 0x21, 0, 127, 0x22, 0, 7], [0x40, 1]])
    }

    @Test func busCostMatchesHardwareTable() {
        // Docs/Panels.md, "Bus time": a 128×64 frame in one message is 1026 bytes on the wire: 92.4 ms at 100 kHz.
        let frame = BusCost(bytes: 1025, transactions: 1)
        #expect(abs(frame.seconds(atHertz: 100_000) * 1000 - 92.4) < 0.05)
        // 32-byte SMBus blocks: 32 transactions of 33 bytes: 98.6 ms.
        let blocks = BusCost(bytes: 32 * 33, transactions: 32)
        #expect(abs(blocks.seconds(atHertz: 100_000) * 1000 - 98.6) < 0.05)
        // SSD1327 frame, two messages: 737.7 ms.
        let gray = BusCost(bytes: 8192 + 2, transactions: 2)
        #expect(abs(gray.seconds(atHertz: 100_000) * 1000 - 737.7) < 0.05)
    }
}
