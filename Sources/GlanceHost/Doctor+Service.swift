import Foundation
import GlanceLinux

/// The parts of a systemd unit written by `glance service install` that `glance doctor` reads.
struct ServiceUnitSummary: Equatable, Sendable {
    /// `User=`; nil when the unit names none (systemd then runs it as root).
    var user: String?
    /// `SupplementaryGroups=`.
    var supplementaryGroups: [String]
    /// `ExecStart=`, split into words (double quotes and `\`, `%%` and `$$` undone as the
    /// service command writes them).
    var command: [String]

    /// Reads the `[Service]` section of `text`.
    init(text: String) {
        var section = ""
        var user: String?
        var groups: [String] = []
        var command: [String] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") || line.hasPrefix(";") || line.isEmpty { continue }
            if line.hasPrefix("[") { section = line; continue }
            guard section == "[Service]", let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            switch key {
            case "User": user = value.isEmpty ? nil : value
            case "SupplementaryGroups": groups += value.split(separator: " ").map(String.init)
            case "ExecStart": command = Self.words(value)
            default: break
            }
        }
        self.user = user
        supplementaryGroups = groups
        self.command = command
    }

    /// The program the unit runs.
    var executable: String? { command.first }

    /// The value after `option` in the command (`--board`, `--config`).
    func argument(_ option: String) -> String? {
        guard let index = command.firstIndex(of: option), index + 1 < command.count else { return nil }
        return command[index + 1]
    }

    /// A command line's words: double-quoted words with `\\` and `\"` escapes, or bare words.
    private static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        var started = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\", inQuotes {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
                started = true
            } else if character == " ", !inQuotes {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words.map { $0.replacingOccurrences(of: "%%", with: "%").replacingOccurrences(of: "$$", with: "$") }
    }
}

extension Doctor {
    // MARK: - The service

    /// When `glance service install` wrote a unit: its user exists and can run the program,
    /// read the board and face files, and open the board's devices.
    func serviceChecks() -> [DoctorCheck] {
        guard let text = probe.text(of: unitPath) else {
            return [.skip("service", "not installed (no \(unitPath)): to run the face at boot, sudo \(program) service install (Docs/Service.md)")]
        }
        let unit = ServiceUnitSummary(text: text)
        let userName = unit.user ?? "root"
        let reinstall = "sudo \(program) service install --board \(unit.argument("--board") ?? boardReference)" + (unit.argument("--config").map { " --config \($0)" } ?? "")
        guard let account = probe.user(named: userName) else {
            return [.fail("service user", "\(unitPath) runs as \(userName), who does not exist on this machine",
                          fix: [userName == "glance" ? "\(reinstall)   (creates the user glance)" : "sudo useradd --system --user-group --no-create-home --shell /usr/sbin/nologin \(userName)"])]
        }
        var groups = Set(probe.groupIDs(of: account))
        for name in unit.supplementaryGroups {
            if let group = probe.group(named: name) { groups.insert(group.gid) }
        }
        var checks: [DoctorCheck] = []
        guard let executable = unit.executable else {
            return [.fail("service program", "\(unitPath) has no ExecStart= line", fix: [reinstall])]
        }
        if let problem = probe.reachProblem(executable, uid: account.uid, groups: groups, access: .execute) {
            let name = (executable as NSString).lastPathComponent
            checks.append(.fail("service program", "the service runs \(executable) as \(userName), but \(problem)",
                                fix: ["sudo install -m 755 \(executable) /usr/local/bin/\(name)",
                                      "sudo /usr/local/bin/\(name) service install --board \(unit.argument("--board") ?? boardReference)" + (unit.argument("--config").map { " --config \($0)" } ?? ""),
                                      "sudo systemctl daemon-reload && sudo systemctl restart glance"]))
        } else {
            checks.append(.pass("service program", "\(userName) can run \(executable)"))
        }
        checks.append(serviceFilesCheck(unit: unit, account: account, groups: groups))
        if let devices = serviceDevicesCheck(unit: unit, account: account, groups: groups, reinstall: reinstall) { checks.append(devices) }
        return checks
    }

    /// The board and face files the unit names, readable by its user.
    private func serviceFilesCheck(unit: ServiceUnitSummary, account: UserAccount, groups: Set<UInt32>) -> DoctorCheck {
        var files: [String] = []
        if let board = unit.argument("--board"), board.contains("/") || board.hasSuffix(".yaml") || board.hasSuffix(".yml") { files.append(board) }
        if let config = unit.argument("--config") { files.append(config) }
        let other = unit.argument("--board").map { $0 == boardReference ? "" : " (it runs board \($0); this check is of \(boardReference))" } ?? ""
        guard !files.isEmpty else { return .pass("service files", "the unit names a built-in board and no face file" + other) }
        for file in files {
            if let problem = probe.reachProblem(file, uid: account.uid, groups: groups, access: .read) {
                return .fail("service files", "\(account.name) cannot read \(file): \(problem)" + other,
                             fix: ["sudo install -D -m 644 \(file) /etc/glance/\((file as NSString).lastPathComponent)",
                                   "then name that path in sudo \(program) service install"])
            }
        }
        return .pass("service files", "\(account.name) can read \(files.joined(separator: " and "))" + other)
    }

    /// The board's device nodes, open to the unit's user (with its supplementary groups).
    private func serviceDevicesCheck(unit: ServiceUnitSummary, account: UserAccount, groups: Set<UInt32>, reinstall: String) -> DoctorCheck? {
        var devices: [(String, DeviceKind)] = []
        switch board.panel.connection {
        case .i2c(let bus, _): devices.append(("/dev/i2c-\(bus)", .i2c))
        case .spi(let bus, let chipSelect, _, _, _): devices.append(("/dev/spidev\(bus).\(chipSelect)", .spi))
        case .framebuffer(let path): devices.append((path, .framebuffer))
        case .emulated: break
        }
        if !wantedLines.isEmpty {
            devices += probe.entries(of: "/dev").filter { $0.hasPrefix("gpiochip") }.prefix(1).map { ("/dev/\($0)", DeviceKind.gpio) }
        }
        guard !devices.isEmpty else { return nil }
        for (path, kind) in devices {
            guard let status = probe.status(of: path) else { continue }
            if !status.allows([.read, .write], uid: account.uid, groups: groups) {
                let group = probe.group(id: status.group)?.name ?? String(status.group)
                let named = unit.supplementaryGroups.joined(separator: " ")
                let fix = status.group != 0 && status.allows([.read, .write], uid: UInt32.max, groups: [status.group])
                    ? ["the unit's SupplementaryGroups= (\(named.isEmpty ? "none" : named)) lacks \(group): reinstall it now that the group exists:", reinstall,
                       "sudo systemctl daemon-reload && sudo systemctl restart glance"]
                    : Array(Self.groupFix(kind).prefix(3)) + ["then reinstall the unit so it names the group: \(reinstall)"]
                let given = named.isEmpty ? "no supplementary groups" : "the supplementary groups \(named)"
                return .fail("service devices", "\(account.name) cannot open \(path) (\(status.modeString), \(probe.ownerDescription(status))); the unit gives it \(given)",
                             fix: fix)
            }
        }
        return .pass("service devices", "\(account.name) may open \(devices.map(\.0).joined(separator: " and "))")
    }
}
