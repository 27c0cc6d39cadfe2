#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an SPI operation failed, with what to do about it in the message.
public enum SPIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Opening `/dev/spidevB.C` failed.
    case open(bus: Int, chipSelect: Int, path: String, errno: Int32)
    /// Setting the clock mode, word size or speed failed (`setting` names which).
    case configure(bus: Int, chipSelect: Int, setting: String, errno: Int32)
    /// A transfer failed.
    case write(bus: Int, chipSelect: Int, errno: Int32)
    /// The device was closed.
    case closed(bus: Int, chipSelect: Int)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .open(_, _, let path, let code):
            switch code {
            case ENOENT, ENODEV:
                return "no SPI device \(path) (enable SPI with sudo raspi-config nonint do_spi 0, or add dtparam=spi=on to /boot/firmware/config.txt and reboot; ls /dev/spidev* shows the devices there are)"
            case EACCES, EPERM:
                return "permission denied opening \(path) (add your user to the spi group: sudo usermod -aG spi $USER, then log out and in)"
            default:
                return "cannot open \(path): \(errnoDescription(code)) (errno \(code))"
            }
        case .configure(let bus, let chipSelect, let setting, let code):
            if code == ENOTTY || code == EINVAL {
                return "/dev/spidev\(bus).\(chipSelect) refused the \(setting) setting (\(errnoDescription(code))): is it an spidev device, and is the value supported?"
            }
            return "setting the \(setting) of /dev/spidev\(bus).\(chipSelect) failed: \(errnoDescription(code)) (errno \(code))"
        case .write(let bus, let chipSelect, let code):
            if code == EMSGSIZE {
                return "a transfer to /dev/spidev\(bus).\(chipSelect) was longer than the spidev buffer (bufsiz); lower the chunk size"
            }
            return "writing to /dev/spidev\(bus).\(chipSelect) failed: \(errnoDescription(code)) (errno \(code))"
        case .closed(let bus, let chipSelect):
            return "the SPI device /dev/spidev\(bus).\(chipSelect) was closed"
        }
    }
}
