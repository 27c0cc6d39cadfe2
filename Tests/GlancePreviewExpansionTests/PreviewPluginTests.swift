import Foundation
import Testing
@testable import GlancePreviewExpansion

/// The plugin protocol as the compiler speaks it: each message a JSON object named by its one
/// key, each reply the message the compiler waits for.
@Suite struct PreviewPluginTests {
    static let capability = #"{"getCapability":{"capability":{"protocolVersion":7}}}"#

    static func expansion(source: String, role: String? = "declaration", type: String = "PreviewMacro") -> String {
        let escaped = source.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        let role = role.map { #""macroRole":"\#($0)","# } ?? ""
        return #"{"expandFreestandingMacro":{"discriminator":"$s1M3FileMf_","lexicalContext":[],"# +
            #""macro":{"moduleName":"GlancePreviewMacros","name":"Preview","typeName":"\#(type)"},\#(role)"# +
            #""staticBuildConfiguration":"{}","syntax":{"kind":"declaration","location":{"column":1,"fileID":"M/File.swift","# +
            #""fileName":"/src/M/File.swift","line":3,"offset":40},"source":"\#(escaped)"}}}"#
    }

    func reply(_ plugin: inout PreviewPlugin, _ message: String) throws -> String {
        String(decoding: try plugin.reply(to: Array(message.utf8)), as: UTF8.self)
    }

    @Test func answersCapabilityThenExpands() throws {
        var plugin = PreviewPlugin()
        #expect(try reply(&plugin, Self.capability) == #"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
        #expect(try reply(&plugin, Self.expansion(source: "\n#Preview { Text(\"}\") }")) == #"""
            {"expandMacroResult":{"diagnostics":[],"expandedSource":"struct $s1M3FileMf_7PreviewfMu_: GlanceUI.PreviewRegistry {\n    static var fileID: String { \"M/File.swift\" }\n    static var line: Int { 4 }\n    static var column: Int { 1 }\n    @MainActor static func makePreview() throws -> GlanceUI.Preview {\n        GlanceUI.Preview() { Text(\"}\") }\n    }\n}"}}
            """#)
    }

    @Test func anOldHostGetsTheOldResultMessage() throws {
        var plugin = PreviewPlugin()
        #expect(try reply(&plugin, #"{"getCapability":{}}"#) == #"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
        let answer = try reply(&plugin, Self.expansion(source: "#Preview { }", role: "freeStandingDeclaration"))
        #expect(answer.hasPrefix(#"{"expandFreestandingMacroResult":{"diagnostics":[],"expandedSource":"struct $s1M3FileMf_7PreviewfMu_"#))
    }

    @Test func malformedMessagesGetADiagnostic() throws {
        var plugin = PreviewPlugin()
        _ = try reply(&plugin, Self.capability)
        func diagnostic(_ message: String) throws -> String {
            let answer = try reply(&plugin, message)
            let prefix = #"{"expandMacroResult":{"diagnostics":[{"fixIts":[],"highlights":[],"message":""#
            let suffix = #"","notes":[],"position":{"fileName":"","offset":0},"severity":"error"}]}}"#
            #expect(answer.hasPrefix(prefix) && answer.hasSuffix(suffix), "\(answer)")
            return String(answer.dropFirst(prefix.count).dropLast(suffix.count))
        }
        #expect(try diagnostic("{\"getCapab") .hasPrefix("GlancePreviewMacros could not read the compiler's message (10 bytes): "))
        #expect(try diagnostic(#"{"expandFreestandingMacro":{"discriminator":"$s1M"}}"#)
                == "GlancePreviewMacros could not read the compiler's message (52 bytes): the key 'macro' is missing at 'expandFreestandingMacro'")
        #expect(try diagnostic(#"{"a":1,"b":2}"#)
                == "GlancePreviewMacros could not read the compiler's message (13 bytes): a message is an object with one key, its name; this one has 2 keys")
    }

    @Test func unknownMessagesGetAnErrorReply() throws {
        var plugin = PreviewPlugin()
        _ = try reply(&plugin, Self.capability)
        #expect(try reply(&plugin, #"{"expandAttachedMacro":{"discriminator":"$s1M"}}"#) == #"""
            {"expandMacroResult":{"diagnostics":[{"fixIts":[],"highlights":[],"message":"GlancePreviewMacros does not handle the message 'expandAttachedMacro': it expands only the freestanding #Preview macro","notes":[],"position":{"fileName":"","offset":0},"severity":"error"}]}}
            """#)
        #expect(try reply(&plugin, #"{"loadPluginLibrary":{"libraryPath":"/x.so","moduleName":"X"}}"#) == #"""
            {"loadPluginLibraryResult":{"diagnostics":[{"fixIts":[],"highlights":[],"message":"GlancePreviewMacros loads no plugin libraries (it does not offer 'load-plugin-library')","notes":[],"position":{"fileName":"","offset":0},"severity":"error"}],"loaded":false}}
            """#)
    }

    @Test func requestsItCannotExpandGetADiagnosticAtTheMacro() throws {
        var plugin = PreviewPlugin()
        _ = try reply(&plugin, Self.capability)
        func diagnostic(_ message: String) throws -> String {
            try reply(&plugin, message).replacingOccurrences(of: #"{"expandMacroResult":{"diagnostics":[{"fixIts":[],"highlights":[],"#, with: "")
                .replacingOccurrences(of: #","notes":[],"#, with: " ").replacingOccurrences(of: #","severity":"error"}]}}"#, with: "")
        }
        #expect(try diagnostic(Self.expansion(source: "#Preview { }", type: "OtherMacro")) ==
                ##""message":"GlancePreviewMacros has no macro type 'OtherMacro' (it provides PreviewMacro, for #Preview)" "position":{"fileName":"/src/M/File.swift","offset":40}"##)
        #expect(try diagnostic(Self.expansion(source: "#Preview { }", role: "expression")) ==
                ##""message":"#Preview expands to a declaration; GlancePreviewMacros cannot expand it in the 'expression' role" "position":{"fileName":"/src/M/File.swift","offset":40}"##)
        #expect(try diagnostic(Self.expansion(source: "\n  #Other { }")) ==
                ##""message":"#Preview: expected '#Preview' at the start of the macro's text, found '#Other { }'" "position":{"fileName":"/src/M/File.swift","offset":43}"##)
    }

    // MARK: - Frames

    /// A pipe's two ends, closed when the test ends.
    final class Pipe {
        let readEnd: Int32, writeEnd: Int32
        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            (readEnd, writeEnd) = (ends[0], ends[1])
        }
        private var writeOpen = true
        func closeWrite() {
            if writeOpen { close(writeEnd) }
            writeOpen = false
        }
        deinit {
            close(readEnd)
            closeWrite()
        }
        func put(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        }
        func take(_ count: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, count) }
            return Array(bytes.prefix(max(got, 0)))
        }
    }

    static func frame(_ text: String) -> [UInt8] {
        let count = UInt64(text.utf8.count)
        return (0..<8).map { UInt8(truncatingIfNeeded: count >> (8 * $0)) } + Array(text.utf8)
    }

    @Test func framesCarryALittleEndianLengthAndEndOnCloseOrEmptyFrame() throws {
        let input = try Pipe(), output = try Pipe()
        let connection = PluginConnection(input: input.readEnd, output: output.writeEnd)
        input.put(Self.frame(Self.capability) + Self.frame("{}") + [0, 0, 0, 0, 0, 0, 0, 0] + Self.frame("{}"))
        #expect(try connection.receive() == Array(Self.capability.utf8))
        #expect(try connection.receive() == Array("{}".utf8))
        #expect(try connection.receive() == nil, "an empty frame ends the channel")
        #expect(try connection.receive() == Array("{}".utf8))
        input.closeWrite()
        #expect(try connection.receive() == nil, "the end of input ends the channel")

        try connection.send(Array("{\"x\":1}".utf8))
        #expect(output.take(15) == [7, 0, 0, 0, 0, 0, 0, 0] + Array("{\"x\":1}".utf8))
    }

    @Test func aFrameCutShortOrTooLongIsAFailure() throws {
        let cut = try Pipe()
        cut.put(Array(Self.frame(Self.capability).prefix(20)))
        cut.closeWrite()
        #expect(throws: PluginConnection.Failure.truncated(expected: Self.capability.utf8.count, got: 12)) {
            try PluginConnection(input: cut.readEnd, output: cut.writeEnd).receive()
        }
        let long = try Pipe()
        long.put([0, 0, 0, 0, 0, 0, 0, 1])
        #expect(throws: PluginConnection.Failure.tooLong(1 << 56)) {
            try PluginConnection(input: long.readEnd, output: long.writeEnd).receive()
        }
        #expect(PluginConnection.Failure.tooLong(1 << 56).description
                == "a message of 72057594037927936 bytes announced: more than the 67108864 a plugin message may have")
    }

    /// The plugin and the channel together, as the compiler drives them: a capability and an
    /// expansion in, two frames out.
    @Test func aConversationThroughAPipe() throws {
        let input = try Pipe(), output = try Pipe()
        input.put(Self.frame(Self.capability) + Self.frame(Self.expansion(source: "#Preview(\"P\") { }")))
        input.closeWrite()
        let connection = PluginConnection(input: input.readEnd, output: output.writeEnd)
        var plugin = PreviewPlugin()
        while let message = try connection.receive() {
            try connection.send(try plugin.reply(to: message))
        }
        output.closeWrite()
        let reader = PluginConnection(input: output.readEnd, output: input.writeEnd)
        let replies = [try reader.receive(), try reader.receive(), try reader.receive()].map { $0.map { String(decoding: $0, as: UTF8.self) } }
        #expect(replies[0] == #"{"getCapabilityResult":{"capability":{"protocolVersion":7}}}"#)
        #expect(replies[1]?.contains(#"GlanceUI.Preview(\"P\") { }"#) == true)
        #expect(replies[2] == nil)
    }
}
