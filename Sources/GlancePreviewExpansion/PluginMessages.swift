#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The messages of the compiler's macro plugin protocol that this plugin reads and writes, as
// JSON objects whose single key names the message (`{"getCapability": {…}}`). Only the fields
// this plugin uses are read; the others are left alone.

/// A message from the compiler (the host).
enum HostMessage: Decodable {
    /// The host's protocol version (absent from the oldest hosts); answered with the plugin's.
    case getCapability(protocolVersion: Int?)
    /// Expand a freestanding macro.
    case expandFreestandingMacro(FreestandingExpansion)
    /// Any other message, by its name.
    case other(String)

    struct FreestandingExpansion: Decodable {
        struct MacroReference: Decodable {
            var moduleName: String
            var typeName: String
            var name: String
        }

        var macro: MacroReference
        /// `declaration` for `#Preview`; older hosts say `freeStandingDeclaration`; absent in
        /// the oldest.
        var macroRole: String?
        var discriminator: String
        var syntax: Syntax
    }

    struct Syntax: Decodable {
        var kind: String
        var source: String
        var location: SourceLocation
    }

    struct SourceLocation: Decodable {
        var fileID: String
        var fileName: String
        var offset: Int
        var line: Int
        var column: Int
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Capability: Decodable {
        var protocolVersion: Int
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [],
                debugDescription: "a message is an object with one key, its name; this one has \(container.allKeys.count) keys"))
        }
        switch key.stringValue {
        case "getCapability":
            let body = try container.nestedContainer(keyedBy: Key.self, forKey: key)
            let capability = try body.decodeIfPresent(Capability.self, forKey: Key(stringValue: "capability"))
            self = .getCapability(protocolVersion: capability?.protocolVersion)
        case "expandFreestandingMacro":
            self = .expandFreestandingMacro(try container.decode(FreestandingExpansion.self, forKey: key))
        default:
            self = .other(key.stringValue)
        }
    }
}

/// A message to the compiler.
enum PluginMessage: Encodable, Equatable {
    /// The plugin's protocol version.
    case capability(protocolVersion: Int)
    /// An expansion's result: its source, or `nil` and error diagnostics. Hosts from protocol
    /// version 5 on take `expandMacroResult`; older ones `expandFreestandingMacroResult`.
    case expansion(source: String?, diagnostics: [Diagnostic], unified: Bool)
    /// The answer to `loadPluginLibrary`, which this plugin does not offer.
    case libraryNotLoaded(diagnostics: [Diagnostic])

    struct Diagnostic: Encodable, Equatable {
        struct Position: Encodable, Equatable {
            var fileName: String
            var offset: Int
        }

        /// This plugin sends no highlights, notes or fix-its: their lists are always empty.
        struct None: Encodable, Equatable {}

        var message: String
        var severity = "error"
        var position: Position
        var highlights: [None] = []
        var notes: [None] = []
        var fixIts: [None] = []

        /// An error at `offset` (UTF-8) of `fileName`; an empty name when the message names no
        /// place in a file.
        init(_ message: String, fileName: String = "", offset: Int = 0) {
            self.message = message
            self.position = Position(fileName: fileName, offset: offset)
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ stringValue: String) { self.stringValue = stringValue }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Capability: Encodable {
        var protocolVersion: Int
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .capability(let version):
            var body = container.nestedContainer(keyedBy: Key.self, forKey: Key("getCapabilityResult"))
            try body.encode(Capability(protocolVersion: version), forKey: Key("capability"))
        case .expansion(let source, let diagnostics, let unified):
            var body = container.nestedContainer(keyedBy: Key.self, forKey: Key(unified ? "expandMacroResult" : "expandFreestandingMacroResult"))
            try body.encodeIfPresent(source, forKey: Key("expandedSource"))
            try body.encode(diagnostics, forKey: Key("diagnostics"))
        case .libraryNotLoaded(let diagnostics):
            var body = container.nestedContainer(keyedBy: Key.self, forKey: Key("loadPluginLibraryResult"))
            try body.encode(false, forKey: Key("loaded"))
            try body.encode(diagnostics, forKey: Key("diagnostics"))
        }
    }
}
