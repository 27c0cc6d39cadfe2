import Foundation

/// Lays out and draws a `Text`: wrapping at spaces (and inside words too long for a line),
/// truncating the last allowed line with "…", stepping down through the available font
/// sizes under `minimumScaleFactor`, and aligning lines by `multilineTextAlignment`.
final class TextNode: LayoutNode {
    /// One run after live content was evaluated: characters, faces and paint.
    struct Piece {
        var text: String
        var stack: FontStack
        var tone: Tone
        var tracking: Int
        /// A symbol drawn inline instead of characters.
        var symbol: String?
        /// Digits advance by the widest digit's width, centred in that cell.
        var monospacedDigits = false
        /// Lines drawn under and through the characters.
        var underline: Decoration?
        var strikethrough: Decoration?
    }

    /// An underline or strikethrough resolved to a paint.
    struct Decoration {
        var tone: Tone
        var pattern: Text.LineStyle.Pattern
    }

    /// One run of the text after live content was evaluated, before faces are chosen.
    private struct ResolvedRun {
        var content: String
        var symbol: String?
        var font: Font
        var weight: Font.Weight?
        var tone: Tone
        var tracking: Int
        var monospacedDigits: Bool
        var underline: Decoration?
        var strikethrough: Decoration?
    }

    /// A placed piece of one line.
    struct Fragment {
        var piece: Int
        var text: Substring
        var width: Int
    }

    struct Line {
        var fragments: [Fragment]
        var width: Int { fragments.reduce(0) { $0 + $1.width } }
    }

    struct Layout {
        var lines: [Line]
        var pieces: [Piece]
        var truncated: Bool
        var ascent: Int
        var descent: Int
        var lineHeight: Int { ascent + descent }
        var size: Size {
            Size(width: lines.map(\.width).max() ?? 0, height: lines.count * lineHeight)
        }
    }

    private var runs: [ResolvedRun]
    /// The runs as written (live content unevaluated) and what evaluating them needs.
    private let sources: [Text.Run]
    private let liveContext: LiveTextContext
    private let lineLimit: Int?
    private let alignment: TextAlignment
    private let minimumScaleFactor: CGFloat
    private let scale: CGFloat
    private let redacted: Bool
    private var nextChange: Date?
    private var placed: Layout?
    /// The characters shown, for tests and accessibility-style dumps.
    private(set) var plainText: String

    init(text: Text, environment: EnvironmentValues) {
        let context = LiveTextContext(date: environment.renderDate, locale: environment.locale,
                                      timeZone: environment.timeZone, reduced: environment.isLuminanceReduced)
        let (contents, nextChange) = Self.evaluate(text.runs, in: context)
        var runs = [ResolvedRun]()
        for (run, string) in zip(text.runs, contents) {
            var symbol: String?
            if case .symbol(let name) = run.content {
                symbol = name
                environment.reportMissingSymbol(name)
            }
            let tone = run.style?.resolve(in: environment) ?? ForegroundStyle().resolve(in: environment)
            let font = run.font ?? environment.font ?? .body
            func decoration(_ style: Text.LineStyle?) -> Decoration? {
                style.map { Decoration(tone: $0.color?.resolve(in: environment) ?? tone, pattern: $0.pattern) }
            }
            runs.append(ResolvedRun(content: string, symbol: symbol, font: font, weight: run.weight, tone: tone,
                                    tracking: run.tracking.pixels,
                                    monospacedDigits: run.monospacedDigits || font.usesMonospacedDigits || font.design == .monospaced,
                                    underline: decoration(run.underline ?? environment.textUnderline),
                                    strikethrough: decoration(run.strikethrough ?? environment.textStrikethrough)))
        }
        self.runs = runs
        self.sources = text.runs
        self.liveContext = context
        self.plainText = contents.joined()
        self.nextChange = nextChange
        self.lineLimit = environment.lineLimit
        // Leading is the right edge in right-to-left layout, as in SwiftUI.
        switch (environment.layoutDirection, environment.multilineTextAlignment) {
        case (.rightToLeft, .leading): self.alignment = .trailing
        case (.rightToLeft, .trailing): self.alignment = .leading
        default: self.alignment = environment.multilineTextAlignment
        }
        self.minimumScaleFactor = min(1, max(0.01, environment.minimumScaleFactor))
        self.scale = environment.displayScale
        self.redacted = environment.redactsContent
    }

    /// Evaluates live content (timers, relative dates) again at `date`.
    override func refresh(at date: Date) {
        super.refresh(at: date)
        let context = LiveTextContext(date: date, locale: liveContext.locale, timeZone: liveContext.timeZone, reduced: liveContext.reduced)
        let (contents, nextChange) = Self.evaluate(sources, in: context)
        for (index, string) in contents.enumerated() { runs[index].content = string }
        self.nextChange = nextChange
        plainText = contents.joined()
        placed = nil
        layouts.removeAll()
        measurements.removeAll()
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

    /// The font sizes to try, as factors of the nominal size: 1, then smaller available sizes
    /// down to the minimum scale factor.
    private lazy var scales: [Double] = {
        guard minimumScaleFactor < 1, let nominal = runs.first.map({ $0.font.pixelSize(scale: scale) }), nominal > 0 else { return [1] }
        let smallest = Int((Double(nominal) * Double(minimumScaleFactor)).rounded(.up))
        let sizes = FontCatalog.standard.sizes().filter { $0 < nominal && $0 >= smallest }.sorted(by: >)
        return [1] + sizes.map { Double($0) / Double(nominal) }
    }()

    /// The runs at one of `scales`: faces chosen, characters cut into words, spaces and
    /// newlines, and each of those measured. A layout pass asks for several proposals; they
    /// share this and only add widths.
    private struct Measurement {
        var pieces: [Piece]
        var tokens: [Token]
        var ascent: Int
        var descent: Int
        var lineHeight: Int { max(1, ascent + descent) }
        /// The layout that breaks only at newlines, made when first asked for.
        var natural: Layout?
    }

    private struct Token {
        var piece: Int
        var text: Substring
        var kind: TokenKind
        var width: Int
    }

    /// Measurements by index into `scales`, made in order as layouts need them.
    private var measurements = [Measurement]()

    /// The runs measured at `scales[index]`, or nil when no font is embedded.
    private func measurement(at index: Int) -> Measurement? {
        if index < measurements.count { return measurements[index] }
        var pieces = [Piece]()
        for run in runs {
            let size = Int((Double(run.font.pixelSize(scale: scale)) * scales[index]).rounded())
            var font = run.font
            if let weight = run.weight { font = font.weight(weight) }
            guard let stack = FontStack(pixelSize: size, weight: font.faceWeight) else { return nil }
            pieces.append(Piece(text: run.content, stack: stack, tone: run.tone, tracking: run.tracking, symbol: run.symbol,
                                monospacedDigits: run.monospacedDigits, underline: run.underline, strikethrough: run.strikethrough))
        }
        var tokens = [Token]()
        for (index, piece) in pieces.enumerated() {
            if piece.symbol != nil {
                tokens.append(Token(piece: index, text: "\u{FFFC}", kind: .word, width: width(of: "\u{FFFC}", piece: piece)))
                continue
            }
            for (text, kind) in Self.tokens(of: piece.text) {
                tokens.append(Token(piece: index, text: text, kind: kind, width: kind == .newline ? 0 : width(of: text, piece: piece)))
            }
        }
        var measurement = Measurement(pieces: pieces, tokens: tokens,
                                      ascent: pieces.map(\.stack.ascent).max() ?? 0, descent: pieces.map(\.stack.descent).max() ?? 0)
        measurement.natural = wrap(measurement, maxWidth: ProposedSize.infinity, maxLines: lineLimit ?? Int.max)
        measurements.append(measurement)
        return measurement
    }

    /// Layouts already computed, by proposal (sizing, placing and baseline queries ask for the
    /// same proposals repeatedly).
    private var layouts = ProposalMemo<Layout>()

    /// Lays the text out for `proposal`, shrinking within the scale factor before truncating.
    func layout(for proposal: ProposedSize) -> Layout {
        if let cached = layouts.value(for: proposal) { return cached }
        let computed = computeLayout(for: proposal)
        layouts.store(computed, for: proposal)
        return computed
    }

    private func computeLayout(for proposal: ProposedSize) -> Layout {
        var result: Layout?
        for index in scales.indices {
            guard let measurement = measurement(at: index) else { break }
            let maxWidth = proposal.width ?? ProposedSize.infinity
            var maxLines = lineLimit ?? Int.max
            if let height = proposal.height { maxLines = min(maxLines, max(1, height / measurement.lineHeight)) }
            // Text with room for its lines as written is laid out as written: wrapping would
            // break nowhere.
            let layout: Layout
            if let natural = measurement.natural, !natural.truncated, natural.lines.count <= maxLines,
               natural.lines.allSatisfy({ $0.width <= maxWidth }) {
                layout = natural
            } else {
                layout = wrap(measurement, maxWidth: maxWidth, maxLines: maxLines)
            }
            result = layout
            if !layout.truncated { break }
        }
        return result ?? Layout(lines: [], pieces: [], truncated: false, ascent: 0, descent: 0)
    }

    private func width(of text: Substring, piece: Piece) -> Int {
        if let symbol = piece.symbol { return SymbolImages.inlineSize(for: piece.stack, name: symbol).width + 1 }
        let natural = piece.monospacedDigits ? piece.stack.width(of: text, monospacedDigits: true) : piece.stack.width(of: text)
        return natural + piece.tracking * text.unicodeScalars.count
    }

    /// Greedy wrapping: each word on the current line if it fits, else on the next; a word
    /// wider than a line is broken between characters. Past `maxLines`, the last line is
    /// truncated with "…".
    private func wrap(_ measurement: Measurement, maxWidth: Int, maxLines: Int) -> Layout {
        let pieces = measurement.pieces
        var lines = [Line(fragments: [])]
        var used = 0
        func append(_ fragment: Fragment) {
            lines[lines.count - 1].fragments.append(fragment)
            used += fragment.width
        }
        func newLine() {
            lines.append(Line(fragments: []))
            used = 0
        }
        for token in measurement.tokens {
            switch token.kind {
            case .newline:
                newLine()
            case .space:
                guard !lines[lines.count - 1].fragments.isEmpty else { continue }
                append(Fragment(piece: token.piece, text: token.text, width: token.width))
            case .word:
                // Widths add up character by character (advances, tracking and digit cells
                // are per scalar), so the pieces of a broken word are measured once each.
                var word = token.text
                var wordWidth = token.width
                while !word.isEmpty {
                    if used + wordWidth <= maxWidth {
                        append(Fragment(piece: token.piece, text: word, width: wordWidth))
                        break
                    }
                    if used > 0 {
                        trimTrailingSpace(&lines[lines.count - 1])
                        newLine()
                        continue
                    }
                    // The word alone is wider than a line: break it between characters.
                    var cut = word.startIndex
                    var headWidth = 0
                    repeat {
                        let next = word.index(after: cut)
                        let characterWidth = width(of: word[cut..<next], piece: pieces[token.piece])
                        // A line holds at least one character, however narrow.
                        if headWidth + characterWidth > maxWidth && cut > word.startIndex { break }
                        headWidth += characterWidth
                        cut = next
                    } while cut < word.endIndex
                    append(Fragment(piece: token.piece, text: word[..<cut], width: headWidth))
                    word = word[cut...]
                    wordWidth -= headWidth
                    if !word.isEmpty { newLine() }
                }
            }
        }
        for index in lines.indices { trimTrailingSpace(&lines[index]) }

        var truncated = false
        if lines.count > maxLines {
            lines.removeSubrange(maxLines...)
            truncated = true
        }
        if let last = lines.indices.last, truncated || lines[last].width > maxWidth {
            lines[last] = truncate(lines[last], pieces: pieces, maxWidth: maxWidth)
            truncated = true
        }
        return Layout(lines: lines, pieces: pieces, truncated: truncated, ascent: measurement.ascent, descent: measurement.descent)
    }

    private enum TokenKind { case word, space, newline }

    /// `text` cut into words, runs of spaces and single newlines. Most text is ASCII without
    /// carriage returns, where every byte is a character: it is cut by bytes. Other text is cut
    /// by characters, so a space or newline that a combining mark joins ("\r\n" is one
    /// character too) stays inside its word.
    private static func tokens(of text: String) -> [(text: Substring, kind: TokenKind)] {
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return tokens(of: text, kinds: text.utf8.indices.lazy.map { position in
                let byte = text.utf8[position]
                return (position, byte == 0x0A ? .newline : (byte == 0x20 ? .space : .word))
            })
        }
        return tokens(of: text, kinds: text.indices.lazy.map { position in
            let character = text[position]
            return (position, character == "\n" ? .newline : (character == " " ? .space : .word))
        })
    }

    /// Cuts `text` where the kind of its units (`kinds`, in order) changes, and around each newline.
    private static func tokens(of text: String, kinds: some Sequence<(String.Index, TokenKind)>) -> [(text: Substring, kind: TokenKind)] {
        var tokens = [(text: Substring, kind: TokenKind)]()
        var start = text.startIndex
        var current: TokenKind?
        for (position, next) in kinds {
            if let current, current != next || next == .newline {
                tokens.append((text[start..<position], current))
                start = position
            }
            current = next
        }
        if let current, start < text.endIndex { tokens.append((text[start...], current)) }
        return tokens
    }

    private func trimTrailingSpace(_ line: inout Line) {
        while let last = line.fragments.last, last.text.allSatisfy({ $0 == " " }) { line.fragments.removeLast() }
    }

    /// The line shortened from the end until it fits with "…" appended.
    private func truncate(_ line: Line, pieces: [Piece], maxWidth: Int) -> Line {
        var line = line
        trimTrailingSpace(&line)
        guard let lastPiece = line.fragments.last?.piece else { return line }
        let ellipsis = width(of: "…", piece: pieces[lastPiece])
        while line.width + ellipsis > maxWidth, var last = line.fragments.popLast() {
            guard last.text.count > 1 else { continue }
            last.text.removeLast()
            last.width = width(of: last.text, piece: pieces[last.piece])
            line.fragments.append(last)
            trimTrailingSpace(&line)
        }
        let piece = line.fragments.last?.piece ?? lastPiece
        line.fragments.append(Fragment(piece: piece, text: "…", width: width(of: "…", piece: pieces[piece])))
        return line
    }

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
                drawRedactionBar(x: x, width: lineWidth, baseline: baseline, piece: layout.pieces[first.piece], context: &context)
                continue
            }
            for fragment in line.fragments {
                let piece = layout.pieces[fragment.piece]
                if let symbol = piece.symbol {
                    SymbolImages.drawInline(symbol, stack: piece.stack, at: Point(x: x, y: baseline), tone: piece.tone, into: &context.bitmap)
                } else if piece.tracking == 0 && !piece.monospacedDigits {
                    piece.stack.draw(fragment.text, into: &context.bitmap, at: Point(x: x, y: baseline), tone: piece.tone)
                } else {
                    var pen = Point(x: x, y: baseline)
                    for scalar in fragment.text.unicodeScalars {
                        pen = piece.stack.draw(scalar, into: &context.bitmap, at: pen, tone: piece.tone, monospacedDigits: piece.monospacedDigits)
                        pen.x += piece.tracking
                    }
                }
                drawDecorations(of: piece, x: x, width: fragment.width, baseline: baseline, into: &context.bitmap)
                x += fragment.width
            }
        }
    }

    /// Underline one pixel below the baseline; strikethrough through the middle of lowercase letters.
    private func drawDecorations(of piece: Piece, x: Int, width: Int, baseline: Int, into bitmap: inout Bitmap) {
        func line(_ decoration: Decoration?, y: Int) {
            guard let decoration, width > 0 else { return }
            for offset in 0..<width where decoration.pattern.isOn(at: offset) {
                bitmap.painting(decoration.tone.rgb) { $0.fillRect(Rect(x: x + offset, y: y, width: 1, height: 1), value: decoration.tone.level, opacity: decoration.tone.opacity) }
            }
        }
        line(piece.underline, y: baseline + 1)
        line(piece.strikethrough, y: baseline - max(1, (piece.stack.primary.xHeight + 1) / 2))
    }

    /// Placeholder redaction: a rounded bar as tall as capitals where a line's characters would be.
    private func drawRedactionBar(x: Int, width: Int, baseline: Int, piece: Piece, context: inout RenderContext) {
        guard width > 1 else { return }
        let height = max(2, piece.stack.primary.capHeight)
        let bar = Rect(x: x, y: baseline - height, width: max(1, width - 1), height: height)
        let tone = piece.tone.fading(HierarchicalShapeStyle.secondary.factor)
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
