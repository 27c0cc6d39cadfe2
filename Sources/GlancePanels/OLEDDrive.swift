/// The drive settings that together set an OLED's light output: segment current, pre-charge,
/// VCOMH and, where the controller has one (SSD1315), its internal current reference. Dimming
/// by contrast alone barely shows; shorter pre-charge and lower VCOMH do.
public struct OLEDDrive: Hashable, Sendable {
    /// Contrast (segment current), 0–255.
    public var contrast: UInt8
    /// The pre-charge register value (`D9`), in the controller's own layout.
    public var precharge: UInt8
    /// The VCOMH deselect register value (`DB`).
    public var vcomh: UInt8
    /// The SSD1315's internal current reference (`AD`): `30` for 30 µA, `10` for 19 µA; nil on
    /// controllers without one (nothing is sent).
    public var internalReference: UInt8?

    /// Creates drive settings.
    public init(contrast: UInt8, precharge: UInt8, vcomh: UInt8, internalReference: UInt8? = nil) {
        self.contrast = contrast
        self.precharge = precharge
        self.vcomh = vcomh
        self.internalReference = internalReference
    }
}

/// A reset line and how long to hold it: the pulse every SPI panel and some OLED modules need
/// before their init sequence.
public struct ResetLine: Sendable {
    /// The RST output; active holds the controller in reset.
    public var line: any OutputLine
    /// The clock the pulse is timed with.
    public var clock: any HostClock
    /// How long reset is held active.
    public var hold: Duration
    /// How long to wait after releasing it before the first command.
    public var recovery: Duration

    /// Creates a reset line; the defaults suit SSD13xx and SSD16xx (datasheets ask for ≥ 3 µs and ≥ 1 ms).
    public init(line: any OutputLine, clock: any HostClock, hold: Duration = .milliseconds(10), recovery: Duration = .milliseconds(10)) {
        self.line = line
        self.clock = clock
        self.hold = hold
        self.recovery = recovery
    }

    /// Drives reset active, waits `hold`, releases it and waits `recovery`.
    /// - Throws: The line's error.
    public func pulse() async throws {
        try await line.set(true)
        try await clock.sleep(for: hold)
        try await line.set(false)
        try await clock.sleep(for: recovery)
    }
}
