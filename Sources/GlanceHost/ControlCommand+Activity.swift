import ArgumentParser
import Foundation
import GlanceFace
import GlanceWidgets

extension ControlCommand {
    /// `glance ctl activity start|update|end`: live activities from the command line.
    struct ActivityCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "activity",
            abstract: "Start, update or end a live activity with JSON attributes and state.",
            discussion: """
                The JSON must decode into the bundle's ActivityAttributes type and its \
                ContentState (the face answers with the field that does not fit). Attributes \
                and state together may be at most 4 KB. Dates inside the JSON may be ISO 8601 \
                strings or seconds since 1970. A JSON value may also be read from a file: @file.json.

                Examples:
                  id=$(glance ctl activity start TimerAttributes \\
                    --attributes '{"name":"Tea"}' --state '{"ends":"2026-11-21T08:30:00Z"}' \\
                    --stale-date 2026-11-21T08:35:00Z)
                  glance ctl activity update "$id" --state '{"ends":"2026-11-21T08:32:00Z"}'
                  glance ctl activity end "$id" --dismissal immediate
                """,
            subcommands: [Start.self, Update.self, End.self]
        )

        struct Start: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "start",
                abstract: "Start a live activity and print its identifier.",
                discussion: """
                    Example:
                      glance ctl activity start TimerAttributes --attributes '{"name":"Tea"}' \\
                        --state '{"ends":"2026-11-21T08:30:00Z"}'
                    """
            )

            @Argument(help: ArgumentHelp("The ActivityAttributes type, as the bundle declares it (with or without its module).", valueName: "type"))
            var type: String

            @Option(name: .long, help: ArgumentHelp("The attributes, as JSON or @file.", valueName: "json"))
            var attributes: String

            @Option(name: .long, help: ArgumentHelp("The content state, as JSON or @file.", valueName: "json"))
            var state: String

            @Option(name: .long, help: ArgumentHelp("When the content goes stale (ISO 8601).", valueName: "date"))
            var staleDate: String?

            @Option(name: .long, help: ArgumentHelp("The relevance score: the highest of several activities is shown.", valueName: "score"))
            var relevance: Double?

            @OptionGroup var connection: Connection

            /// The request this command line makes.
            /// - Throws: `ExitCode(2)` (with a message) for JSON or a date that does not parse, or
            ///   a relevance that is not a finite number.
            func request() throws -> ActivityControlRequest {
                ActivityControlRequest(action: .start, type: type, id: nil,
                                       attributes: try ControlCommand.json(attributes, option: "--attributes"),
                                       state: try ControlCommand.json(state, option: "--state"),
                                       staleDate: try staleDate.map { try ControlCommand.date($0, option: "--stale-date") },
                                       relevanceScore: try ControlCommand.relevance(relevance), dismissal: nil)
            }

            func run() async throws {
                let request = try request()
                print(try await ControlCommand.perform { try await ControlClient.activity(request, socket: connection.path) })
            }
        }

        struct Update: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "update",
                abstract: "Replace a live activity's content.",
                discussion: """
                    The update is the whole content: leaving out --stale-date means it never goes \
                    stale; leaving out --relevance keeps the current score.

                    Example:
                      glance ctl activity update activity-1 --state '{"ends":"2026-11-21T08:32:00Z"}'
                    """
            )

            @Argument(help: ArgumentHelp("The identifier start printed.", valueName: "id"))
            var id: String

            @Option(name: .long, help: ArgumentHelp("The content state, as JSON or @file.", valueName: "json"))
            var state: String

            @Option(name: .long, help: ArgumentHelp("When the content goes stale (ISO 8601).", valueName: "date"))
            var staleDate: String?

            @Option(name: .long, help: ArgumentHelp("The relevance score.", valueName: "score"))
            var relevance: Double?

            @OptionGroup var connection: Connection

            /// The request this command line makes.
            /// - Throws: `ExitCode(2)` (with a message) for JSON or a date that does not parse, or
            ///   a relevance that is not a finite number.
            func request() throws -> ActivityControlRequest {
                ActivityControlRequest(action: .update, type: nil, id: id, attributes: nil,
                                       state: try ControlCommand.json(state, option: "--state"),
                                       staleDate: try staleDate.map { try ControlCommand.date($0, option: "--stale-date") },
                                       relevanceScore: try ControlCommand.relevance(relevance), dismissal: nil)
            }

            func run() async throws {
                let request = try request()
                _ = try await ControlCommand.perform { try await ControlClient.activity(request, socket: connection.path) }
            }
        }

        struct End: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "end",
                abstract: "End a live activity, optionally with final content.",
                discussion: """
                    An ended activity stays on the face until its dismissal: `default` (up to four \
                    hours), `immediate`, or an ISO 8601 date (at most four hours away).

                    Examples:
                      glance ctl activity end activity-1 --dismissal immediate
                      glance ctl activity end activity-1 --state '{"ends":null}' \\
                        --dismissal 2026-11-21T09:00:00Z
                    """
            )

            @Argument(help: ArgumentHelp("The identifier start printed.", valueName: "id"))
            var id: String

            @Option(name: .long, help: ArgumentHelp("The final content state, as JSON or @file.", valueName: "json"))
            var state: String?

            @Option(name: .long, help: ArgumentHelp("When the ended activity leaves the face.", valueName: "immediate|default|date"))
            var dismissal = "default"

            @OptionGroup var connection: Connection

            /// The request this command line makes.
            /// - Throws: `ExitCode(2)` (with a message) for JSON or a dismissal that does not parse.
            func request() throws -> ActivityControlRequest {
                guard ["immediate", "default"].contains(dismissal) || ControlJSON.date(dismissal) != nil else {
                    throw ControlCommand.usage("--dismissal '\(dismissal)' is not immediate, default or an ISO 8601 date such as 2026-11-21T08:30:00Z")
                }
                return ActivityControlRequest(action: .end, type: nil, id: id, attributes: nil,
                                              state: try state.map { try ControlCommand.json($0, option: "--state") },
                                              staleDate: nil, relevanceScore: nil, dismissal: dismissal)
            }

            func run() async throws {
                let request = try request()
                _ = try await ControlCommand.perform { try await ControlClient.activity(request, socket: connection.path) }
            }
        }
    }

    /// The most bytes an `@file` may hold: the face takes at most 4 KB of attributes and
    /// state, so more is a mistake (or a device such as /dev/zero that never ends).
    static let jsonFileLimit = 64 << 10

    /// Checks `--relevance`: JSON carries only finite numbers (`nan` and `inf` parse as Doubles).
    /// - Throws: `ExitCode(2)` after printing what is wrong.
    static func relevance(_ value: Double?) throws -> Double? {
        guard let value, !value.isFinite else { return value }
        throw usage("--relevance \(value) is not a finite number such as 0.5 (any finite score is allowed)")
    }

    /// Parses an option's JSON, or reads it from the file after `@` (at most `jsonFileLimit`
    /// bytes; a pipe such as /dev/stdin is read too).
    /// - Throws: `ExitCode(2)` after printing what is wrong.
    static func json(_ text: String, option: String) throws -> JSONValue {
        var data = Data(text.utf8)
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw usage("\(option): cannot read \(path)")
            }
            defer { try? file.close() }
            data = Data()
            do {
                while data.count <= jsonFileLimit, let chunk = try file.read(upToCount: 16 << 10), !chunk.isEmpty {
                    data += chunk
                }
            } catch {
                throw usage("\(option): cannot read \(path): \(error.localizedDescription)")
            }
            guard data.count <= jsonFileLimit else {
                throw usage("\(option): \(path) holds more than \(jsonFileLimit) bytes; a live activity's JSON is at most 4 KB")
            }
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let error as DecodingError {
            throw usage("\(option) is not JSON: \(error.explanation)")
        } catch {
            throw usage("\(option) is not JSON: \(error)")
        }
    }

    /// Parses an option's ISO 8601 date.
    /// - Throws: `ExitCode(2)` after printing what is wrong.
    static func date(_ text: String, option: String) throws -> Date {
        guard let date = ControlJSON.date(text) else {
            throw usage("\(option) '\(text)' is not an ISO 8601 date such as 2026-11-21T08:30:00Z")
        }
        return date
    }
}
