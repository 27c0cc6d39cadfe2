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

        @Option(name: .long, help: ArgumentHelp("The face file (an absolute path is best).", valueName: "glance.yaml"))
        var config: String?

        @Option(name: .long, help: ArgumentHelp("The user the service runs as (in the i2c and gpio groups).", valueName: "user"))
        var user: String = ProcessInfo.processInfo.environment["SUDO_USER"] ?? ProcessInfo.processInfo.environment["USER"] ?? "pi"
    }

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the systemd unit for this program.")
        @OptionGroup var options: Options

        func run() {
            print(ServiceCommand.unit(executable: ServiceCommand.executablePath(), options: options), terminator: "")
        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write /etc/systemd/system/glance.service (needs root).")
        @OptionGroup var options: Options

        @Option(name: .long, help: ArgumentHelp("Where to write the unit.", valueName: "path"))
        var path = "/etc/systemd/system/glance.service"

        func run() throws {
            let unit = ServiceCommand.unit(executable: ServiceCommand.executablePath(), options: options)
            do {
                try AtomicFile.write(Data(unit.utf8), to: URL(fileURLWithPath: path))
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

    /// This program's absolute path (the unit must not depend on the PATH).
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The unit: runs headless as the given user, restarts on failure, stops with SIGTERM (the
    /// panel is switched off or keeps its image, per board), reloads with SIGHUP.
    static func unit(executable: String, options: Options) -> String {
        var command = "\(executable) run --headless --board \(options.board)"
        if let config = options.config { command += " --config \(config)" }
        return """
            [Unit]
            Description=Glance widgets on \(options.board)
            After=local-fs.target
            # Wait for the I2C, SPI and GPIO devices of the board.
            After=systemd-udev-settle.service

            [Service]
            Type=simple
            User=\(options.user)
            # The i2c, spi and gpio groups own /dev/i2c-*, /dev/spidev* and /dev/gpiochip*.
            SupplementaryGroups=i2c spi gpio
            ExecStart=\(command)
            ExecReload=/bin/kill -HUP $MAINPID
            Restart=on-failure
            RestartSec=5
            # App groups and face state live here (GLANCE_STATE_DIR overrides the default).
            StateDirectory=glance
            Environment=GLANCE_STATE_DIR=/var/lib/glance
            # The control socket's folder: private to the service's user, or glance refuses it.
            RuntimeDirectory=glance
            RuntimeDirectoryMode=0700
            Environment=GLANCE_CONTROL_SOCKET=/run/glance/control.sock

            [Install]
            WantedBy=multi-user.target

            """
    }
}
