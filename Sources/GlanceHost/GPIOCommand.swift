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

        @Option(name: .long, help: ArgumentHelp("Only the chip with this label, path or number.", valueName: "chip"))
        var chip: String?

        @Flag(name: .long, help: "Only lines someone holds.")
        var used = false

        @Option(name: .long, help: .hidden)
        var deviceDirectory = "/dev"

        func run() throws {
            let gpio = GPIO(deviceDirectory: deviceDirectory)
            var paths = gpio.chipPaths()
            if paths.isEmpty {
                print("no GPIO chips on this machine")
                return
            }
            if let chip {
                let selector = Self.selector(chip)
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

        /// A label, a path (starting with /) or a chip number.
        static func selector(_ text: String) -> GPIOChipSelector {
            if text.hasPrefix("/") { return .path(text) }
            if let number = Int(text) { return .number(number) }
            if text.hasPrefix("gpiochip"), let number = Int(text.dropFirst("gpiochip".count)) { return .number(number) }
            return .label(text)
        }
    }
}
