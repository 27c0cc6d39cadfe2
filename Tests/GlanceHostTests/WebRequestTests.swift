import Foundation
import Testing
@testable import GlanceHost

/// The browser simulator's messages: what is read, and what a refusal says.
@Suite struct WebRequestTests {
    private func writeMessage(_ contents: String, id: Int = 7) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: ["type": "write", "file": "tasks.json", "text": contents, "id": id]), as: UTF8.self)
    }

    /// A file under the app-group limit whose escapes take its message over that limit is
    /// still a write (it closed the page's connection without an answer).
    @Test func aFileNearTheLimitIsStillAWrite() throws {
        let task = #"{"title":"buy milk","done":false},"#
        let contents = "[" + String(repeating: task + "\n", count: 3_700_000 / (task.count + 1)) + "{}]"
        #expect(contents.utf8.count < AppGroup.fileSizeLimit)
        let message = try writeMessage(contents)
        #expect(message.utf8.count > AppGroup.fileSizeLimit + 4096)
        #expect(try WebRequest.parse(message, buttons: []) == .write(file: "tasks.json", text: contents, id: 7))
    }

    @Test func anOversizedMessageIsRefusedWithItsSize() throws {
        let message = try writeMessage(String(repeating: "\"", count: WebRequest.sizeLimit / 2))
        #expect(throws: WebRequestError(id: nil, message: "a message of \(message.utf8.count) bytes is over the limit of \(WebRequest.sizeLimit)")) {
            try WebRequest.parse(message, buttons: [])
        }
    }
}
