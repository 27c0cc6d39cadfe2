#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The macro plugin's side of the compiler's plugin protocol: answers each message the compiler
/// sends with the message it expects back.
///
/// It answers `getCapability` and `expandFreestandingMacro` for `PreviewMacro` in the
/// declaration role; every other request, and a message it cannot read, gets an error
/// diagnostic in the reply the compiler waits for, never a crash.
public struct PreviewPlugin {
    /// The protocol version this plugin answers with: Swift 6.3's compiler's. A host of an
    /// older version gets the expansion result in its own form; fields this plugin does not
    /// use are ignored.
    public static let protocolVersion = 7
    /// The macro type `#Preview` names in `#externalMacro(module:type:)`.
    public static let macroType = "PreviewMacro"

    /// The host's protocol version, from its `getCapability`; 0 until then.
    private var hostProtocolVersion = 0

    /// Creates a plugin that has not heard from the compiler yet.
    public init() {}

    /// The reply to one message (a JSON object, as the frame carries it).
    /// - Throws: only if the reply cannot be encoded as JSON.
    public mutating func reply(to message: [UInt8]) throws -> [UInt8] {
        let answer: PluginMessage
        do {
            answer = handle(try JSONDecoder().decode(HostMessage.self, from: Data(message)))
        } catch {
            answer = .expansion(source: nil, diagnostics: [.init("GlancePreviewMacros could not read the compiler's message (\(message.count) bytes): \(Self.describe(error))")],
                                unified: hostProtocolVersion >= 5)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(answer))
    }

    private mutating func handle(_ message: HostMessage) -> PluginMessage {
        let unified = hostProtocolVersion >= 5
        switch message {
        case .getCapability(let version):
            hostProtocolVersion = version ?? 0
            return .capability(protocolVersion: Self.protocolVersion)
        case .expandFreestandingMacro(let request):
            let place = request.syntax.location
            guard request.macro.typeName == Self.macroType else {
                return .expansion(source: nil, diagnostics: [.init(
                    "GlancePreviewMacros has no macro type '\(request.macro.typeName)' (it provides \(Self.macroType), for #Preview)",
                    fileName: place.fileName, offset: place.offset)], unified: unified)
            }
            if let role = request.macroRole, role != "declaration", role != "freeStandingDeclaration" {
                return .expansion(source: nil, diagnostics: [.init(
                    "#\(request.macro.name) expands to a declaration; GlancePreviewMacros cannot expand it in the '\(role)' role",
                    fileName: place.fileName, offset: place.offset)], unified: unified)
            }
            do {
                let source = try PreviewExpansion.expand(
                    source: request.syntax.source, macroName: request.macro.name, discriminator: request.discriminator,
                    location: .init(fileID: place.fileID, line: place.line, column: place.column))
                return .expansion(source: source, diagnostics: [], unified: unified)
            } catch {
                return .expansion(source: nil, diagnostics: [.init("#\(request.macro.name): \(error.message)",
                                                                   fileName: place.fileName, offset: place.offset + error.offset)],
                                  unified: unified)
            }
        case .other("loadPluginLibrary"):
            return .libraryNotLoaded(diagnostics: [.init("GlancePreviewMacros loads no plugin libraries (it does not offer 'load-plugin-library')")])
        case .other(let name):
            return .expansion(source: nil, diagnostics: [.init(
                "GlancePreviewMacros does not handle the message '\(name)': it expands only the freestanding #Preview macro")],
                              unified: unified)
        }
    }

    /// A decoding error in words: what was wrong and at which key.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "" : " at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "the key '\(key.stringValue)' is missing\(path(context))"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "expected \(type)\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(context.debugDescription)\(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}
