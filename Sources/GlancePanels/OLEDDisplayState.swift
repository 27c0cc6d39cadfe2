import GlanceGraphics

/// The two command kinds every SSD13xx-style OLED controller shares: the display switch
/// and the drive registers a brightness level sets.
protocol OLEDCommand: Sendable {
    /// Display on (`AF`) or off (`AE`).
    static func display(on: Bool) -> Self
    /// The commands that set contrast, pre-charge and VCOMH, in the controller's own register layout.
    static func drive(_ drive: OLEDDrive) -> [Self]
    /// The bytes of a command sequence, concatenated.
    static func bytes(_ commands: [Self]) -> [UInt8]
    /// Sends a command sequence: by default as one command transfer (SSD13xx and SH110x take
    /// parameters as command bytes); controllers whose parameters are data say otherwise.
    static func send(_ commands: [Self], on bus: any CommandDataBus) async throws
}

extension OLEDCommand {
    static func send(_ commands: [Self], on bus: any CommandDataBus) async throws {
        try await bus.sendCommands(bytes(commands))
    }
}

/// The display bookkeeping an OLED controller keeps between calls: whether it is initialized,
/// whether a frame was shown yet, sleep and brightness; it decides which display on/off and
/// drive commands are due, so every controller switches the glass on and off the same way.
///
/// The glass is switched on only after the first write following initialization (so power-up
/// RAM garbage never shows), and only while the brightness is not `.off` and the panel is awake.
struct OLEDDisplayState<Command: OLEDCommand>: Sendable {
    /// Drive settings for each brightness level except `.off`.
    let drive: [BrightnessLevel: OLEDDrive]
    /// Whether the init sequence went out completely since the last `beginInitialization()`.
    private(set) var isInitialized = false
    private var shownOnce = false
    private var asleep = false
    private var brightness: BrightnessLevel = .normal

    /// Creates the state of a controller that has sent nothing yet.
    init(drive: [BrightnessLevel: OLEDDrive]) {
        self.drive = drive
    }

    /// Forgets initialization and any shown frame, before the init sequence is sent.
    mutating func beginInitialization() {
        isInitialized = false
        shownOnce = false
    }

    /// The drive commands to append to the init sequence: none at `.normal` (the sequence has its values).
    var initializationDrive: [Command] {
        guard brightness != .normal, let drive = drive[brightness] else { return [] }
        return Command.drive(drive)
    }

    /// Records that the init sequence was sent.
    mutating func finishInitialization() {
        isInitialized = true
    }

    /// Records a write of `regions`; returns display-on when this was the first write to show.
    mutating func wrote(regions: [Rect]) -> [Command]? {
        guard !shownOnce, !regions.isEmpty else { return nil }
        shownOnce = true
        return brightness != .off && !asleep ? [.display(on: true)] : nil
    }

    /// Records a brightness change; returns the commands to send, or nil when nothing is due.
    ///
    /// A level without a drive table entry still yields a (possibly empty) command list.
    mutating func setBrightness(_ level: BrightnessLevel) -> [Command]? {
        let previous = brightness
        brightness = level
        guard isInitialized else { return nil }
        if level == .off { return previous != .off ? [.display(on: false)] : nil }
        var commands = drive[level].map(Command.drive) ?? []
        if previous == .off, shownOnce, !asleep { commands.append(.display(on: true)) }
        return commands
    }

    /// Records sleep; returns display-off when initialized.
    mutating func sleep() -> [Command]? {
        asleep = true
        return isInitialized ? [.display(on: false)] : nil
    }

    /// Records wake; returns display-on when initialized, something was shown and the brightness is not `.off`.
    mutating func wake() -> [Command]? {
        asleep = false
        return isInitialized && shownOnce && brightness != .off ? [.display(on: true)] : nil
    }
}

extension CommandDataBus {
    /// Sends `commands` as one command transfer when there are any due (`nil` sends nothing).
    /// - Throws: The transport's error.
    func send<Command: OLEDCommand>(_ commands: [Command]?) async throws {
        if let commands, !commands.isEmpty { try await Command.send(commands, on: self) }
    }
}
