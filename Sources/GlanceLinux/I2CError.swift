#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an I2C operation failed, with what to do about it in the message.
///
/// The error keeps the C library's error number; `reason` and `description` are pure functions
/// of it, so every message is tested without hardware.
public enum I2CError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What an error number means for an I2C user.
    public enum Reason: Hashable, Sendable {
        /// Nobody acknowledged the address (`EREMOTEIO`, `ENXIO`): unplugged or wrong address.
        case noAcknowledge
        /// The user may not open the device (`EACCES`, `EPERM`).
        case permissionDenied
        /// The bus device does not exist (`ENOENT`, `ENODEV`): I2C not enabled.
        case noSuchBus
        /// The address is claimed by a kernel driver, or the bus is busy (`EBUSY`, `EAGAIN`).
        case busy
        /// The transfer timed out (`ETIMEDOUT`): wiring, pull-ups or a device holding the bus.
        case timedOut
        /// The device is not an I2C adapter (`ENOTTY`, `EINVAL` from its ioctls).
        case notAnAdapter
        /// Anything else.
        case other
    }

    /// Opening `/dev/i2c-N` failed.
    case open(bus: Int, path: String, errno: Int32)
    /// Asking the adapter what it can do (`I2C_FUNCS`) failed.
    case functionality(bus: Int, path: String, errno: Int32)
    /// The adapter can do neither plain I2C messages nor SMBus I2C-block writes.
    case unsupportedAdapter(bus: Int, functionality: UInt)
    /// Selecting the device address for SMBus transfers (`I2C_SLAVE`) failed.
    case claim(bus: Int, address: UInt8, errno: Int32)
    /// A write transaction failed.
    case write(bus: Int, address: UInt8, errno: Int32)
    /// A transaction was longer than `maximumTransactionLength`.
    case transactionTooLong(bus: Int, address: UInt8, length: Int, limit: Int)
    /// The address is outside the 7-bit range devices may use (0x03–0x77).
    case invalidAddress(bus: Int, address: UInt8)
    /// The device was closed.
    case closed(bus: Int, address: UInt8)

    /// What an error number means here.
    public static func reason(errno code: Int32) -> Reason {
        switch code {
        case EREMOTEIO, ENXIO: .noAcknowledge
        case EACCES, EPERM: .permissionDenied
        case ENOENT, ENODEV: .noSuchBus
        case EBUSY, EAGAIN: .busy
        case ETIMEDOUT: .timedOut
        case ENOTTY, EINVAL: .notAnAdapter
        default: .other
        }
    }

    /// The error's reason (`.other` for errors that carry no error number).
    public var reason: Reason {
        switch self {
        case .open(_, _, let code), .functionality(_, _, let code), .claim(_, _, let code), .write(_, _, let code):
            Self.reason(errno: code)
        case .unsupportedAdapter, .transactionTooLong, .invalidAddress, .closed:
            .other
        }
    }

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .open(let bus, let path, let code):
            switch Self.reason(errno: code) {
            case .noSuchBus:
                return "no I2C bus \(path) (enable I2C with sudo raspi-config nonint do_i2c 0, or add dtparam=i2c_arm=on to /boot/firmware/config.txt and reboot; ls /dev/i2c-* shows the buses there are)"
            case .permissionDenied:
                return "permission denied opening \(path) (add your user to the i2c group: sudo usermod -aG i2c $USER, then log out and in)"
            default:
                return "cannot open I2C bus \(bus) at \(path): \(errnoDescription(code)) (errno \(code))"
            }
        case .functionality(_, let path, let code):
            if Self.reason(errno: code) == .notAnAdapter {
                return "\(path) is not an I2C adapter (it refused the I2C_FUNCS request: \(errnoDescription(code)))"
            }
            return "cannot ask \(path) what it supports: \(errnoDescription(code)) (errno \(code))"
        case .unsupportedAdapter(let bus, let functionality):
            return "the adapter behind /dev/i2c-\(bus) supports neither I2C messages nor SMBus block writes (functionality 0x\(String(functionality, radix: 16))); use another bus"
        case .claim(let bus, let address, let code):
            if Self.reason(errno: code) == .busy {
                return "address \(hex(address)) on /dev/i2c-\(bus) is claimed by a kernel driver (an ssd1306 or similar display overlay in /boot/firmware/config.txt?); remove it to drive the panel from Glance"
            }
            return "cannot select address \(hex(address)) on /dev/i2c-\(bus): \(errnoDescription(code)) (errno \(code))"
        case .write(let bus, let address, let code):
            switch Self.reason(errno: code) {
            case .noAcknowledge:
                return "no device acknowledged at \(hex(address)) on /dev/i2c-\(bus) (is the panel connected? run i2cdetect -y \(bus))"
            case .timedOut:
                return "writing to \(hex(address)) on /dev/i2c-\(bus) timed out (check the wiring and pull-ups; a device may be holding the bus low)"
            case .busy:
                return "the bus /dev/i2c-\(bus) was busy while writing to \(hex(address)) (another master or a stuck device); the write can be retried"
            default:
                return "writing to \(hex(address)) on /dev/i2c-\(bus) failed: \(errnoDescription(code)) (errno \(code))"
            }
        case .transactionTooLong(let bus, let address, let length, let limit):
            return "a \(length)-byte transaction to \(hex(address)) on /dev/i2c-\(bus) exceeds the adapter's limit of \(limit) bytes; split it, each part with its own control byte"
        case .invalidAddress(let bus, let address):
            return "\(hex(address)) is not a device address for /dev/i2c-\(bus) (7-bit addresses 0x03–0x77; OLED panels use 0x3c or 0x3d)"
        case .closed(let bus, let address):
            return "the I2C device \(hex(address)) on /dev/i2c-\(bus) was closed"
        }
    }

    private func hex(_ address: UInt8) -> String {
        "0x" + (address < 0x10 ? "0" : "") + String(address, radix: 16)
    }
}
