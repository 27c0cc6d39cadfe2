import CGPIODShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's GPIO chips, found in a device directory (`/dev` unless a test says otherwise).
///
/// Creating one does no I/O; each method looks at the device directory when called.
public struct GPIO: Hashable, Sendable {
    /// Where `gpiochipN` devices live.
    public var deviceDirectory: String

    /// Creates a view of the GPIO chips in `deviceDirectory`.
    public init(deviceDirectory: String = "/dev") {
        self.deviceDirectory = deviceDirectory
    }

    /// The paths of the `gpiochipN` entries, in number order; empty when there are none (or no
    /// device directory).
    public func chipPaths() -> [String] {
        guard let directory = opendir(deviceDirectory) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = cString(entry.pointee.d_name)
            if name.hasPrefix("gpiochip") { names.append(name) }
        }
        return names.sorted { chipNumber($0) < chipNumber($1) }.map { "\(deviceDirectory)/\($0)" }
    }

    /// Every chip with its label and lines.
    /// - Throws: The first chip's `GPIOError` (for example `.permissionDenied`); use
    ///   `chip(at:)` per path to report chips one by one.
    public func chips() throws -> [GPIOChipInfo] {
        try chipPaths().map(chip(at:))
    }

    /// One chip with its label and lines.
    /// - Throws: `GPIOError.chipNotFound`, `.permissionDenied`, `.notAGPIOChip` or `.system`.
    public func chip(at path: String) throws -> GPIOChipInfo {
        try GPIOChip.open(.path(path), in: self).info()
    }

    /// The chip `selector` finds, with its lines.
    /// - Throws: `GPIOError.chipNotFound` listing the chips that exist, and the errors of `chip(at:)`.
    public func chip(_ selector: GPIOChipSelector) throws -> GPIOChipInfo {
        try GPIOChip.open(selector, in: self).info()
    }

    /// Each chip's path and, when it can be opened, label and line count (for messages that
    /// list what exists).
    public func summaries() -> [GPIOChipSummary] {
        chipPaths().map { path in
            guard let handle = glance_gpio_chip_open(path) else { return GPIOChipSummary(path: path, label: nil, lineCount: nil) }
            defer { glance_gpio_chip_close(handle) }
            return GPIOChipSummary(
                path: path,
                label: String(cString: glance_gpio_chip_label(handle)),
                lineCount: Int(glance_gpio_chip_line_count(handle))
            )
        }
    }

    private func chipNumber(_ name: String) -> Int {
        Int(name.dropFirst("gpiochip".count)) ?? Int.max
    }
}
