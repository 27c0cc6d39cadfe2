import CGPIODShim
import GlanceInput

/// Buttons on GPIO input lines, delivering every edge with the kernel's timestamp.
///
/// `open` requests all the lines in one go (inputs, both edges, the bias and active-low
/// setting given, kernel debounce where libgpiod 2.x offers it) and starts a dedicated thread
/// that sleeps in `poll(2)` until edges arrive; `edges` delivers them in order as
/// `ButtonEdge`s, ready for an `InputProcessor`. `stop()` (or ending the iteration) wakes the
/// thread, releases the lines and finishes the stream.
///
/// ```swift
/// let inputs = try GPIOInputs.open(.init(chip: .raspberryPiHeader, buttons: [.a: 5, .b: 6]))
/// for try await edge in inputs.edges { events += processor.feed(edge) }
/// ```
public final class GPIOInputs: Sendable {
    /// What to request.
    public struct Configuration: Hashable, Sendable {
        /// The chip the buttons are on (by label, preferably).
        public var chip: GPIOChipSelector
        /// Each button's line offset (its BCM GPIO number on a Raspberry Pi).
        public var buttons: [ButtonID: Int]
        /// The pull resistor (pull-up by default: buttons wired to ground).
        public var bias: GPIOBias
        /// Whether a low level means pressed (true by default, matching a pull-up).
        public var activeLow: Bool
        /// Kernel debounce to ask for (libgpiod 2.x only; ignored by 1.x); nil for none. Software
        /// debounce in `InputProcessor` works either way.
        public var kernelDebounce: Duration?
        /// The consumer name others see on the lines.
        public var consumer: String
        /// Pins that must not be claimed (the panel's bus pins, see `ReservedPin`).
        public var reserved: [ReservedPin]

        /// Creates a configuration; the defaults suit buttons wired from a pin to ground.
        public init(
            chip: GPIOChipSelector,
            buttons: [ButtonID: Int],
            bias: GPIOBias = .pullUp,
            activeLow: Bool = true,
            kernelDebounce: Duration? = nil,
            consumer: String = "glance",
            reserved: [ReservedPin] = []
        ) {
            self.chip = chip
            self.buttons = buttons
            self.bias = bias
            self.activeLow = activeLow
            self.kernelDebounce = kernelDebounce
            self.consumer = consumer
            self.reserved = reserved
        }
    }

    /// The configuration the lines were requested with.
    public let configuration: Configuration
    /// The chip's label and path, for messages.
    public let chipName: String
    /// Which buttons were down when the lines were requested (logical levels).
    public let initiallyPressed: Set<ButtonID>
    /// The debounce the kernel applies, or nil when it applies none (libgpiod 1.x never does).
    public let kernelDebounce: Duration?
    /// Every edge, in order, until `stop()`; finishes with an error if reading fails (for
    /// example when the chip disappears).
    public let edges: AsyncThrowingStream<ButtonEdge, Error>
    private let pump: EventPump<ButtonEdge>

    private init(configuration: Configuration, chipName: String, initiallyPressed: Set<ButtonID>, kernelDebounce: Duration?, pump: EventPump<ButtonEdge>) {
        self.configuration = configuration
        self.chipName = chipName
        self.initiallyPressed = initiallyPressed
        self.kernelDebounce = kernelDebounce
        self.pump = pump
        self.edges = pump.stream
    }

    /// Requests the lines and starts delivering edges.
    /// - Parameters:
    ///   - configuration: The chip, buttons and line settings.
    ///   - gpio: Where to find the chips (`/dev` by default).
    /// - Throws: `GPIOError`: chip not found (listing what exists), permission denied, a line
    ///   busy (naming its consumer), out of range, reserved for the panel's bus, and so on.
    public static func open(_ configuration: Configuration, gpio: GPIO = GPIO()) throws -> GPIOInputs {
        let chip = try GPIOChip.open(configuration.chip, in: gpio)
        let buttons = configuration.buttons.sorted { $0.value < $1.value }
        let request = try chip.request(
            offsets: buttons.map(\.value), output: false, edges: true, bias: configuration.bias,
            activeLow: configuration.activeLow, debounce: configuration.kernelDebounce,
            consumer: configuration.consumer, reserved: configuration.reserved
        )
        let byOffset = Dictionary(uniqueKeysWithValues: buttons.map { ($0.value, $0.key) })
        var pressed = Set<ButtonID>()
        for (button, offset) in buttons where try request.value(offset) { pressed.insert(button) }
        let pump = try EventPump<ButtonEdge>.start(
            name: "glance.gpio-inputs",
            descriptors: request.eventDescriptors,
            read: { fd in
                try request.readEvents(from: fd).compactMap { event in
                    byOffset[Int(event.offset)].map {
                        ButtonEdge(button: $0, pressed: event.rising, time: InputTime(nanoseconds: Int64(clamping: event.timestamp_ns)))
                    }
                }
            },
            cleanup: { request.release() }
        )
        return GPIOInputs(
            configuration: configuration, chipName: chip.displayName, initiallyPressed: pressed,
            kernelDebounce: request.kernelDebounce, pump: pump
        )
    }

    /// Stops delivering edges and releases the lines; returns once they are released.
    public func stop() async {
        await pump.stop()
    }
}
