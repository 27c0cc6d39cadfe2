import GlanceCore
import GlanceGraphics

/// Every state the glass passes through: an emulator's glass read after each bus transaction
/// (through `WatchedI2CDevice`), with the clock's time.
public actor GlassRecorder {
    private var read: (@Sendable () async -> Bitmap)?
    private var clock: (any HostClock)?
    /// The states recorded since the last `clear()`, oldest first.
    public private(set) var states: [(date: Date, glass: Bitmap)] = []

    /// Creates a recorder that records nothing until `attach(_:clock:)`.
    public init() {}

    /// Starts reading the glass with `read`, stamping each state with `clock`.
    public func attach(_ read: @escaping @Sendable () async -> Bitmap, clock: any HostClock) {
        self.read = read
        self.clock = clock
    }

    /// Records the glass as it is now.
    public func record() async {
        guard let read, let clock else { return }
        states.append((clock.now, await read()))
    }

    /// Forgets the states recorded so far.
    public func clear() {
        states = []
    }
}
