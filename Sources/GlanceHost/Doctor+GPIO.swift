import Foundation
import GlanceCore
import GlanceLinux

extension Doctor {
    /// A GPIO line the board needs: a button's, or an SPI panel's data/command, reset or busy line.
    struct WantedLine: Equatable, Sendable {
        /// How the check is named, e.g. `button A` or `panel DC line`.
        var role: String
        /// The line, by offset or name.
        var line: BoardConfiguration.LineReference
    }

    /// The lines the board claims when it runs.
    var wantedLines: [WantedLine] {
        var lines = board.buttons.list.compactMap { button in button.line.map { WantedLine(role: "button \(button.name)", line: $0) } }
        if case .spi(_, _, let dc, let reset, let busy) = board.panel.connection {
            for (role, offset) in [("panel DC line", dc), ("panel reset line", reset), ("panel busy line", busy)] {
                if let offset { lines.append(WantedLine(role: role, line: .offset(offset))) }
            }
        }
        return lines
    }

    /// The header pins the panel's bus uses, which no line may take.
    private var reservedPins: [ReservedPin] {
        switch board.panel.connection {
        case .i2c(let bus, _): ReservedPin.raspberryPiI2C(bus: bus)
        case .spi(let bus, _, _, _, _): ReservedPin.raspberryPiSPI(bus: bus)
        case .emulated, .framebuffer: []
        }
    }

    // MARK: - GPIO

    /// libgpiod, the chip, and each line the board claims: free, or who holds it.
    func gpioChecks() -> [DoctorCheck] {
        let wanted = wantedLines
        guard !wanted.isEmpty else {
            return [.skip("buttons", board.buttons.list.isEmpty ? "the board has none" : "the board's buttons are keys of the simulator, not GPIO lines")]
        }
        var checks: [DoctorCheck] = []
        switch probe.loadLibgpiod() {
        case .success(let api):
            checks.append(.pass("libgpiod", api == 2 ? "libgpiod 2.x (libgpiod.so.3) loads" : "libgpiod 1.6 (libgpiod.so.2) loads"))
        case .failure(let error):
            checks.append(.fail("libgpiod", "\(error)", fix: ["sudo apt install libgpiod3   (Raspberry Pi OS or Debian trixie; libgpiod2 on bookworm)"]))
            return checks
        }
        let labels = board.buttons.chips.isEmpty ? ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"] : board.buttons.chips
        let chip: GPIOChipInfo
        switch probe.gpioChip(.labels(labels)) {
        case .success(let found):
            chip = found
            checks.append(.pass("GPIO chip", "\(found.label) (\(found.path), \(counted(found.lines.count, "line")))"))
        case .failure(.permissionDenied):
            // Found by label, so every chip had to be opened: explain the first that refused.
            let paths = probe.entries(of: "/dev").filter { $0.hasPrefix("gpiochip") }.map { "/dev/\($0)" }
            let refused = paths.first { probe.openError(readWrite: $0) != nil } ?? paths.first ?? "/dev/gpiochip0"
            return checks + [accessCheck(path: refused, kind: .gpio)]
        case .failure(.chipNotFound(_, let available)):
            let found = available.isEmpty ? "this machine has no GPIO chips" : "this machine has " + available.map(\.description).joined(separator: ", ")
            return checks + [.fail("GPIO chip", "no chip labelled \(labels.joined(separator: " or ")); \(found)",
                                   fix: ["set chip: under buttons: in the board file to the label of the chip the buttons are on (\(program) gpio list shows them)"])]
        case .failure(let error):
            return checks + [.fail("GPIO chip", "\(error)", fix: ["\(program) gpio list shows the chips and what is wrong with each"])]
        }
        for line in wanted {
            checks.append(lineCheck(line, on: chip))
        }
        return checks
    }

    /// One line: there, not one of the panel's bus pins, and free.
    private func lineCheck(_ wanted: WantedLine, on chip: GPIOChipInfo) -> DoctorCheck {
        let found: GPIOLineInfo?
        switch wanted.line {
        case .offset(let offset): found = chip.lines.first { $0.offset == offset }
        case .name(let name): found = chip.lines.first { $0.name == name }
        }
        guard let info = found else {
            let what: String = switch wanted.line {
            case .offset(let offset): "line \(offset) does not exist on \(chip.label), which has lines 0–\(max(chip.lines.count - 1, 0))"
            case .name(let name): "no line is named \(name) on \(chip.label)"
            }
            return .fail(wanted.role, what, fix: ["set the line under buttons: in the board file to one \(program) gpio list --chip \(chip.label) shows"])
        }
        let described = (info.name.isEmpty ? "line \(info.offset)" : "\(info.name) (line \(info.offset))") + " of \(chip.label)"
        if let pin = reservedPins.first(where: { $0.offset == info.offset }) {
            return .fail(wanted.role, "\(described) is \(pin.function) of \(pin.bus), which the panel uses",
                         fix: ["wire it to a free line and set that line in the board file (\(program) gpio list shows which are free)"])
        }
        guard info.isUsed else { return .pass(wanted.role, "\(described) is free") }
        if info.consumer == "glance" || info.consumer.hasPrefix("glance ") {
            return .skip(wanted.role, "\(described) is held by glance: a face is running on this board (stop it before starting another: sudo systemctl stop glance)")
        }
        let holder = info.consumer.isEmpty ? "the kernel or a program that gave no name" : "'\(info.consumer)'"
        return .fail(wanted.role, "\(described) is held by \(holder), so Glance cannot claim it",
                     fix: ["stop the program holding it" + (bootConfig.map { ", or remove the dtoverlay= that claims it from \($0.path)" } ?? "")
                            + " (\(program) gpio list --used shows every held line)",
                           "or wire it to a free line and set that line in the board file"])
    }
}
