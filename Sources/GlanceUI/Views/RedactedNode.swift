import Foundation

/// Draws a redacted view as a filled rounded rectangle of its size instead of its content,
/// as placeholder and privacy redaction draw images and symbols (text draws its own bars).
final class RedactedNode: WrapperNode {
    let tone: Tone

    init(_ child: LayoutNode, environment: EnvironmentValues) {
        // The same tone as the bars redacted text draws.
        tone = ForegroundStyle().resolve(in: environment).fading(HierarchicalShapeStyle.secondary.factor)
        super.init(child)
    }

    override func draw(in context: inout RenderContext) {
        guard !frame.isEmpty else { return }
        context.bitmap.painting(tone.rgb) { $0.fillRoundedRect(frame, cornerRadius: Double(min(frame.width, frame.height)) / 4, value: tone.level, opacity: tone.opacity) }
    }
}
