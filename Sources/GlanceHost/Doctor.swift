import Foundation
import GlanceLinux

/// One thing `glance doctor` checked: what it found and, when that stands in the way, what to do.
struct DoctorCheck: Equatable, Sendable, Encodable {
    /// How a check came out.
    enum Status: String, Equatable, Sendable, Encodable {
        /// Nothing in the way.
        case pass
        /// Something in the way; `fix` says what to do.
        case fail
        /// Not checked, or nothing to check (the detail says which and why).
        case skip

        /// `✓`, `✗` or `–`.
        var symbol: String {
            switch self {
            case .pass: "✓"
            case .fail: "✗"
            case .skip: "–"
            }
        }
    }

    /// What was checked, e.g. `I2C bus` or `button A`.
    var name: String
    /// How it came out.
    var status: Status
    /// What was found.
    var detail: String
    /// The commands or steps that fix a failure, one a line.
    var fix: [String] = []

    static func pass(_ name: String, _ detail: String) -> DoctorCheck { DoctorCheck(name: name, status: .pass, detail: detail) }
    static func fail(_ name: String, _ detail: String, fix: [String]) -> DoctorCheck { DoctorCheck(name: name, status: .fail, detail: detail, fix: fix) }
    static func skip(_ name: String, _ detail: String) -> DoctorCheck { DoctorCheck(name: name, status: .skip, detail: detail) }

    /// The check's line, then its fix, each line indented under it.
    var text: String {
        var lines = ["\(status.symbol) \(name): \(detail)"]
        for (index, step) in fix.enumerated() {
            lines.append((index == 0 ? "    fix: " : "         ") + step)
        }
        return lines.joined(separator: "\n")
    }
}

/// The reasoning of `glance doctor`: for a board, each thing between the maker and the glass
/// (the bus enabled, its device node open to this user, a device answering at the panel's
/// address, libgpiod, the buttons' lines free, the service's user able to reach the program),
/// each with what to do about it.
///
/// Everything it knows of the machine comes from a `SystemProbe`, so tests give it a made-up
/// machine; the probe only reads (an I2C address is probed without sending a data byte).
struct Doctor {
    /// The board to check.
    var board: BoardConfiguration
    /// How the maker named the board: a built-in preset's name or a board file's path.
    var boardReference: String
    /// The machine.
    var probe: any SystemProbe
    /// Where `glance service install` writes the unit.
    var unitPath = "/etc/systemd/system/glance.service"
    /// The program's name in the fix commands (`glance`, or a widget package's own program).
    var program = "glance"

    /// Every check, in the order a maker meets them: the panel's bus and device, the GPIO
    /// lines, the service.
    func checks() -> [DoctorCheck] {
        panelChecks() + gpioChecks() + serviceChecks()
    }

    /// The summary printed above the checks, e.g. `board vm-test: ssd1306 128x64 on i2c-0 at 0x3c, 5 buttons`.
    var boardSummary: String {
        let panel = board.panel
        let connection = switch panel.connection {
        case .emulated: "emulated"
        case .i2c(let bus, let address): "on i2c-\(bus) at \(Self.hex(address))"
        case .spi(let bus, let chipSelect, _, _, _): "on spi-\(bus).\(chipSelect)"
        case .framebuffer(let path): "on \(path)"
        }
        let buttons = board.buttons.list.count
        return "board \(board.name): \(panel.controller.rawValue) \(panel.size.width)x\(panel.size.height) \(connection), "
            + (buttons == 0 ? "no buttons" : "\(buttons) button\(buttons == 1 ? "" : "s")")
    }

    // MARK: - The machine

    /// The Raspberry Pi model from the device tree, or nil on other machines.
    var raspberryPiModel: String? {
        guard let text = probe.text(of: "/proc/device-tree/model") else { return nil }
        let model = text.trimmingCharacters(in: CharacterSet(charactersIn: "\0").union(.whitespacesAndNewlines))
        return model.contains("Raspberry Pi") ? model : nil
    }

    /// The Raspberry Pi firmware's settings: Raspberry Pi OS bookworm and later keep them in
    /// /boot/firmware, older releases in /boot.
    var bootConfig: BootConfig? {
        for path in ["/boot/firmware/config.txt", "/boot/config.txt"] {
            if let text = probe.text(of: path) { return BootConfig(path: path, text: text) }
        }
        return nil
    }

    /// `0x3c`.
    static func hex(_ value: Int) -> String {
        "0x" + (value < 0x10 ? "0" : "") + String(value, radix: 16)
    }

    /// The C library's text for an error number.
    static func describe(errno code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}

/// A Raspberry Pi's `config.txt`: the `dtparam=` and `dtoverlay=` lines that are not comments.
/// Conditional sections (`[pi4]`, `[all]`) are not followed: every line counts.
struct BootConfig: Equatable, Sendable {
    /// Where it was read.
    var path: String
    /// The file's text.
    var text: String

    /// The lines that are not comments or blank, trimmed.
    var settings: [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// Whether a `dtparam=` line turns any of `names` on (`name=on`, `name=true`, `name=yes`,
    /// `name=1` or the bare name, among comma-separated parameters).
    func enables(_ names: [String]) -> Bool {
        var on = false
        for line in settings where line.hasPrefix("dtparam=") {
            for parameter in line.dropFirst("dtparam=".count).split(separator: ",") {
                let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let name = parts.first, names.contains(name) else { continue }
                // A later line wins, as the firmware reads them in order.
                on = parts.count == 1 || ["on", "true", "yes", "1"].contains(parts[1].lowercased())
            }
        }
        return on
    }

    /// The `dtoverlay=` lines whose overlay name contains any of `fragments`.
    func overlays(containing fragments: [String]) -> [String] {
        settings.filter { line in
            guard line.hasPrefix("dtoverlay=") else { return false }
            let name = line.dropFirst("dtoverlay=".count).prefix { $0 != "," && $0 != ":" }.lowercased()
            return fragments.contains { name.contains($0) }
        }
    }
}
