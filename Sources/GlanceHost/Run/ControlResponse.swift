import Foundation
import GlanceFace

/// The control socket's answer to one request: `{"ok":true,…}` with the command's result, or
/// `{"ok":false,"error":"…"}`.
struct ControlResponse: Codable, Sendable, Equatable {
    /// Whether the request was carried out.
    var ok: Bool
    /// Why it was not, when `ok` is false.
    var error: String?
    /// `status`: the face's state.
    var status: ControlStatus?
    /// `screenshot`: the PNG, base64-encoded.
    var png: String?
    /// `activity`: the activity's identifier.
    var id: String?

    /// A success carrying the command's result, if it has one.
    static func success(status: ControlStatus? = nil, png: [UInt8]? = nil, id: String? = nil) -> ControlResponse {
        ControlResponse(ok: true, error: nil, status: status, png: png.map { Data($0).base64EncodedString() }, id: id)
    }

    /// A failure with its message.
    static func failure(_ message: String) -> ControlResponse {
        ControlResponse(ok: false, error: message, status: nil, png: nil, id: nil)
    }

    /// The response as one line of JSON, newline included. A response that cannot be encoded
    /// (a status holding a NaN) becomes an error response saying so.
    func line() -> String {
        do {
            return String(decoding: try ControlJSON.encoder().encode(self), as: UTF8.self) + "\n"
        } catch {
            let message = "the response could not be encoded: \(error)"
            let fallback = (try? ControlJSON.encoder().encode(ControlResponse.failure(message))).map { String(decoding: $0, as: UTF8.self) }
            return (fallback ?? #"{"error":"the response could not be encoded","ok":false}"#) + "\n"
        }
    }
}
