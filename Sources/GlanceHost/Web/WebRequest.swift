import Foundation

/// What the browser simulator's page asks, one JSON text message each (Docs/Simulator.md).
enum WebRequest: Equatable, Sendable {
    /// A button's raw edge: the gesture engine decides clicks, double clicks and long presses.
    case edge(button: String, down: Bool)
    /// A time control of the simulated clock.
    case clock(ClockAction, id: Int?)
    /// The contents of an app-group file.
    case read(file: String, id: Int?)
    /// New contents for an app-group file (JSON text).
    case write(file: String, text: String, id: Int?)

    enum ClockAction: String, Sendable, CaseIterable {
        case pause, play, step, fast
    }

    /// The largest message the page may send (also the WebSocket's frame limit, past which the
    /// connection closes): twice an app-group file's limit plus room for the rest, as a file
    /// written into a JSON string grows by its escapes (`"` and a line break take two bytes). A
    /// file's own limit is checked when it is written, with an answer; the page checks both
    /// before it sends (the hello message tells it the limits).
    static let sizeLimit = 2 * AppGroup.fileSizeLimit + 4096

    /// Reads one message.
    /// - Parameter buttons: The board's buttons; an edge names one of them.
    /// - Throws: `WebRequestError` saying what is wrong, with the request's `id` when it had one.
    static func parse(_ text: String, buttons: [String]) throws(WebRequestError) -> WebRequest {
        guard text.utf8.count <= sizeLimit else { throw WebRequestError(id: nil, message: "a message of \(text.utf8.count) bytes is over the limit of \(sizeLimit)") }
        let object: [String: Any]
        do {
            guard let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw WebRequestError(id: nil, message: "a message must be a JSON object")
            }
            object = decoded
        } catch let error as WebRequestError {
            throw error
        } catch {
            throw WebRequestError(id: nil, message: "a message is not JSON: \(error.localizedDescription)")
        }
        let id = (object["id"] as? NSNumber).flatMap { Int(exactly: $0.doubleValue) }
        func string(_ key: String) throws(WebRequestError) -> String {
            guard let value = object[key] as? String else { throw WebRequestError(id: id, message: "'\(key)' must be a string") }
            return value
        }
        switch object["type"] as? String {
        case "edge":
            let button = try string("button")
            guard buttons.contains(button) else {
                throw WebRequestError(id: id, message: "no button '\(button)' on this board (buttons: \(buttons.joined(separator: ", ")))")
            }
            guard let down = object["down"] as? Bool else { throw WebRequestError(id: id, message: "'down' must be true or false") }
            return .edge(button: button, down: down)
        case "clock":
            let name = try string("action")
            guard let action = ClockAction(rawValue: name) else {
                throw WebRequestError(id: id, message: "unknown clock action '\(name)' (one of \(ClockAction.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .clock(action, id: id)
        case "read":
            return .read(file: try fileName(try string("file"), id: id), id: id)
        case "write":
            return .write(file: try fileName(try string("file"), id: id), text: try string("text"), id: id)
        case let type?:
            throw WebRequestError(id: id, message: "unknown message type '\(type)' (one of edge, clock, read, write)")
        case nil:
            throw WebRequestError(id: id, message: "a message needs a 'type'")
        }
    }

    /// The page names app-group files by plain name only: `NAME.json`, no folders, so it can
    /// never reach a file outside the app group (not even through a linked folder inside it).
    static func fileName(_ name: String, id: Int? = nil) throws(WebRequestError) -> String {
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        guard name.hasSuffix(".json"), name.count > 5, name.count <= 128, !name.hasPrefix("."), allowed else {
            throw WebRequestError(id: id, message: "'\(name)' is not an app-group file name: letters, digits, '-', '_' and '.', ending in .json, no folders")
        }
        return name
    }
}

/// A message from the page that cannot be carried out, and why.
struct WebRequestError: Error, Equatable, CustomStringConvertible {
    /// The request's `id`, so the page can show the answer where it asked.
    let id: Int?
    let message: String
    var description: String { message }
}
