/// How to find a GPIO chip. Labels are stable across kernels; numbers are not (the Pi 5's
/// header chip moved from gpiochip4 to gpiochip0).
public enum GPIOChipSelector: Hashable, Sendable, CustomStringConvertible {
    /// A device path such as `/dev/gpiochip0`.
    case path(String)
    /// `gpiochipN` in the device directory.
    case number(Int)
    /// The first chip (in name order) with this label, e.g. `pinctrl-bcm2711`.
    case label(String)
    /// The first of these labels that some chip has, tried in order.
    case labels([String])

    /// The 40-pin header's chip on any Raspberry Pi: `pinctrl-rp1` (Pi 5), `pinctrl-bcm2711`
    /// (Pi 4, 400, CM4) or `pinctrl-bcm2835` (Pi 0–3).
    public static let raspberryPiHeader = GPIOChipSelector.labels(["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"])

    /// How messages name the selector, e.g. `labelled 'pinctrl-bcm2711'`.
    public var description: String {
        switch self {
        case .path(let path): "at \(path)"
        case .number(let number): "number \(number) (gpiochip\(number))"
        case .label(let label): "labelled '\(label)'"
        case .labels(let labels): "labelled " + labels.map { "'\($0)'" }.joined(separator: " or ")
        }
    }
}
