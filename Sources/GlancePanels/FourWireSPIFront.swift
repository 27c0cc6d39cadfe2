/// A controller emulator that can sit behind `FourWireSPIFront`: bytes clocked in with D/C low
/// are commands, with D/C high display data; RST held active resets the registers.
public protocol FourWireSPIReceiver: Actor {
    /// Bytes clocked in with D/C low (opcodes, and on SSD13xx their parameters too).
    func receiveCommands(_ bytes: [UInt8])
    /// Bytes clocked in with D/C high.
    func receiveData(_ bytes: [UInt8])
    /// RST was released after being held: registers to their reset values, RAM kept.
    func hardwareReset()
}

/// The 4-wire SPI side of an emulated panel module (SCLK, MOSI, CS, D/C, RST): it samples D/C
/// for each transfer (the chip samples it with each byte's last bit; a driver never changes it
/// inside one transfer) and ignores everything while RST is held, as the chip does.
public actor FourWireSPIFront<Receiver: FourWireSPIReceiver> {
    /// The emulated controller.
    public nonisolated let receiver: Receiver
    /// Bytes clocked in so far, with the number of transfers (chip-select periods).
    public private(set) var traffic = BusCost()
    /// Bytes clocked in while RST was held (a correct driver sends none).
    public private(set) var bytesDuringReset = 0
    /// Hardware resets seen (RST driven active, then released).
    public private(set) var resets = 0
    private var data = false
    private var inReset = false

    /// Wires `receiver` to SPI lines; D/C starts low and RST released.
    public init(_ receiver: Receiver) {
        self.receiver = receiver
    }

    /// The SPI device a driver writes to.
    public nonisolated var spi: Port { Port(front: self) }
    /// The D/C line (active = data).
    public nonisolated var dataCommandLine: Line { Line(front: self, name: "dc") }
    /// The RST line (active = held in reset).
    public nonisolated var resetLine: Line { Line(front: self, name: "rst") }

    /// The module's SPI device (bus 0, chip select 0).
    public struct Port: SPIDevice {
        let front: FourWireSPIFront
        /// Bus 0.
        public var bus: Int { 0 }
        /// Chip select 0.
        public var chipSelect: Int { 0 }
        /// The kernel's default `bufsiz`.
        public var maximumTransferLength: Int { 4096 }
        /// Clocks `bytes` in.
        public func write(_ bytes: [UInt8]) async throws { await front.clock(bytes) }
    }

    /// One of the module's input lines driven by the host.
    public struct Line: OutputLine {
        let front: FourWireSPIFront
        /// `dc` or `rst`.
        public let name: String
        /// Drives the line.
        public func set(_ active: Bool) async throws { await front.drive(name, active) }
    }

    func clock(_ bytes: [UInt8]) async {
        traffic = traffic + BusCost(bytes: bytes.count, transactions: 1)
        guard !inReset else {
            bytesDuringReset += bytes.count
            return
        }
        if data { await receiver.receiveData(bytes) } else { await receiver.receiveCommands(bytes) }
    }

    func drive(_ name: String, _ active: Bool) async {
        switch name {
        case "dc":
            data = active
        default:
            if inReset, !active {
                resets += 1
                await receiver.hardwareReset()
            }
            inReset = active
        }
    }
}
