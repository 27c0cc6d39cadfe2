#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A GPIO chip as found in the device directory: where it is and, when it could be opened, its label.
public struct GPIOChipSummary: Hashable, Sendable, CustomStringConvertible {
    /// The device path, e.g. `/dev/gpiochip0`.
    public var path: String
    /// The chip's label, e.g. `pinctrl-bcm2711`, or nil when the chip could not be opened.
    public var label: String?
    /// The number of lines, or nil when the chip could not be opened.
    public var lineCount: Int?

    /// Creates a summary.
    public init(path: String, label: String?, lineCount: Int?) {
        self.path = path
        self.label = label
        self.lineCount = lineCount
    }

    /// For example `/dev/gpiochip0 (pinctrl-bcm2711, 58 lines)`.
    public var description: String {
        guard let label else { return "\(path) (could not be opened)" }
        return "\(path) (\(label), \(lineCount ?? 0) lines)"
    }
}

/// Why a GPIO operation failed, with what to do about it in the message.
public enum GPIOError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither libgpiod could be loaded; `reasons` says why for each library tried
    /// ("libgpiod.so.3: …; libgpiod.so.2: …").
    case libgpiodUnavailable(reasons: String)
    /// No chip matched; `available` lists what the machine has.
    case chipNotFound(GPIOChipSelector, available: [GPIOChipSummary])
    /// The chip exists but this user may not open it.
    case permissionDenied(path: String)
    /// The path exists but is not a GPIO character device.
    case notAGPIOChip(path: String)
    /// The line number is beyond the chip's lines.
    case lineOutOfRange(chip: String, offset: Int, lineCount: Int)
    /// Someone else holds the line; `consumer` is their name (empty when unnamed).
    case lineBusy(chip: String, offset: Int, name: String, consumer: String)
    /// The line belongs to a bus the panel uses; claiming it would disconnect the bus.
    case reservedPin(chip: String, pin: ReservedPin)
    /// More lines than one request can hold.
    case tooManyLines(count: Int, limit: Int)
    /// The same line was named twice in one request.
    case duplicateLine(chip: String, offset: Int)
    /// The lines were already released.
    case closed(chip: String)
    /// Any other failure of `operation` on `path`, with the C library's error number.
    case system(operation: String, path: String, errno: Int32)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .libgpiodUnavailable(let reasons):
            return "GPIO needs libgpiod, and it could not be loaded (\(reasons)); install it with "
                + "sudo apt install libgpiod3 (Raspberry Pi OS or Debian trixie) or libgpiod2 (bookworm)"
        case .chipNotFound(let selector, let available):
            let found = available.isEmpty
                ? "this machine has no GPIO chips (no /dev/gpiochip*: not a Raspberry Pi, or a container without the GPIO devices)"
                : "this machine has " + available.map(\.description).joined(separator: ", ")
            return "no GPIO chip \(selector); \(found)"
        case .permissionDenied(let path):
            return "permission denied opening \(path) (add your user to the gpio group: sudo usermod -aG gpio $USER, then log out and in)"
        case .notAGPIOChip(let path):
            return "\(path) is not a GPIO chip (expected a character device such as /dev/gpiochip0)"
        case .lineOutOfRange(let chip, let offset, let lineCount):
            return "line \(offset) does not exist on \(chip), which has lines 0–\(max(lineCount - 1, 0)) (run glance gpio list)"
        case .lineBusy(let chip, let offset, let name, let consumer):
            let line = name.isEmpty ? "line \(offset) of \(chip)" : "\(name) (line \(offset) of \(chip))"
            let holder = consumer.isEmpty ? "the kernel or another program" : "'\(consumer)'"
            return "\(line) is already in use by \(holder); stop that user, or wire the button to a free line (glance gpio list shows them)"
        case .reservedPin(let chip, let pin):
            return "refusing to claim GPIO\(pin.offset) (line \(pin.offset) of \(chip)): it is \(pin.function) of \(pin.bus), which the panel uses, and claiming it would disconnect the bus"
        case .tooManyLines(let count, let limit):
            return "cannot request \(count) GPIO lines at once (at most \(limit))"
        case .duplicateLine(let chip, let offset):
            return "line \(offset) of \(chip) is named twice"
        case .closed(let chip):
            return "the GPIO lines on \(chip) were already released"
        case .system(let operation, let path, let code):
            return "\(operation) failed on \(path): \(errnoDescription(code)) (errno \(code))"
        }
    }
}

/// The C library's text for an error number.
func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}
