import CGPIODShim
import GlanceInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open chip from the shim. Not thread-safe by itself (libgpiod is thread-aware, not
/// thread-safe): each owner confines it to one thread or guards it with a lock.
final class GPIOChip: @unchecked Sendable {
    let handle: OpaquePointer
    let path: String
    let name: String
    let label: String
    let lineCount: Int

    private init(handle: OpaquePointer) {
        self.handle = handle
        path = String(cString: glance_gpio_chip_path(handle))
        name = String(cString: glance_gpio_chip_name(handle))
        label = String(cString: glance_gpio_chip_label(handle))
        lineCount = Int(glance_gpio_chip_line_count(handle))
    }

    deinit {
        glance_gpio_chip_close(handle)
    }

    /// How messages name the chip: its label and path.
    var displayName: String { label.isEmpty ? path : "\(label) (\(path))" }

    /// Opens the chip `selector` names in `gpio`'s device directory (loading libgpiod first).
    /// - Throws: `GPIOError.libgpiodUnavailable`, `.chipNotFound` listing the chips that exist,
    ///   `.permissionDenied`, `.notAGPIOChip`, or `.system`.
    static func open(_ selector: GPIOChipSelector, in gpio: GPIO) throws -> GPIOChip {
        try GPIOLibrary.load()
        switch selector {
        case .path(let path):
            return try open(selector, path: path, in: gpio) { glance_gpio_chip_open(path) }
        case .number(let number):
            let path = "\(gpio.deviceDirectory)/gpiochip\(number)"
            guard number >= 0 else { throw GPIOError.chipNotFound(selector, available: gpio.summaries()) }
            return try open(selector, path: path, in: gpio) { glance_gpio_chip_open_number(gpio.deviceDirectory, UInt32(number)) }
        case .label(let label):
            return try open(selector, path: gpio.deviceDirectory, in: gpio) { glance_gpio_chip_open_label(gpio.deviceDirectory, label) }
        case .labels(let labels):
            var denied = false
            for label in labels {
                do {
                    return try open(.label(label), in: gpio)
                } catch GPIOError.chipNotFound {
                    continue
                } catch GPIOError.permissionDenied {
                    denied = true
                }
            }
            if denied { throw GPIOError.permissionDenied(path: "\(gpio.deviceDirectory)/gpiochip*") }
            throw GPIOError.chipNotFound(selector, available: gpio.summaries())
        }
    }

    private static func open(
        _ selector: GPIOChipSelector, path: String, in gpio: GPIO, _ call: () -> OpaquePointer?
    ) throws -> GPIOChip {
        errno = 0
        if let handle = call() { return GPIOChip(handle: handle) }
        let code = errno
        switch code {
        case ENOENT:
            throw GPIOError.chipNotFound(selector, available: gpio.summaries())
        case EACCES, EPERM:
            throw GPIOError.permissionDenied(path: path)
        case ENOTTY, ENODEV:
            throw GPIOError.notAGPIOChip(path: path)
        default:
            throw GPIOError.system(operation: "opening the GPIO chip", path: path, errno: code)
        }
    }

    /// The kernel's view of line `offset`.
    func lineInfo(_ offset: Int) throws -> GPIOLineInfo {
        guard (0..<lineCount).contains(offset) else {
            throw GPIOError.lineOutOfRange(chip: displayName, offset: offset, lineCount: lineCount)
        }
        var info = glance_gpio_line_info()
        guard glance_gpio_chip_line_info(handle, UInt32(offset), &info) == 0 else {
            throw GPIOError.system(operation: "reading line \(offset)'s information", path: path, errno: errno)
        }
        let bias: GPIOBias = switch Int(info.bias) {
        case Int(GLANCE_GPIO_BIAS_DISABLED.rawValue): .disabled
        case Int(GLANCE_GPIO_BIAS_PULL_UP.rawValue): .pullUp
        case Int(GLANCE_GPIO_BIAS_PULL_DOWN.rawValue): .pullDown
        default: .asIs
        }
        return GPIOLineInfo(
            offset: offset,
            name: cString(info.name),
            isUsed: info.used,
            consumer: cString(info.consumer),
            isOutput: info.output,
            isActiveLow: info.active_low,
            bias: bias
        )
    }

    /// The first of `offsets` someone holds (or the first offset when the kernel no longer says).
    private func busyLine(among offsets: [Int]) -> (offset: Int, name: String, consumer: String) {
        var first: GPIOLineInfo?
        for offset in offsets {
            guard let info = try? lineInfo(offset) else { continue }
            if info.isUsed { return (offset, info.name, info.consumer) }
            if first == nil { first = info }
        }
        return (first?.offset ?? offsets[0], first?.name ?? "", "")
    }

    /// Everything about the chip.
    func info() throws -> GPIOChipInfo {
        GPIOChipInfo(path: path, name: name, label: label, lines: try (0..<lineCount).map(lineInfo))
    }

    /// Requests lines with one setting.
    /// - Throws: `GPIOError.reservedPin`, `.lineOutOfRange`, `.duplicateLine`, `.tooManyLines`,
    ///   `.lineBusy` naming the holder, `.permissionDenied` or `.system`.
    func request(
        offsets: [Int], output: Bool, values: [Bool] = [], edges: Bool = false, bias: GPIOBias = .asIs,
        activeLow: Bool = false, debounce: Duration? = nil, consumer: String, reserved: [ReservedPin]
    ) throws -> GPIORequest {
        try validate(offsets, reserved: reserved)
        let settings = RequestSettings(
            offsets: offsets.map { UInt32($0) }, output: output, values: values.map { Int32($0 ? 1 : 0) },
            edges: edges, bias: bias.shimValue, activeLow: activeLow,
            debounceMicroseconds: UInt32(clamping: max((debounce?.nanoseconds ?? 0) / 1_000, 0))
        )
        errno = 0
        if let request = settings.request(on: handle, consumer: consumer) {
            return GPIORequest(handle: request, chip: self, offsets: offsets)
        }
        throw requestError(errno: errno, offsets: offsets)
    }

    private func validate(_ offsets: [Int], reserved: [ReservedPin]) throws {
        let limit = 64
        guard offsets.count <= limit else { throw GPIOError.tooManyLines(count: offsets.count, limit: limit) }
        var seen = Set<Int>()
        for offset in offsets {
            if let pin = reserved.first(where: { $0.offset == offset }) { throw GPIOError.reservedPin(chip: displayName, pin: pin) }
            guard (0..<lineCount).contains(offset) else {
                throw GPIOError.lineOutOfRange(chip: displayName, offset: offset, lineCount: lineCount)
            }
            guard seen.insert(offset).inserted else { throw GPIOError.duplicateLine(chip: displayName, offset: offset) }
        }
    }

    private func requestError(errno code: Int32, offsets: [Int]) -> GPIOError {
        switch code {
        case EBUSY:
            // Name the holder so the user knows what to stop.
            let holder = busyLine(among: offsets)
            return .lineBusy(chip: displayName, offset: holder.offset, name: holder.name, consumer: holder.consumer)
        case EACCES, EPERM:
            return .permissionDenied(path: path)
        default:
            let lines = offsets.map(String.init).joined(separator: ", ")
            return .system(operation: "requesting line\(offsets.count == 1 ? "" : "s") \(lines)", path: path, errno: code)
        }
    }
}

/// The C request configuration's values, kept alive while the shim reads them.
private struct RequestSettings {
    var offsets: [UInt32]
    var output: Bool
    var values: [Int32]
    var edges: Bool
    var bias: Int32
    var activeLow: Bool
    var debounceMicroseconds: UInt32

    func request(on chip: OpaquePointer, consumer: String) -> OpaquePointer? {
        var config = glance_gpio_request_config()
        config.count = offsets.count
        config.output = output
        config.edges = edges
        config.bias = bias
        config.active_low = activeLow
        config.debounce_us = debounceMicroseconds
        return consumer.withCString { name in
            offsets.withUnsafeBufferPointer { offsetBuffer in
                values.withUnsafeBufferPointer { valueBuffer in
                    config.consumer = name
                    config.offsets = offsetBuffer.baseAddress
                    config.values = valueBuffer.isEmpty ? nil : valueBuffer.baseAddress
                    return glance_gpio_request_lines(chip, &config)
                }
            }
        }
    }
}

extension GPIOBias {
    /// The shim's number for the bias.
    var shimValue: Int32 {
        switch self {
        case .asIs: Int32(GLANCE_GPIO_BIAS_AS_IS.rawValue)
        case .disabled: Int32(GLANCE_GPIO_BIAS_DISABLED.rawValue)
        case .pullUp: Int32(GLANCE_GPIO_BIAS_PULL_UP.rawValue)
        case .pullDown: Int32(GLANCE_GPIO_BIAS_PULL_DOWN.rawValue)
        }
    }
}

/// Requested lines. The chip is kept alive as long as the request (libgpiod 1.x lines belong to it).
final class GPIORequest: @unchecked Sendable {
    // @unchecked: used by one thread at a time (the event thread, or under a LineHandle's lock).
    let handle: OpaquePointer
    let chip: GPIOChip
    let offsets: [Int]
    private var released = false

    init(handle: OpaquePointer, chip: GPIOChip, offsets: [Int]) {
        self.handle = handle
        self.chip = chip
        self.offsets = offsets
    }

    deinit {
        release()
    }

    /// Gives the lines back to the kernel now; later calls do nothing.
    func release() {
        guard !released else { return }
        released = true
        glance_gpio_request_release(handle)
    }

    /// The descriptors that become readable when edge events wait.
    var eventDescriptors: [Int32] {
        let count = glance_gpio_request_event_fds(handle, nil, 0)
        var fds = [Int32](repeating: -1, count: count)
        _ = glance_gpio_request_event_fds(handle, &fds, count)
        return fds
    }

    /// The kernel debounce applied, or nil when none (always nil with libgpiod 1.x).
    var kernelDebounce: Duration? {
        let microseconds = glance_gpio_request_debounce_us(handle)
        return microseconds == 0 ? nil : .microseconds(microseconds)
    }

    /// Reads the events waiting on `fd` (blocks when none waits: poll first).
    func readEvents(from fd: Int32) throws -> [glance_gpio_event] {
        var events = [glance_gpio_event](repeating: glance_gpio_event(), count: 64)
        let count = glance_gpio_request_read_events(handle, fd, &events, events.count)
        guard count >= 0 else { throw GPIOError.system(operation: "reading edge events", path: chip.path, errno: errno) }
        return Array(events.prefix(Int(count)))
    }

    /// The logical value of `offset`.
    func value(_ offset: Int) throws -> Bool {
        let value = glance_gpio_request_get_value(handle, UInt32(offset))
        guard value >= 0 else { throw GPIOError.system(operation: "reading line \(offset)", path: chip.path, errno: errno) }
        return value == 1
    }

    /// Drives `offset` to a logical value.
    func set(_ offset: Int, _ active: Bool) throws {
        guard glance_gpio_request_set_value(handle, UInt32(offset), active ? 1 : 0) == 0 else {
            throw GPIOError.system(operation: "setting line \(offset)", path: chip.path, errno: errno)
        }
    }
}

/// A fixed-size C string field as a Swift string.
func cString<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
}
