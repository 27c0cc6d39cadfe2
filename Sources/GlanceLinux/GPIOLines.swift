import Foundation
import GlancePanels

/// One requested line shared by `GPIOOutputLine` and `GPIOInputLine`: a lock serialises calls
/// (libgpiod is thread-aware, not thread-safe) and `close()` releases the line early.
private final class LineHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var request: GPIORequest?
    let offset: Int
    let chipName: String

    init(request: GPIORequest, offset: Int) {
        self.request = request
        self.offset = offset
        self.chipName = request.chip.displayName
    }

    func withRequest<T>(_ body: (GPIORequest) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let request else { throw GPIOError.closed(chip: chipName) }
        return try body(request)
    }

    func close() {
        lock.lock()
        request = nil
        lock.unlock()
    }
}

/// A GPIO output such as an e-ink panel's D/C or RST line, through libgpiod.
///
/// Setting a value is one ioctl that does not wait on hardware, so it runs in place.
public final class GPIOOutputLine: OutputLine {
    /// A short name for messages and captures, e.g. `dc` or `rst`.
    public let name: String
    /// The line's offset on its chip.
    public var offset: Int { handle.offset }
    /// The chip's label and path.
    public var chipName: String { handle.chipName }
    private let handle: LineHandle

    private init(name: String, handle: LineHandle) {
        self.name = name
        self.handle = handle
    }

    /// Requests line `offset` as an output.
    /// - Parameters:
    ///   - name: A short name for messages (`dc`, `rst`).
    ///   - chip: The chip the line is on.
    ///   - offset: The line (BCM GPIO number on a Raspberry Pi).
    ///   - activeLow: Whether the active level is low.
    ///   - initiallyActive: The level driven as soon as the line is claimed.
    ///   - consumer: The consumer name others see.
    ///   - reserved: Pins that must not be claimed (the panel's bus pins).
    ///   - gpio: Where to find the chips.
    /// - Throws: `GPIOError` (chip not found, permission, line busy, reserved pin, …).
    public static func open(
        name: String, chip: GPIOChipSelector, offset: Int, activeLow: Bool = false, initiallyActive: Bool = false,
        consumer: String = "glance", reserved: [ReservedPin] = [], gpio: GPIO = GPIO()
    ) throws -> GPIOOutputLine {
        let opened = try GPIOChip.open(chip, in: gpio)
        let request = try opened.request(
            offsets: [offset], output: true, values: [initiallyActive], activeLow: activeLow,
            consumer: "\(consumer) \(name)", reserved: reserved
        )
        return GPIOOutputLine(name: name, handle: LineHandle(request: request, offset: offset))
    }

    /// Drives the line: true is the active level.
    /// - Throws: `GPIOError.closed` after `close()`, `.system` when the kernel refuses.
    public func set(_ active: Bool) async throws {
        try handle.withRequest { try $0.set(handle.offset, active) }
    }

    /// Releases the line (it keeps its last level until someone else drives it).
    public func close() {
        handle.close()
    }
}

/// A GPIO input such as an e-ink panel's BUSY line, through libgpiod.
public final class GPIOInputLine: InputLine {
    /// A short name for messages and captures, e.g. `busy`.
    public let name: String
    /// The line's offset on its chip.
    public var offset: Int { handle.offset }
    /// The chip's label and path.
    public var chipName: String { handle.chipName }
    private let handle: LineHandle

    private init(name: String, handle: LineHandle) {
        self.name = name
        self.handle = handle
    }

    /// Requests line `offset` as an input.
    /// - Parameters:
    ///   - name: A short name for messages (`busy`).
    ///   - chip: The chip the line is on.
    ///   - offset: The line (BCM GPIO number on a Raspberry Pi).
    ///   - activeLow: Whether the active level is low (UC81xx BUSY is low-active).
    ///   - bias: The pull resistor.
    ///   - consumer: The consumer name others see.
    ///   - reserved: Pins that must not be claimed (the panel's bus pins).
    ///   - gpio: Where to find the chips.
    /// - Throws: `GPIOError` (chip not found, permission, line busy, reserved pin, …).
    public static func open(
        name: String, chip: GPIOChipSelector, offset: Int, activeLow: Bool = false, bias: GPIOBias = .asIs,
        consumer: String = "glance", reserved: [ReservedPin] = [], gpio: GPIO = GPIO()
    ) throws -> GPIOInputLine {
        let opened = try GPIOChip.open(chip, in: gpio)
        let request = try opened.request(
            offsets: [offset], output: false, bias: bias, activeLow: activeLow,
            consumer: "\(consumer) \(name)", reserved: reserved
        )
        return GPIOInputLine(name: name, handle: LineHandle(request: request, offset: offset))
    }

    /// Reads the line: true is the active level.
    /// - Throws: `GPIOError.closed` after `close()`, `.system` when the kernel refuses.
    public func read() async throws -> Bool {
        try handle.withRequest { try $0.value(handle.offset) }
    }

    /// Releases the line.
    public func close() {
        handle.close()
    }
}
