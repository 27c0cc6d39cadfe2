import CI2C
import GlancePanels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An I2C device on a Linux bus (`/dev/i2c-N`), written through i2c-dev.
///
/// Adapters that speak plain I2C get one `I2C_RDWR` message per transaction, up to the kernel's
/// 8192 bytes per message, so a whole 128×64 frame goes in one transaction. SMBus-only
/// adapters get libi2c's `i2c_smbus_write_i2c_block_data`: its command byte carries the
/// transaction's first byte (the control byte, e.g. 0x40) and up to 32 data bytes follow, so
/// `maximumTransactionLength` is 33 and the caller's splitting gives each block its own control
/// byte. The bytes on the wire are the same either way: START, address, control byte, data, STOP.
///
/// Writes run on a serial queue of their own (a frame at 100 kHz takes ~90 ms), in call order.
public final class LinuxI2CDevice: I2CDevice, @unchecked Sendable {
    // @unchecked: `descriptor` is only read or closed on `queue`; everything else is immutable.

    /// How transactions reach the bus.
    public enum Mode: Hashable, Sendable {
        /// `I2C_RDWR` with one message per transaction (adapters with `I2C_FUNC_I2C`).
        case messages
        /// libi2c SMBus I2C-block writes of at most 32 data bytes after the control byte.
        case smbusBlocks
    }

    /// The largest message i2c-dev accepts in `I2C_RDWR` (its `len` limit).
    public static let messageLimit = 8192
    /// The most data bytes in one SMBus block write.
    public static let smbusBlockLimit = 32

    /// The bus number, N in `/dev/i2c-N`.
    public let bus: Int
    /// The 7-bit device address.
    public let address: UInt8
    /// The device path that was opened.
    public let path: String
    /// How transactions reach the bus.
    public let mode: Mode
    /// 8192 with I2C messages; 33 with SMBus blocks (control byte as command + 32 data bytes).
    public var maximumTransactionLength: Int { Self.maximumTransactionLength(for: mode) }
    private var descriptor: Int32
    private let queue: BlockingQueue

    private init(bus: Int, address: UInt8, path: String, mode: Mode, descriptor: Int32) {
        self.bus = bus
        self.address = address
        self.path = path
        self.mode = mode
        self.descriptor = descriptor
        queue = BlockingQueue(label: "glance.i2c-\(bus).\(address)")
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// The transaction limit for a mode.
    public static func maximumTransactionLength(for mode: Mode) -> Int {
        switch mode {
        case .messages: messageLimit
        case .smbusBlocks: 1 + smbusBlockLimit
        }
    }

    /// The mode an adapter's `I2C_FUNCS` mask allows, preferring plain I2C messages; nil when it
    /// allows neither.
    public static func mode(forFunctionality functionality: UInt, preferSMBus: Bool = false) -> Mode? {
        let messages = functionality & UInt(I2C_FUNC_I2C) != 0
        let blocks = functionality & UInt(I2C_FUNC_SMBUS_WRITE_I2C_BLOCK) != 0
        if messages && !(preferSMBus && blocks) { return .messages }
        return blocks ? .smbusBlocks : nil
    }

    /// Opens the device at `address` on `/dev/i2c-<bus>` and checks what the adapter supports.
    /// - Parameters:
    ///   - bus: N in `/dev/i2c-N` (1 on a Raspberry Pi's header).
    ///   - address: The 7-bit address (0x3C or 0x3D for OLED panels).
    ///   - deviceDirectory: Where the bus devices live (`/dev`).
    ///   - preferSMBus: Use SMBus blocks even when the adapter speaks plain I2C (for testing a
    ///     setup that will run on an SMBus-only adapter).
    /// - Throws: `I2CError`: no such bus (how to enable I2C), permission denied (the `i2c`
    ///   group), not an adapter, unsupported adapter, address claimed by a kernel driver.
    public static func open(bus: Int, address: UInt8, deviceDirectory: String = "/dev", preferSMBus: Bool = false) throws -> LinuxI2CDevice {
        guard (0x03...0x77).contains(address) else { throw I2CError.invalidAddress(bus: bus, address: address) }
        let path = "\(deviceDirectory)/i2c-\(bus)"
        let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw I2CError.open(bus: bus, path: path, errno: errno) }
        var functionality: UInt = 0
        guard ioctl(descriptor, UInt(I2C_FUNCS), &functionality) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw I2CError.functionality(bus: bus, path: path, errno: code)
        }
        guard let mode = mode(forFunctionality: functionality, preferSMBus: preferSMBus) else {
            Glibc.close(descriptor)
            throw I2CError.unsupportedAdapter(bus: bus, functionality: functionality)
        }
        if mode == .smbusBlocks {
            // SMBus calls take the address from the descriptor; I2C_SLAVE refuses (EBUSY) an
            // address a kernel driver has bound, which is exactly what the user needs to know.
            guard ioctl(descriptor, UInt(I2C_SLAVE), CInt(address)) == 0 else {
                let code = errno
                Glibc.close(descriptor)
                throw I2CError.claim(bus: bus, address: address, errno: code)
            }
        }
        return LinuxI2CDevice(bus: bus, address: address, path: path, mode: mode, descriptor: descriptor)
    }

    /// Writes `bytes` as one transaction (nothing for an empty array).
    /// - Throws: `I2CError.transactionTooLong` above `maximumTransactionLength`; `.write` when
    ///   the bus refuses (for example nobody acknowledged); `.closed` after `close()`.
    public func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        guard bytes.count <= maximumTransactionLength else {
            throw I2CError.transactionTooLong(bus: bus, address: address, length: bytes.count, limit: maximumTransactionLength)
        }
        try await queue.run { try self.writeNow(bytes) }
    }

    /// Closes the device after writes already submitted; later writes throw `I2CError.closed`.
    public func close() async {
        _ = try? await queue.run {
            if self.descriptor >= 0 { Glibc.close(self.descriptor) }
            self.descriptor = -1
        }
    }

    private func writeNow(_ bytes: [UInt8]) throws {
        guard descriptor >= 0 else { throw I2CError.closed(bus: bus, address: address) }
        switch mode {
        case .messages:
            var buffer = bytes
            let result = buffer.withUnsafeMutableBufferPointer { data -> Int32 in
                var message = i2c_msg(addr: UInt16(address), flags: 0, len: UInt16(data.count), buf: data.baseAddress)
                return withUnsafeMutablePointer(to: &message) { messages in
                    var transfer = i2c_rdwr_ioctl_data(msgs: messages, nmsgs: 1)
                    return ioctl(descriptor, UInt(I2C_RDWR), &transfer)
                }
            }
            guard result >= 0 else { throw I2CError.write(bus: bus, address: address, errno: errno) }
        case .smbusBlocks:
            let result: Int32
            if bytes.count == 1 {
                result = i2c_smbus_write_byte(descriptor, bytes[0])
            } else {
                result = Array(bytes.dropFirst()).withUnsafeBufferPointer { data in
                    i2c_smbus_write_i2c_block_data(descriptor, bytes[0], UInt8(data.count), data.baseAddress)
                }
            }
            // libi2c returns the negated error number.
            guard result >= 0 else { throw I2CError.write(bus: bus, address: address, errno: -result) }
        }
    }
}
