import ArgumentParser
import Foundation
import GlanceLinux

/// `glance gpio`: the machine's GPIO chips and lines.
struct GPIOCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpio",
        abstract: "Show the GPIO chips and lines on this machine.",
        subcommands: [List.self],
        defaultSubcommand: List.self
    )

    /// `glance gpio list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List GPIO chips with their labels and lines.",
            discussion: """
                Every /dev/gpiochipN with its label (what board files select a chip by), and each \
                line's offset (the BCM GPIO number on a Raspberry Pi), name, direction and who \
                holds it. Lines held by the kernel (an I2C or SPI bus, an LED) cannot be used \
                for buttons.

                Examples:
                  glance gpio list
                  glance gpio list --chip pinctrl-bcm2711
                  glance gpio list --used
                """
        )

        @Option(name: .long, help: ArgumentHelp("Only the chip with this label, path or number (0–255).", valueName: "chip"))
        var chip: String?

        @Flag(name: .long, help: "Only lines someone holds.")
        var used = false

        @Option(name: .long, help: .hidden)
        var deviceDirectory = "/dev"

        /// Chip numbers the kernel gives (`gpiochip0` to `gpiochip255`).
        static let chipNumbers = 0...255

        func validate() throws {
            if let chip, Self.selector(chip) == nil {
                throw ValidationError("--chip \(chip) is not a chip number: GPIO chips are numbered \(Self.chipNumbers.lowerBound) to \(Self.chipNumbers.upperBound) (or give a label or a path).")
            }
        }

        func run() throws {
            let gpio = GPIO(deviceDirectory: deviceDirectory)
            var paths = gpio.chipPaths()
            if paths.isEmpty {
                print("no GPIO chips on this machine")
                return
            }
            if let chip, let selector = Self.selector(chip) {
                do {
                    paths = [try gpio.chip(selector).path]
                } catch {
                    throw CommandFailure("\(error)")
                }
            }
            var failures: [String] = []
            for (index, path) in paths.enumerated() {
                if index > 0 { print() }
                do {
                    print(try gpio.chip(at: path).listing(usedOnly: used), terminator: "")
                } catch {
                    print("\(path): cannot be read")
                    failures.append("\(error)")
                }
            }
            if !failures.isEmpty { throw CommandFailure(failures.joined(separator: "\n")) }
        }

        /// A label, a path (starting with /) or a chip number (`N` or `gpiochipN`); nil for a
        /// number out of `chipNumbers` (a label is never all digits, nor signed).
        static func selector(_ text: String) -> GPIOChipSelector? {
            if text.hasPrefix("/") { return .path(text) }
            let digits = text.hasPrefix("gpiochip") ? text.dropFirst("gpiochip".count) : Substring(text)
            let signed = digits.first.map { $0 == "-" || $0 == "+" } ?? false
            let number = signed ? digits.dropFirst() : digits
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .label(text) }
            guard !signed, let value = Int(number), chipNumbers.contains(value) else { return nil }
            return .number(value)
        }
    }
}
