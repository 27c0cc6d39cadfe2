import ArgumentParser
import Foundation
import GlanceLinux

/// `glance doctor`: checks, for the board in use, each thing between the maker and the glass,
/// and says how to fix what is in the way.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check what stands between this machine and the panel, and say how to fix it.",
        discussion: """
            For the board in use, one line per check: ✓ fine, ✗ in the way (with the commands \
            that fix it underneath), – not checked or nothing to check. In order: the bus \
            device exists (on a Raspberry Pi, whether config.txt turns the bus on); it opens \
            for reading and writing (if not, which group owns it and whether you are in it); \
            a device answers at the board's address (probed as i2cdetect does, with no byte \
            sent to the panel), else at the other OLED address, else what else is on the bus, \
            or which kernel driver holds it; which controller it is, where that can be told \
            without writing to it; libgpiod loads, the buttons' chip is there and each line is \
            free (or who holds it); and when glance service install wrote a unit, that its \
            user can run the program, read the files and open the devices.

            The board is --board, else the face file's (--config, else glance.yaml here), \
            else the installed service's. Nothing is changed: the fixes are yours to run. \
            Exit status: 0 when nothing is in the way, 1 when something is, 64 when the \
            arguments (or the files they name) are wrong.

            Examples:
              glance doctor --board ssd1306-128x64-i2c
              glance doctor --config glance.yaml
              glance doctor --board board.yaml --json
            """
    )

    @Option(name: .long, help: ArgumentHelp("A board name (see glance boards) or a board file.", valueName: "name|path"))
    var board: String?

    @Option(name: .long, help: ArgumentHelp("The face file whose board to check (default: glance.yaml here, if any).", valueName: "glance.yaml"))
    var config: String?

    @Flag(name: .long, help: "Print the checks as JSON: board, checks (name, status pass|fail|skip, detail, fix) and failed.")
    var json = false

    @Option(name: .long, help: .hidden)
    var unit = "/etc/systemd/system/glance.service"

    func run() throws {
        let probe = LinuxSystemProbe()
        let (board, reference) = try chosenBoard(probe: probe)
        let program = (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }).flatMap { $0.isEmpty ? nil : $0 } ?? "glance"
        let doctor = Doctor(board: board, boardReference: reference, probe: probe, unitPath: unit, program: program)
        let checks = doctor.checks()
        let text = try json ? Self.json(summary: doctor.boardSummary, checks: checks) : Self.report(summary: doctor.boardSummary, checks: checks)
        print(text)
        if checks.contains(where: { $0.status == .fail }) { throw ExitCode.failure }
    }

    /// The report: the board, one line per check with its fix, and a count.
    static func report(summary: String, checks: [DoctorCheck]) -> String {
        let counted = checks.filter { $0.status != .skip }.count
        let failed = checks.filter { $0.status == .fail }.count
        let total = failed == 0 ? "Nothing in the way: \(counted) check\(counted == 1 ? "" : "s") passed." : "\(failed) of \(counted) checks failed."
        return (["glance doctor: \(summary)"] + checks.map(\.text) + [total]).joined(separator: "\n")
    }

    /// The checks as a JSON object.
    static func json(summary: String, checks: [DoctorCheck]) throws -> String {
        struct Report: Encodable {
            var board: String
            var checks: [DoctorCheck]
            var failed: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Report(board: summary, checks: checks, failed: checks.filter { $0.status == .fail }.count))
        return String(decoding: data, as: UTF8.self)
    }

    /// The board to check and how it was named: --board, the face file's, the service's.
    /// - Throws: `ExitCode.validationFailure` (64) after saying what is wrong with the arguments.
    private func chosenBoard(probe: some SystemProbe) throws -> (BoardConfiguration, String) {
        var reference = board
        // The face file's board: a problem with it is reported at its key.
        var named: Located<String>?
        if reference == nil, let face = FaceConfiguration.path(given: config) {
            guard config == nil || FileManager.default.fileExists(atPath: face) else { throw usage("--config \(face): there is no such file") }
            do {
                named = try FaceConfiguration(contentsOf: face).board
                reference = named?.value ?? "simulator"
            } catch {
                throw usage("\(error)")
            }
        }
        if reference == nil, let text = probe.text(of: unit) {
            reference = ServiceUnitSummary(text: text).argument("--board")
        }
        guard let reference else {
            throw usage("no board to check: give --board NAME or --config FILE (there is no glance.yaml here and no service installed at \(unit))")
        }
        let isPath = reference.contains("/") || reference.hasSuffix(".yaml") || reference.hasSuffix(".yml")
        if isPath, !FileManager.default.fileExists(atPath: reference) { throw usage("the board file \(reference) does not exist") }
        do {
            return (try named.map { try BoardCatalog.board($0) } ?? BoardCatalog.board(reference), reference)
        } catch {
            throw usage("\(error)")
        }
    }

    private func usage(_ message: String) -> ExitCode {
        // A list of configuration problems is one per line, each with the prefix.
        StandardStream.error.write(message.split(separator: "\n").map { "glance doctor: \($0)\n" }.joined())
        return ExitCode.validationFailure
    }
}
