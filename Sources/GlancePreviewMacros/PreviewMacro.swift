import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview`, as SwiftUI and WidgetKit declare it: the macro expands into a type conforming to
/// `PreviewRegistry` whose `makePreview()` calls `Preview`'s initializer with the macro's own
/// arguments and closures. `glance preview --all` finds these types at run time.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        let name = context.makeUniqueName("Preview")
        let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)
        let fileID = location?.file ?? ExprSyntax(literal: "")
        let line = location?.line ?? ExprSyntax(literal: 0)
        let column = location?.column ?? ExprSyntax(literal: 0)
        // The call keeps the macro's argument list and trailing closures as written, so the
        // initializer's result builders and generic constraints see the same code.
        var call = "GlanceUI.Preview(\(node.arguments.trimmedDescription))"
        if let closure = node.trailingClosure {
            call += " " + closure.trimmedDescription
        }
        for closure in node.additionalTrailingClosures {
            call += " " + closure.trimmedDescription
        }
        return [
            """
            struct \(name): GlanceUI.PreviewRegistry {
                static var fileID: String { \(fileID) }
                static var line: Int { \(line) }
                static var column: Int { \(column) }
                @MainActor static func makePreview() throws -> GlanceUI.Preview {
                    \(raw: call)
                }
            }
            """,
        ]
    }
}

@main
struct GlancePreviewMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PreviewMacro.self]
}
