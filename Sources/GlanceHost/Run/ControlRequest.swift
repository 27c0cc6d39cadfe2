import Foundation
import GlanceFace
import GlanceInput
import GlanceWidgets

/// One request on the control socket, as the JSON line `{"command":"…", …}` (Docs/Control.md).
enum ControlRequest: Sendable, Equatable {
    /// `{"command":"status"}`: the face's state.
    case status
    /// `{"command":"reload","kind":"weather"}`: reload every widget of a kind.
    case reload(kind: String)
    /// `{"command":"press","button":"A","gesture":"click"}`: act as the button would (`gesture` defaults to `click`).
    case press(button: String, gesture: ButtonGesture)
    /// `{"command":"screenshot"}`: the panel as a PNG.
    case screenshot
    /// `{"command":"activity","action":"start",…}`: start, update or end a live activity.
    case activity(ActivityControlRequest)

    /// The commands, in the order help lists them.
    static let commands = ["status", "reload", "press", "screenshot", "activity"]

    /// The command's name.
    var command: String {
        switch self {
        case .status: "status"
        case .reload: "reload"
        case .press: "press"
        case .screenshot: "screenshot"
        case .activity: "activity"
        }
    }

    /// Parses one request line.
    /// - Throws: `ControlError` saying what is wrong with the line (not JSON, unknown command,
    ///   a missing or mistyped field, with its path).
    init(line: String) throws {
        guard !line.allSatisfy(\.isWhitespace) else {
            throw ControlError(description: #"empty request: send one JSON object on one line, such as {"command":"status"}"#)
        }
        do {
            self = try ControlJSON.decoder().decode(ControlRequest.self, from: Data(line.utf8))
        } catch let error as DecodingError {
            throw ControlError(description: "bad request: \(error.explanation)")
        } catch {
            throw ControlError(description: "bad request: \(error)")
        }
    }
}

extension ControlRequest: Codable {
    private enum Keys: String, CodingKey {
        case command, kind, button, gesture
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let command = try container.decode(String.self, forKey: .command)
        switch command {
        case "status":
            self = .status
        case "reload":
            self = .reload(kind: try container.decode(String.self, forKey: .kind))
        case "press":
            let word = try container.decodeIfPresent(String.self, forKey: .gesture) ?? "click"
            guard let gesture = ButtonGesture(rawValue: word) else {
                let known = ButtonGesture.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(forKey: .gesture, in: container, debugDescription: "unknown gesture '\(word)' (use one of: \(known))")
            }
            self = .press(button: try container.decode(String.self, forKey: .button), gesture: gesture)
        case "screenshot":
            self = .screenshot
        case "activity":
            self = .activity(try ActivityControlRequest(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(forKey: .command, in: container,
                                                   debugDescription: "unknown command '\(command)' (use one of: \(Self.commands.joined(separator: ", ")))")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(command, forKey: .command)
        switch self {
        case .status, .screenshot:
            break
        case .reload(let kind):
            try container.encode(kind, forKey: .kind)
        case .press(let button, let gesture):
            try container.encode(button, forKey: .button)
            try container.encode(gesture.rawValue, forKey: .gesture)
        case .activity(let request):
            // The activity's fields sit next to "command" in the same object.
            try request.encode(to: encoder)
        }
    }
}
