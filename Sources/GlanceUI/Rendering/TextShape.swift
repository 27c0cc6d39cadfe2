import Foundation
import GlanceCore

/// The layout of a text's characters in its faces, shared by every node that shows the same
/// characters the same way: words cut and measured once, and each proposal wrapped once.
///
/// A face renders its whole view tree again for every frame, and most of its texts have not
/// changed since the last one ("Living room", a temperature that moves once an hour): they are
/// laid out from here. Only what decides where characters go is part of the key; paint (tone,
/// underline, strikethrough) stays with the node.
final class TextShape: Sendable {
    /// What the layout depends on.
    struct Key: Hashable, Sendable {
        struct Run: Hashable, Sendable {
            var content: String
            /// A symbol drawn inline instead of characters.
            var symbol: String?
            /// The face size before `minimumScaleFactor` steps it down.
            var pixelSize: Int
            var weight: FontWeight
            var tracking: Int
            var monospacedDigits: Bool
        }

        var runs: [Run]
        var lineLimit: Int?
        var minimumScaleFactor: CGFloat
        var truncationMode: Text.TruncationMode = .tail
        var allowsTightening = false
    }

    /// One run in the faces of one size: what measuring and drawing its characters needs
    /// (the characters themselves are the key's run's).
    struct Piece: Sendable {
        var stack: FontStack
        var tracking: Int
        var symbol: String?
        /// Digits advance by the widest digit's width, centred in that cell.
        var monospacedDigits: Bool
    }

    /// A placed piece of one line.
    struct Fragment: Sendable {
        var piece: Int
        var text: Substring
        var width: Int
    }

    struct Line: Sendable {
        var fragments: [Fragment]
        /// The line ends inside a word too wide for a line, which goes on on the next line.
        var endsInsideWord = false
        /// The line ends at a newline in the text.
        var endsParagraph = false
        var width: Int { fragments.reduce(0) { $0 + $1.width } }
    }

    struct Layout: Sendable {
        var lines: [Line]
        /// The runs in the faces this layout chose (smaller ones under `minimumScaleFactor`);
        /// a fragment's `piece` indexes these, the key's runs and the node's paints alike.
        var pieces: [Piece]
        var truncated: Bool
        /// Some word was too wide for a line alone and was broken between characters.
        var brokeWord = false
        var ascent: Int
        var descent: Int
        var lineHeight: Int { ascent + descent }
        var size: Size {
            Size(width: lines.map(\.width).max() ?? 0, height: lines.count * lineHeight)
        }
    }

    /// The shape for `key`, made on first use. The cache holds the texts of a few faces; when
    /// it is full it starts again, which a face that shows new text every frame (a seconds
    /// timer) reaches every few minutes at the cost of one frame's measuring.
    static func shared(_ key: Key) -> TextShape {
        if let shape = cache.withLock({ $0[key] }) { return shape }
        let shape = TextShape(key)
        return cache.withLock { shapes in
            if let existing = shapes[key] { return existing }
            if shapes.count >= cacheCapacity { shapes.removeAll(keepingCapacity: true) }
            shapes[key] = shape
            return shape
        }
    }

    private static let cacheCapacity = 256
    private static let cache = Locked([Key: TextShape]())

    let key: Key
    /// The font sizes to try, as factors of the nominal size: 1, then smaller available sizes
    /// down to the minimum scale factor.
    private let scales: [Double]
    private let state = Locked(State())

    private struct State {
        /// Measurements by index into `scales`, made in order as layouts need them.
        var measurements = [Measurement]()
        /// The same with characters one pixel closer together (`allowsTightening`), made when needed.
        var tightened = [Int: Measurement]()
        var layouts = [ProposedSize: Layout]()
    }

    /// The most proposals kept per text; layout passes ask about eight at most.
    private static let layoutCapacity = 32

    private init(_ key: Key) {
        self.key = key
        let minimumScaleFactor = min(1, max(0.01, key.minimumScaleFactor))
        if minimumScaleFactor < 1, let nominal = key.runs.first?.pixelSize, nominal > 0 {
            let smallest = Int((Double(nominal) * Double(minimumScaleFactor)).rounded(.up))
            let sizes = FontCatalog.standard.sizes().filter { $0 < nominal && $0 >= smallest }.sorted(by: >)
            scales = [1] + sizes.map { Double($0) / Double(nominal) }
        } else {
            scales = [1]
        }
    }

    /// Lays the text out for `proposal`, shrinking within the scale factor before truncating.
    func layout(for proposal: ProposedSize) -> Layout {
        state.withLock { state in
            if let cached = state.layouts[proposal] { return cached }
            let layout = computeLayout(for: proposal, state: &state)
            if state.layouts.count >= Self.layoutCapacity { state.layouts.removeAll(keepingCapacity: true) }
            state.layouts[proposal] = layout
            return layout
        }
    }

    /// Tries, in SwiftUI's order, the ways to fit: the nominal size, then each smaller size
    /// down to the minimum scale factor, each first as drawn and then (`allowsTightening`)
    /// with its characters one pixel closer. The first layout that shows every character
    /// without breaking a word wins; when none does, the smallest one is used, which shows
    /// every character if it can (breaking the words too wide for a line) and truncates
    /// otherwise.
    private func computeLayout(for proposal: ProposedSize, state: inout State) -> Layout {
        var smallest: Layout?
        var smallestComplete: Layout?
        for index in scales.indices {
            if index == state.measurements.count {
                guard let measurement = measure(atScale: scales[index], tightening: 0) else { break }
                state.measurements.append(measurement)
            }
            let plain = layout(state.measurements[index], for: proposal)
            if !plain.truncated && !plain.brokeWord { return plain }
            smallest = plain
            if !plain.truncated { smallestComplete = plain }
            guard key.allowsTightening else { continue }
            if state.tightened[index] == nil { state.tightened[index] = measure(atScale: scales[index], tightening: 1) }
            guard let measurement = state.tightened[index] else { continue }
            let tight = layout(measurement, for: proposal)
            if !tight.truncated && !tight.brokeWord { return tight }
            smallest = tight
            if !tight.truncated { smallestComplete = tight }
        }
        return smallestComplete ?? smallest ?? Layout(lines: [], pieces: [], truncated: false, ascent: 0, descent: 0)
    }

    /// The text in one measurement's faces laid out for `proposal`.
    private func layout(_ measurement: Measurement, for proposal: ProposedSize) -> Layout {
        let maxWidth = proposal.width ?? ProposedSize.infinity
        var maxLines = key.lineLimit ?? Int.max
        if let height = proposal.height { maxLines = min(maxLines, max(1, height / measurement.lineHeight)) }
        // Text with room for its lines as written is laid out as written: wrapping would
        // break nowhere.
        let natural = measurement.natural
        return !natural.truncated && natural.lines.count <= maxLines && natural.lines.allSatisfy({ $0.width <= maxWidth })
            ? natural : wrap(measurement, maxWidth: maxWidth, maxLines: maxLines)
    }

    // MARK: - Measuring

    /// The runs at one scale factor: faces chosen, characters cut into words, spaces and
    /// newlines, and each of those measured. A layout pass asks for several proposals; they
    /// share this and only add widths.
    private struct Measurement {
        var pieces: [Piece]
        var tokens: [Token]
        var ascent: Int
        var descent: Int
        var lineHeight: Int { max(1, ascent + descent) }
        /// The layout that breaks only at newlines.
        var natural: Layout
    }

    private struct Token {
        var piece: Int
        var text: Substring
        var kind: TokenKind
        var width: Int
    }

    private enum TokenKind { case word, space, newline }

    /// The runs measured at `factor` times their size with `tightening` pixels less between
    /// characters, or nil when no font is embedded.
    private func measure(atScale factor: Double, tightening: Int) -> Measurement? {
        var pieces = [Piece]()
        for run in key.runs {
            let size = Int((Double(run.pixelSize) * factor).rounded())
            guard let stack = FontStack(pixelSize: size, weight: run.weight) else { return nil }
            pieces.append(Piece(stack: stack, tracking: run.tracking - tightening, symbol: run.symbol, monospacedDigits: run.monospacedDigits))
        }
        var tokens = [Token]()
        for (index, piece) in pieces.enumerated() {
            if piece.symbol != nil {
                tokens.append(Token(piece: index, text: "\u{FFFC}", kind: .word, width: Self.width(of: "\u{FFFC}", piece: piece)))
                continue
            }
            for (text, kind) in Self.tokens(of: key.runs[index].content) {
                tokens.append(Token(piece: index, text: text, kind: kind, width: kind == .newline ? 0 : Self.width(of: text, piece: piece)))
            }
        }
        var measurement = Measurement(pieces: pieces, tokens: tokens,
                                      ascent: pieces.map(\.stack.ascent).max() ?? 0, descent: pieces.map(\.stack.descent).max() ?? 0,
                                      natural: Layout(lines: [], pieces: [], truncated: false, ascent: 0, descent: 0))
        measurement.natural = wrap(measurement, maxWidth: ProposedSize.infinity, maxLines: key.lineLimit ?? Int.max)
        return measurement
    }

    private static func width(of text: Substring, piece: Piece) -> Int {
        if let symbol = piece.symbol { return SymbolImages.inlineSize(for: piece.stack, name: symbol).width + 1 }
        let natural = piece.monospacedDigits ? piece.stack.width(of: text, monospacedDigits: true) : piece.stack.width(of: text)
        return natural + piece.tracking * text.unicodeScalars.count
    }

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

    // MARK: - Wrapping

    /// Greedy wrapping at word boundaries: each word on the current line if it fits, else on
    /// the next; only a word wider than a line by itself is broken between characters. Past
    /// `maxLines`, the last line holds the rest of the text, truncated with "…" where the
    /// truncation mode says.
    private func wrap(_ measurement: Measurement, maxWidth: Int, maxLines: Int) -> Layout {
        let pieces = measurement.pieces
        var lines = [Line(fragments: [])]
        var used = 0
        var brokeWord = false
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
                lines[lines.count - 1].endsParagraph = true
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
                        Self.trimTrailingSpace(&lines[lines.count - 1])
                        newLine()
                        continue
                    }
                    // The word alone is wider than a line: break it between characters.
                    brokeWord = true
                    var cut = word.startIndex
                    var headWidth = 0
                    repeat {
                        let next = word.index(after: cut)
                        let characterWidth = Self.width(of: word[cut..<next], piece: pieces[token.piece])
                        // A line holds at least one character, however narrow.
                        if headWidth + characterWidth > maxWidth && cut > word.startIndex { break }
                        headWidth += characterWidth
                        cut = next
                    } while cut < word.endIndex
                    append(Fragment(piece: token.piece, text: word[..<cut], width: headWidth))
                    word = word[cut...]
                    wordWidth -= headWidth
                    if !word.isEmpty {
                        lines[lines.count - 1].endsInsideWord = true
                        newLine()
                    }
                }
            }
        }
        for index in lines.indices { Self.trimTrailingSpace(&lines[index]) }

        var truncated = false
        if maxLines < 1 {
            lines.removeAll()
            truncated = true
        } else if lines.count > maxLines {
            // The last line shown holds the rest of the text: for a tail truncation, the rest
            // of its paragraph; for the head and the middle, everything that is left.
            var rest = lines[(maxLines - 1)...]
            if key.truncationMode == .tail, let end = rest.firstIndex(where: \.endsParagraph) { rest = rest[...end] }
            let line = Self.joined(rest, pieces: pieces)
            lines.removeSubrange((maxLines - 1)...)
            lines.append(Self.truncate(line, mode: key.truncationMode, pieces: pieces, maxWidth: maxWidth))
            truncated = true
        } else if let last = lines.indices.last, lines[last].width > maxWidth {
            lines[last] = Self.truncate(lines[last], mode: key.truncationMode, pieces: pieces, maxWidth: maxWidth)
            truncated = true
        }
        return Layout(lines: lines, pieces: pieces, truncated: truncated, brokeWord: brokeWord,
                      ascent: measurement.ascent, descent: measurement.descent)
    }

    private static func trimTrailingSpace(_ line: inout Line) {
        while let last = line.fragments.last, last.text.allSatisfy({ $0 == " " }) { line.fragments.removeLast() }
    }

    /// The index of a piece that draws characters (not a symbol), preferring `preferred`.
    private static func textPiece(_ preferred: Int, pieces: [Piece]) -> Int {
        pieces[preferred].symbol == nil ? preferred : pieces.firstIndex { $0.symbol == nil } ?? preferred
    }

    /// `lines` as one line: a space where they were wrapped or split at a newline, nothing
    /// where a word was broken.
    private static func joined(_ lines: ArraySlice<Line>, pieces: [Piece]) -> Line {
        var result = Line(fragments: [])
        var joinsWord = false
        for line in lines where !line.fragments.isEmpty {
            if let previous = result.fragments.last, !joinsWord {
                let piece = textPiece(previous.piece, pieces: pieces)
                result.fragments.append(Fragment(piece: piece, text: " ", width: width(of: " ", piece: pieces[piece])))
            }
            result.fragments += line.fragments
            joinsWord = line.endsInsideWord
        }
        return result
    }

    /// `line` cut to fit `maxWidth` with "…" at the truncation mode's place: the end kept for
    /// `.head`, the start for `.tail`, both for `.middle`. Characters go whole; spaces next to
    /// the ellipsis go too.
    private static func truncate(_ line: Line, mode: Text.TruncationMode, pieces: [Piece], maxWidth: Int) -> Line {
        struct Unit {
            var fragment: Int
            var range: Range<Substring.Index>
            var width: Int
            var isSpace: Bool
        }
        var units = [Unit]()
        for (index, fragment) in line.fragments.enumerated() {
            var position = fragment.text.startIndex
            while position < fragment.text.endIndex {
                let next = fragment.text.index(after: position)
                let character = fragment.text[position..<next]
                units.append(Unit(fragment: index, range: position..<next, width: width(of: character, piece: pieces[fragment.piece]),
                                  isSpace: character == " "))
                position = next
            }
        }
        while units.last?.isSpace == true { units.removeLast() }
        while units.first?.isSpace == true { units.removeFirst() }
        guard let firstUnit = units.first, let lastUnit = units.last else { return Line(fragments: []) }

        let anchor = line.fragments[mode == .head ? firstUnit.fragment : lastUnit.fragment].piece
        let ellipsisPiece = textPiece(anchor, pieces: pieces)
        let ellipsis = Fragment(piece: ellipsisPiece, text: "…", width: width(of: "…", piece: pieces[ellipsisPiece]))
        let budget = maxWidth - ellipsis.width
        var head = 0, tail = 0, used = 0
        func take(fromHead: Bool) -> Bool {
            guard head + tail < units.count else { return false }
            let unit = fromHead ? units[head] : units[units.count - 1 - tail]
            guard used + unit.width <= budget else { return false }
            used += unit.width
            if fromHead { head += 1 } else { tail += 1 }
            return true
        }
        switch mode {
        case .tail: while take(fromHead: true) {}
        case .head: while take(fromHead: false) {}
        case .middle:
            // Alternately from each end, the start first, until the next character does not fit.
            var fromHead = true
            while take(fromHead: fromHead) { fromHead.toggle() }
        }
        while head > 0, units[head - 1].isSpace { head -= 1 }
        while tail > 0, units[units.count - tail].isSpace { tail -= 1 }

        /// Consecutive units of one fragment become one fragment again.
        func fragments(_ kept: ArraySlice<Unit>) -> [Fragment] {
            var result = [Fragment]()
            var start = kept.startIndex
            while start < kept.endIndex {
                var end = start
                var width = 0
                while end < kept.endIndex, kept[end].fragment == kept[start].fragment {
                    width += kept[end].width
                    end += 1
                }
                let fragment = line.fragments[kept[start].fragment]
                result.append(Fragment(piece: fragment.piece, text: fragment.text[kept[start].range.lowerBound..<kept[end - 1].range.upperBound],
                                       width: width))
                start = end
            }
            return result
        }
        return Line(fragments: fragments(units[..<head]) + [ellipsis] + fragments(units[(units.count - tail)...]))
    }
}
