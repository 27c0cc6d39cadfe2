import ArgumentParser
import Foundation
import GlanceFace
import GlanceInput
import GlanceLinux

/// `glance ctl`: talks to a running `glance run` through its control socket.
struct ControlCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Talk to a running glance run through its control socket.",
        discussion: """
            Scripts, cron jobs and home-automation tools push changes to the face this way. \
            Only the user running glance (and root) can use the socket. The answer is awaited \
            30 seconds, or GLANCE_CTL_TIMEOUT seconds. Exit status: 0 done, 1 the face refused, \
            did not answer or nothing is running, 2 a mistake on this command line. The \
            protocol (JSON lines, usable with socat or Python) is in Docs/Control.md.

            Examples:
              glance ctl status
              glance ctl reload weather
              glance ctl press A --gesture long-press
              glance ctl screenshot face.png
              glance ctl activity start TimerAttributes --attributes '{"name":"Tea"}' \\
                --state '{"ends":"2026-11-21T08:30:00Z"}'

            A crontab line that refreshes the weather data every 15 minutes, then reloads \
            the widget:
              */15 * * * *  $HOME/bin/fetch-weather && glance ctl reload weather
            """,
        subcommands: [Status.self, Reload.self, Press.self, Screenshot.self, ActivityCommand.self]
    )

    /// `--socket`, shared by every `ctl` subcommand.
    struct Connection: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("""
            The control socket of the running glance (default: $GLANCE_CONTROL_SOCKET, else \
            $XDG_RUNTIME_DIR/glance/control.sock, else /run/glance/control.sock for root, else \
            /tmp/glance-UID/control.sock).
            """, valueName: "path"))
        var socket: String?

        /// The socket to talk to.
        var path: String { socket ?? ControlSocket.clientPath() }
    }

    // MARK: - Subcommands

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Print the face's state as JSON: slots, widgets, budgets, recent buttons and intents.",
            discussion: """
                Examples:
                  glance ctl status
                  glance ctl status | jq '.slots[0].kind'
                """
        )

        @OptionGroup var connection: Connection

        func run() async throws {
            let status = try await ControlCommand.perform { try await ControlClient.status(socket: connection.path) }
            print(String(decoding: try ControlJSON.encoder(pretty: true).encode(status), as: UTF8.self))
        }
    }

    struct Reload: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reload",
            abstract: "Reload every widget of a kind, as WidgetCenter.reloadTimelines(ofKind:) does.",
            discussion: """
                Use it after a script changed what a widget reads (an app-group file, a web service).

                Examples:
                  glance ctl reload weather
                  */15 * * * *  $HOME/bin/fetch-weather && glance ctl reload weather   (crontab)
                """
        )

        @Argument(help: ArgumentHelp("The widget kind, as the face file names it.", valueName: "kind"))
        var kind: String

        @OptionGroup var connection: Connection

        func run() async throws {
            try await ControlCommand.perform { try await ControlClient.reload(kind: kind, socket: connection.path) }
        }
    }

    struct Press: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "press",
            abstract: "Act as if a button of the board made a gesture; its binding runs as for the real button.",
            discussion: """
                Examples:
                  glance ctl press A
                  glance ctl press B --gesture long-press
                """
        )

        @Argument(help: ArgumentHelp("The button's name on the board (see glance boards).", valueName: "button"))
        var button: String

        @Option(name: .long, help: ArgumentHelp("The gesture.", valueName: ButtonGesture.allCases.map(\.rawValue).joined(separator: "|")))
        var gesture = "click"

        @OptionGroup var connection: Connection

        func run() async throws {
            guard let typed = ButtonGesture(rawValue: gesture) else {
                let known = ButtonGesture.allCases.map(\.rawValue).joined(separator: ", ")
                throw ControlCommand.usage("unknown gesture '\(gesture)' (use one of: \(known))")
            }
            try await ControlCommand.perform { try await ControlClient.press(button: button, gesture: typed, socket: connection.path) }
        }
    }

    struct Screenshot: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "screenshot",
            abstract: "Save what the panel shows as a PNG.",
            discussion: """
                On simulator boards this is the emulated glass; on hardware, the last frame sent.

                Example:
                  glance ctl screenshot face.png
                """
        )

        @Argument(help: ArgumentHelp("Where to write the PNG.", valueName: "file.png"))
        var file: String

        @OptionGroup var connection: Connection

        func run() async throws {
            let png = try await ControlCommand.perform { try await ControlClient.screenshot(socket: connection.path) }
            try ControlCommand.perform {
                try AtomicFile.write(Data(png), to: URL(fileURLWithPath: file))
            }
            print("Wrote the panel to \(file).")
        }
    }

    // MARK: - Helpers

    /// Runs a request; a failure (nothing running, permission, the face refusing) is printed
    /// on standard error and exits with status 1.
    static func perform<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ControlClientError {
            if case .setting = error { throw usage(error.description) }
            StandardStream.error.write("glance: \(error)\n")
            throw ExitCode(1)
        } catch {
            StandardStream.error.write("glance: \(error)\n")
            throw ExitCode(1)
        }
    }

    /// As `perform`, for local work such as writing the screenshot.
    static func perform<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            StandardStream.error.write("glance: \(error)\n")
            throw ExitCode(1)
        }
    }

    /// A mistake on the command line: the message on standard error, exit status 2.
    static func usage(_ message: String) -> ExitCode {
        StandardStream.error.write("glance: \(message)\n")
        return ExitCode(2)
    }
}
