import ArgumentParser
import Foundation
import GlanceLinux

/// `glance service install|print`: run the face at boot under systemd.
struct ServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service",
        abstract: "Run the face at boot with systemd.",
        discussion: """
            glance service print shows the unit; glance service install writes it to \
            /etc/systemd/system/glance.service (as root), then run: \
            sudo systemctl daemon-reload && sudo systemctl enable --now glance. \
            Logs: journalctl -u glance -f. See Docs/Service.md.
            """,
        subcommands: [Print.self, Install.self]
    )

    struct Options: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The board (name or path).", valueName: "name|path"))
        var board: String

        @Option(name: .long, help: ArgumentHelp("The face file (an absolute path the service's user can read).", valueName: "glance.yaml"))
        var config: String?

        @Option(name: .long, help: ArgumentHelp("""
            The user the service runs as. The default, glance, is a system user of its own \
            (install creates it); the unit gives it the i2c, spi and gpio groups.
            """, valueName: "user"))
        var user = "glance"
    }

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "print", abstract: "Print the systemd unit for this program.")
        @OptionGroup var options: Options

        func run() throws {
            print(try ServiceCommand.unit(for: options), terminator: "")
        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Write /etc/systemd/system/glance.service (needs root).",
            discussion: "Creates the system user glance first when the unit runs as glance and it does not exist yet."
        )
        @OptionGroup var options: Options

        @Option(name: .long, help: ArgumentHelp("Where to write the unit.", valueName: "path"))
        var path = "/etc/systemd/system/glance.service"

        func run() throws {
            let unit = try ServiceCommand.unit(for: options)
            if options.user == "glance" {
                // The system user owns nothing else: the program and the face file must be open to others.
                let files = [(ServiceCommand.executablePath(), true)] + (options.config.map { [($0, false)] } ?? [])
                for (file, execute) in files {
                    if let reason = ServiceCommand.closedToOthers(file, execute: execute) {
                        StandardStream.error.write("""
                            glance: warning: the service's user glance cannot \(execute ? "run" : "read") \(file): \(reason). \
                            Install it where it can, e.g. sudo install -m \(execute ? "755" : "644") \(file) \
                            \(execute ? "/usr/local/bin/" : "/etc/glance/")\((file as NSString).lastPathComponent), and name that path.

                            """)
                    }
                }
            }
            let url = URL(fileURLWithPath: path)
            do {
                // Before anything is changed (a user created): only a regular file is replaced.
                try AtomicFile.checkReplaceable(url)
            } catch {
                throw CommandFailure("\(error)")
            }
            if options.user == "glance", getpwnam("glance") == nil { try ServiceCommand.createUser() }
            do {
                try AtomicFile.write(Data(unit.utf8), to: url)
            } catch {
                throw CommandFailure("\(error) (installing a service needs root: sudo glance service install …)")
            }
            print("""
                Wrote \(path). Start it now and at every boot with:
                  sudo systemctl daemon-reload && sudo systemctl enable --now glance
                Follow its log with: journalctl -u glance -f
                """)
        }
    }

    /// Creates the system user `glance` (no home, no login) that the service runs as.
    static func createUser() throws {
        let useradd = Process()
        useradd.executableURL = URL(fileURLWithPath: "/usr/sbin/useradd")
        useradd.arguments = ["--system", "--user-group", "--no-create-home", "--home-dir", "/var/lib/glance",
                             "--shell", "/usr/sbin/nologin", "--comment", "Glance widget face", "glance"]
        do {
            try useradd.run()
        } catch {
            throw CommandFailure("cannot run /usr/sbin/useradd to create the user glance: \(error); create it yourself or pass --user")
        }
        useradd.waitUntilExit()
        guard useradd.terminationStatus == 0 else {
            throw CommandFailure("useradd could not create the user glance (exit \(useradd.terminationStatus)); installing a service needs root: sudo glance service install …")
        }
        print("Created the system user glance (no login, no home). Add yourself to its group to write app-group files: sudo usermod -aG glance $USER")
    }

    /// Why a user with no rights of its own could not reach `path` (a folder on the way it
    /// cannot enter, or the file it cannot read or run); nil when it can.
    static func closedToOthers(_ path: String, execute: Bool) -> String? {
        let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var current = ""
        for (index, component) in components.enumerated() {
            current = index == 0 ? component : (current == "/" ? "/" : current + "/") + component
            var status = stat()
            guard stat(current, &status) == 0 else { return "\(current) does not exist" }
            if index < components.count - 1 {
                if status.st_mode & S_IXOTH == 0 { return "the folder \(current) is closed to other users" }
            } else if status.st_mode & S_IROTH == 0 || (execute && status.st_mode & S_IXOTH == 0) {
                return "it is not \(execute ? "executable" : "readable") by other users"
            }
        }
        return nil
    }

    /// This program's absolute path (the unit must not depend on the PATH).
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The unit for `options` on this machine: the board file says which devices it may open,
    /// and only device groups this system has are named (systemd refuses a unit naming a
    /// missing group).
    static func unit(for options: Options) throws -> String {
        let board = try BoardCatalog.board(options.board)
        let groups = ["i2c", "spi", "gpio"].filter { (name: String) in getgrnam(name) != nil }
        return try unit(executable: executablePath(), options: options, board: board, groups: groups)
    }

    /// The device nodes `board` opens, as `DeviceAllow=` values.
    static func devices(for board: BoardConfiguration) -> [String] {
        var devices = [String]()
        switch board.panel.connection {
        case .emulated: break
        case .i2c(let bus, _): devices.append("/dev/i2c-\(bus) rw")
        case .spi(let bus, let chipSelect, _, _, _):
            devices.append("/dev/spidev\(bus).\(chipSelect) rw")
            // Data/command, reset and busy lines: on a GPIO chip found by name or label.
            devices.append("char-gpiochip rw")
        case .framebuffer(let path): devices.append("\(path) rw")
        }
        if board.buttons.list.contains(where: { $0.line != nil }), !devices.contains("char-gpiochip rw") { devices.append("char-gpiochip rw") }
        return devices
    }

    /// The unit: runs headless as `options.user`, restarts on failure, stops with SIGTERM (the
    /// panel is switched off or keeps its image, per board), reloads with SIGHUP, and is
    /// sandboxed to what a face needs: its devices, its state and runtime folders, the network
    /// (providers and URL handlers fetch data) and the ordinary system calls.
    /// - Throws: `CommandFailure` when an argument cannot be written into a unit (a control
    ///   character such as a newline would start a directive of its own).
    static func unit(executable: String, options: Options, board: BoardConfiguration, groups: [String]) throws -> String {
        var arguments = [executable, "run", "--headless", "--board", options.board]
        if let config = options.config { arguments += ["--config", config] }
        let command = try arguments.map { try quoted($0) }.joined(separator: " ")
        for (name, value) in [("--user", options.user)] where value.isEmpty || value.contains(where: { !($0.isLetter || $0.isNumber || "-_.".contains($0)) }) {
            throw CommandFailure("\(name) “\(value)” is not a user name systemd accepts (letters, digits, - _ .)")
        }
        let deviceLines = devices(for: board).map { "DeviceAllow=\($0)" }.joined(separator: "\n")
        return """
            [Unit]
            Description=Glance widgets on \(board.name)
            After=local-fs.target
            # Wait for the I2C, SPI and GPIO devices of the board.
            After=systemd-udev-settle.service

            [Service]
            Type=simple
            User=\(options.user)
            # The i2c, spi and gpio groups own /dev/i2c-*, /dev/spidev* and /dev/gpiochip*.
            SupplementaryGroups=\(groups.joined(separator: " "))
            ExecStart=\(command)
            ExecReload=/bin/kill -HUP $MAINPID
            Restart=on-failure
            RestartSec=5
            # App groups and face state live here (GLANCE_STATE_DIR overrides the default); the
            # service's group may write app-group files too.
            StateDirectory=glance
            StateDirectoryMode=0770
            Environment=GLANCE_STATE_DIR=/var/lib/glance
            # The control socket's folder: private to the service's user, or glance refuses it.
            RuntimeDirectory=glance
            RuntimeDirectoryMode=0700
            Environment=GLANCE_CONTROL_SOCKET=/run/glance/control.sock
            UMask=0007

            # Sandbox: only this board's devices, a read-only system, no privileges to gain.
            # URL handlers run inside it too.
            DevicePolicy=closed
            \(deviceLines.isEmpty ? "# The board opens no device." : deviceLines)
            NoNewPrivileges=yes
            CapabilityBoundingSet=
            ProtectSystem=strict
            ProtectHome=read-only
            PrivateTmp=yes
            ProtectKernelTunables=yes
            ProtectKernelModules=yes
            ProtectKernelLogs=yes
            ProtectControlGroups=yes
            ProtectClock=yes
            ProtectHostname=yes
            ProtectProc=invisible
            RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK
            RestrictNamespaces=yes
            RestrictRealtime=yes
            RestrictSUIDSGID=yes
            LockPersonality=yes
            MemoryDenyWriteExecute=yes
            RemoveIPC=yes
            PrivateMounts=yes
            SystemCallArchitectures=native
            SystemCallFilter=@system-service
            SystemCallFilter=~@privileged @resources
            SystemCallErrorNumber=EPERM

            [Install]
            WantedBy=multi-user.target

            """
    }

    /// `argument` as one word of a systemd command line: double-quoted, with `\` and `"`
    /// escaped, `%` doubled (specifiers) and `$` doubled (variables).
    /// - Throws: `CommandFailure` for control characters, which a unit file cannot carry safely.
    static func quoted(_ argument: String) throws -> String {
        if let bad = argument.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(bad.value, radix: 16, uppercase: true)
            throw CommandFailure("“\(argument.debugDescription.dropFirst().dropLast())” holds a control character (U+\(code)); a unit file cannot carry it safely: rename the file or folder")
        }
        var escaped = ""
        for character in argument {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "%": escaped += "%%"
            case "$": escaped += "$$"
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
