/// A line's pull resistor setting.
public enum GPIOBias: Hashable, Sendable, CustomStringConvertible {
    /// Leave the line as it is configured (request), or not reported (line info).
    case asIs
    /// No pull resistor.
    case disabled
    /// Pull-up: an open button reads high, so a button to ground is active-low.
    case pullUp
    /// Pull-down: an open button reads low.
    case pullDown

    /// For example `pull-up`.
    public var description: String {
        switch self {
        case .asIs: "as is"
        case .disabled: "no pull"
        case .pullUp: "pull-up"
        case .pullDown: "pull-down"
        }
    }
}

/// What the kernel reports about one GPIO line.
public struct GPIOLineInfo: Hashable, Sendable {
    /// The line number on its chip (the BCM GPIO number on a Raspberry Pi header chip).
    public var offset: Int
    /// The line's name from the device tree, e.g. `GPIO17`; empty when unnamed.
    public var name: String
    /// Whether someone (a kernel driver or a program) holds the line.
    public var isUsed: Bool
    /// Who holds it, e.g. `spi0 CS0`; empty when unnamed or free.
    public var consumer: String
    /// Whether the line is configured as an output.
    public var isOutput: Bool
    /// Whether the line's logical value is inverted.
    public var isActiveLow: Bool
    /// The pull resistor setting.
    public var bias: GPIOBias

    /// Creates line information.
    public init(offset: Int, name: String, isUsed: Bool, consumer: String, isOutput: Bool, isActiveLow: Bool, bias: GPIOBias) {
        self.offset = offset
        self.name = name
        self.isUsed = isUsed
        self.consumer = consumer
        self.isOutput = isOutput
        self.isActiveLow = isActiveLow
        self.bias = bias
    }
}

/// A GPIO chip and its lines.
public struct GPIOChipInfo: Hashable, Sendable {
    /// The device path, e.g. `/dev/gpiochip0`.
    public var path: String
    /// The kernel's name, e.g. `gpiochip0`.
    public var name: String
    /// The label, e.g. `pinctrl-bcm2711`: what board presets select the chip by.
    public var label: String
    /// Every line, by offset.
    public var lines: [GPIOLineInfo]

    /// Creates chip information.
    public init(path: String, name: String, label: String, lines: [GPIOLineInfo]) {
        self.path = path
        self.name = name
        self.label = label
        self.lines = lines
    }
}
