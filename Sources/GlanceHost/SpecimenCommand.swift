import ArgumentParser
import GlanceGraphics

/// `glance specimen`: every font size and symbol, for eyes and golden tests.
struct SpecimenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specimen",
        abstract: "Show every font size, weight and symbol."
    )

    func run() throws {
        print("specimen")
    }
}
