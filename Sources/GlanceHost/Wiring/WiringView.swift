import Foundation

/// What the browser simulator's wiring view shows for a board: `glance wiring`'s drawing of it
/// as SVG, or why there is nothing to wire (a simulator board's panel is emulated and its
/// buttons are keys).
package enum WiringView: Equatable, Sendable {
    /// The drawing, an SVG document.
    case drawing(svg: String)
    /// Nothing to draw, and why.
    case nothing(String)

    /// The view of `board`: the same plan and layout `glance wiring --board NAME --out FILE.svg` writes.
    package init(board: BoardConfiguration) {
        do {
            self = .drawing(svg: WiringDrawing(try WiringPlan(board: board)).svg())
        } catch {
            self = .nothing("\(error)")
        }
    }

    /// The view of each built-in preset, by name: drawn once, when first asked for (a page
    /// that picks another board than the face's, as on a simulator board, which has nothing
    /// to wire). Only built-in names are looked up, so a request never reads a file.
    package static let presets: [String: WiringView] = Dictionary(uniqueKeysWithValues: BoardCatalog.builtIn.map { ($0.name, WiringView(board: $0)) })

    /// The built-in presets that have something to wire, sorted by name.
    package static var presetsWithWiring: [String] {
        presets.filter { if case .drawing = $0.value { true } else { false } }.keys.sorted()
    }

    /// Whether there is a drawing.
    package var hasDrawing: Bool {
        if case .drawing = self { true } else { false }
    }
}
