import Foundation

/// Lays out and draws a `Text`: wrapping at spaces (and inside words too long for a line),
/// tightening (`allowsTightening`) and stepping down through the available font sizes under
/// `minimumScaleFactor` before it breaks a word or truncates, truncating the last allowed
/// line with "…" where `truncationMode` says, and aligning lines by `multilineTextAlignment`.
final class TextNode: LayoutNode {
    /// An underline or strikethrough resolved to a paint.
    struct Decoration {
        var tone: Tone
        var pattern: Text.LineStyle.Pattern
    }

    /// How one run is painted (where its characters go is the shape's).
    private struct Paint {
        var tone: Tone
        var underline: Decoration?
        var strikethrough: Decoration?
    }

    private let paints: [Paint]
    /// The runs as written (live content unevaluated) and what evaluating them needs.
    private let sources: [Text.Run]
    private let liveContext: LiveTextContext
    private let alignment: TextAlignment
    private let redacted: Bool
    private var nextChange: Date?
    /// Where the characters go, shared with other nodes showing the same text.
    private var shape: TextShape
    private var placed: TextShape.Layout?
    /// The characters shown, for tests and accessibility-style dumps.
    var plainText: String { shape.key.runs.map(\.content).joined() }

    init(text: Text, environment: EnvironmentValues) {
        let context = LiveTextContext(date: environment.renderDate, locale: environment.locale,
                                      timeZone: environment.timeZone, reduced: environment.isLuminanceReduced)
        let runs = Self.localize(text.runs, in: environment)
        let (contents, nextChange) = Self.evaluate(runs, in: context)
        var paints = [Paint]()
        var shapeRuns = [TextShape.Key.Run]()
        for (run, string) in zip(runs, contents) {
            var symbol: String?
            if case .symbol(let name) = run.content {
                symbol = name
                environment.reportMissingSymbol(name)
            }
            let tone = run.style?.resolve(in: environment) ?? ForegroundStyle().resolve(in: environment)
            func decoration(_ style: Text.LineStyle?) -> Decoration? {
                style.map { Decoration(tone: $0.color?.resolve(in: environment) ?? tone, pattern: $0.pattern) }
            }
            paints.append(Paint(tone: tone, underline: decoration(run.underline ?? environment.textUnderline),
                                strikethrough: decoration(run.strikethrough ?? environment.textStrikethrough)))
            let font = run.font ?? environment.font ?? .body
            shapeRuns.append(TextShape.Key.Run(content: string, symbol: symbol, pixelSize: font.pixelSize(scale: environment.displayScale),
                                               weight: (run.weight.map(font.weight) ?? font).faceWeight,
                                               tracking: run.tracking.pixels,
                                               monospacedDigits: run.monospacedDigits || font.usesMonospacedDigits || font.design == .monospaced))
        }
        self.paints = paints
        self.sources = runs
        self.liveContext = context
        self.nextChange = nextChange
        // Leading is the right edge in right-to-left layout, as in SwiftUI.
        switch (environment.layoutDirection, environment.multilineTextAlignment) {
        case (.rightToLeft, .leading): self.alignment = .trailing
        case (.rightToLeft, .trailing): self.alignment = .leading
        default: self.alignment = environment.multilineTextAlignment
        }
        self.redacted = environment.redactsContent
        self.shape = TextShape.shared(TextShape.Key(runs: shapeRuns, lineLimit: environment.lineLimit,
                                                    minimumScaleFactor: environment.minimumScaleFactor,
                                                    truncationMode: environment.truncationMode,
                                                    allowsTightening: environment.allowsTightening))
    }

    /// Evaluates live content (timers, relative dates) again at `date`.
    override func refresh(at date: Date) {
        super.refresh(at: date)
        let context = LiveTextContext(date: date, locale: liveContext.locale, timeZone: liveContext.timeZone, reduced: liveContext.reduced)
        let (contents, nextChange) = Self.evaluate(sources, in: context)
        self.nextChange = nextChange
        placed = nil
        var key = shape.key
        for (index, string) in contents.enumerated() { key.runs[index].content = string }
        shape = TextShape.shared(key)
    }

    /// The runs with each localizable key replaced by its pieces in the environment's locale,
    /// every piece styled as the key's run.
    private static func localize(_ runs: [Text.Run], in environment: EnvironmentValues) -> [Text.Run] {
        guard runs.contains(where: { if case .localized = $0.content { true } else { false } }) else { return runs }
        let tables = environment.stringTables, locale = environment.locale
        return runs.flatMap { run -> [Text.Run] in
            guard case .localized(let localized) = run.content else { return [run] }
            let pieces = localized.resolve(tables: tables, locale: locale)
            return (pieces.isEmpty ? [.verbatim("")] : pieces).map { piece in
                var copy = run
                copy.content = piece
                return copy
            }
        }
    }

    /// The characters of each run at the context's moment, and the earliest moment after it
    /// at which any of them changes.
    private static func evaluate(_ runs: [Text.Run], in context: LiveTextContext) -> (contents: [String], nextChange: Date?) {
        var nextChange: Date?
        let contents = runs.map { run in
            let (string, change) = LiveText.evaluate(run.content, in: context)
            if let change { nextChange = min(nextChange ?? change, change) }
            return string
        }
        return (contents, nextChange)
    }

    // MARK: - Layout

    override func sizeThatFits(_ proposal: ProposedSize) -> Size {
        layout(for: proposal).size
    }

    override func place(in rect: Rect) {
        super.place(in: rect)
        placed = layout(for: proposal(thatChose: rect.size))
    }

    override func explicitValue(_ guide: VerticalAlignment, size: Size) -> Int? {
        let layout = layout(for: ProposedSize(size))
        if guide == .firstTextBaseline { return layout.ascent }
        if guide == .lastTextBaseline { return max(0, layout.lines.count - 1) * layout.lineHeight + layout.ascent }
        return nil
    }

    /// Lays the text out for `proposal`, shrinking within the scale factor before truncating.
    func layout(for proposal: ProposedSize) -> TextShape.Layout {
        shape.layout(for: proposal)
    }

    /// True when both nodes are laid out by one shared shape.
    func sharesShape(with other: TextNode) -> Bool { shape === other.shape }

    // MARK: - Drawing

    override func draw(in context: inout RenderContext) {
        if let nextChange { context.noteChange(at: nextChange) }
        let layout = placed ?? self.layout(for: ProposedSize(frame.size))
        for (index, line) in layout.lines.enumerated() {
            let lineWidth = line.width
            var x = frame.minX
            switch alignment {
            case .leading: break
            case .center: x += (frame.width - lineWidth) / 2
            case .trailing: x += frame.width - lineWidth
            }
            let baseline = frame.minY + index * layout.lineHeight + layout.ascent
            if redacted, let first = line.fragments.first {
                drawRedactionBar(x: x, width: lineWidth, baseline: baseline, stack: layout.pieces[first.piece].stack,
                                 tone: paints[first.piece].tone, context: &context)
                continue
            }
            for fragment in line.fragments {
                let piece = layout.pieces[fragment.piece], tone = paints[fragment.piece].tone
                if let symbol = piece.symbol {
                    SymbolImages.drawInline(symbol, stack: piece.stack, at: Point(x: x, y: baseline), tone: tone, into: &context.bitmap)
                } else if piece.tracking == 0 && !piece.monospacedDigits {
                    piece.stack.draw(fragment.text, into: &context.bitmap, at: Point(x: x, y: baseline), tone: tone)
                } else {
                    var pen = Point(x: x, y: baseline)
                    for scalar in fragment.text.unicodeScalars {
                        pen = piece.stack.draw(scalar, into: &context.bitmap, at: pen, tone: tone, monospacedDigits: piece.monospacedDigits)
                        pen.x += piece.tracking
                    }
                }
                drawDecorations(of: paints[fragment.piece], stack: piece.stack, x: x, width: fragment.width, baseline: baseline, into: &context.bitmap)
                x += fragment.width
            }
        }
    }

    /// Underline one pixel below the baseline; strikethrough through the middle of lowercase letters.
    private func drawDecorations(of paint: Paint, stack: FontStack, x: Int, width: Int, baseline: Int, into bitmap: inout Bitmap) {
        func line(_ decoration: Decoration?, y: Int) {
            guard let decoration, width > 0 else { return }
            for offset in 0..<width where decoration.pattern.isOn(at: offset) {
                bitmap.painting(decoration.tone.rgb) { $0.fillRect(Rect(x: x + offset, y: y, width: 1, height: 1), value: decoration.tone.level, opacity: decoration.tone.opacity) }
            }
        }
        line(paint.underline, y: baseline + 1)
        line(paint.strikethrough, y: baseline - max(1, (stack.primary.xHeight + 1) / 2))
    }

    /// Placeholder redaction: a rounded bar as tall as capitals where a line's characters would be.
    private func drawRedactionBar(x: Int, width: Int, baseline: Int, stack: FontStack, tone: Tone, context: inout RenderContext) {
        guard width > 1 else { return }
        let height = max(2, stack.primary.capHeight)
        let bar = Rect(x: x, y: baseline - height, width: max(1, width - 1), height: height)
        let tone = tone.fading(HierarchicalShapeStyle.secondary.factor)
        context.bitmap.painting(tone.rgb) { $0.fillRoundedRect(bar, cornerRadius: Double(min(bar.height, bar.width)) / 2, value: tone.level, opacity: tone.opacity) }
    }
}

private struct RenderDateKey: EnvironmentKey { static let defaultValue = Date(timeIntervalSince1970: 0) }

extension EnvironmentValues {
    /// The moment being drawn; live text is evaluated at it.
    var renderDate: Date {
        get { self[RenderDateKey.self] }
        set { self[RenderDateKey.self] = newValue }
    }
}
