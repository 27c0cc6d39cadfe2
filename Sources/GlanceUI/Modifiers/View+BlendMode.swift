import Foundation

/// How a view's pixels combine with what is drawn beneath it, as SwiftUI's `BlendMode`.
///
/// Glance blends luminance (the panel's gray or each pixel's gray on a colour panel). The
/// hue, saturation and colour modes keep the backdrop's luminance, as they do in colour, and
/// modes whose meaning depends on the backdrop's transparency treat it as opaque: a panel's
/// backdrop is always lit or black.
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    /// The gray of a pixel where `source` (0…255) is drawn fully over `backdrop` (0…255).
    func mix(backdrop d: Int, source s: Int) -> Int {
        switch self {
        case .normal, .luminosity, .sourceAtop: s
        case .multiply: d * s / 255
        case .screen: 255 - (255 - d) * (255 - s) / 255
        case .overlay: d < 128 ? 2 * d * s / 255 : 255 - 2 * (255 - d) * (255 - s) / 255
        case .hardLight: s < 128 ? 2 * d * s / 255 : 255 - 2 * (255 - d) * (255 - s) / 255
        case .softLight: ((255 - 2 * s) * d * d / 255 + 2 * s * d) / 255
        case .darken: min(d, s)
        case .lighten: max(d, s)
        case .colorDodge: s == 255 ? 255 : min(255, d * 255 / (255 - s))
        case .colorBurn: s == 0 ? (d == 255 ? 255 : 0) : 255 - min(255, (255 - d) * 255 / s)
        case .difference: abs(d - s)
        case .exclusion: d + s - 2 * d * s / 255
        case .hue, .saturation, .color, .destinationOver: d
        case .destinationOut: 0
        case .plusDarker: max(0, d + s - 255)
        case .plusLighter: min(255, d + s)
        }
    }
}

extension View {
    /// Combines this view's pixels with what is beneath them by `blendMode`
    /// (`.destinationOut` cuts the view's shape out of the backdrop, down to black).
    public func blendMode(_ blendMode: BlendMode) -> some View {
        wrapNode { node in blendMode == .normal ? node : BlendNode(node, mode: blendMode) }
    }
}

/// Draws its child twice, over black and over white, which gives each pixel's coverage
/// (how much the two differ) and colour; then blends that colour into the backdrop.
final class BlendNode: WrapperNode {
    let mode: BlendMode

    init(_ child: LayoutNode, mode: BlendMode) {
        self.mode = mode
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        var dark = RenderContext(bitmap: context.bitmap.blank(value: 0), date: context.date)
        child.draw(in: &dark)
        var light = RenderContext(bitmap: context.bitmap.blank(value: 255), date: context.date)
        child.draw(in: &light)
        context.interactiveRegions += dark.interactiveRegions
        context.widgetURLs += dark.widgetURLs
        context.actions += dark.actions
        if let next = dark.nextChange { context.noteChange(at: next) }
        for y in 0..<context.bitmap.height {
            for x in 0..<context.bitmap.width {
                let over = Int(dark.bitmap[x, y])
                let coverage = 255 - max(0, min(255, Int(light.bitmap[x, y]) - over))
                guard coverage > 0 else { continue }
                let source = min(255, over * 255 / coverage)
                let blended = mode.mix(backdrop: Int(context.bitmap[x, y]), source: source)
                context.bitmap.blend(x: x, y: y, value: UInt8(max(0, min(255, blended))), coverage: UInt8(coverage))
            }
        }
    }
}
