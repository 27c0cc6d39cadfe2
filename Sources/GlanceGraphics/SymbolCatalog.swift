// The symbol catalog: parsing `.symbols` text and looking symbols up by SF Symbols name.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A set of named symbols, usually the one embedded from `Fonts/Symbols/catalog.symbols`.
///
/// Immutable after parsing, so one instance can be shared freely between threads.
public struct SymbolCatalog: Sendable {
    /// Symbols keyed by name (aliases included).
    private let symbolsByName: [String: Symbol]

    /// Every symbol name in the catalog, aliases included, sorted.
    public let names: [String]

    /// Names declared with `alias NAME TARGET`, each mapped to the drawn symbol it shows.
    public let aliases: [String: String]

    /// The names that have a drawing of their own (every name that is not an alias), sorted.
    public let drawnNames: [String]

    /// The category of each drawn name, from the catalog's `category` lines.
    public let categories: [String: String]

    /// The catalog embedded in the binary, parsed on first use.
    ///
    /// The embedded file is checked by the test suite; if it were ever unreadable this is an
    /// empty catalog (every lookup then reports a missing symbol) and `standardLoadError` says why.
    public static let standard: SymbolCatalog = (try? loadStandard()) ?? SymbolCatalog(symbols: [])

    /// Why the embedded catalog could not be parsed, or nil when it was fine.
    public static var standardLoadError: (any Error)? {
        do { _ = try loadStandard(); return nil } catch { return error }
    }

    /// Path of the embedded catalog, relative to `Fonts/`.
    public static let standardPath = "Symbols/catalog.symbols"

    private static func loadStandard() throws -> SymbolCatalog {
        guard let text = FontResources.text(at: standardPath) else {
            throw SymbolCatalogError(source: standardPath, line: 0, symbol: nil,
                                     message: "the file is not embedded (is it under Fonts/ with the .symbols extension?)")
        }
        return try SymbolCatalog(parsing: text, source: standardPath)
    }

    /// Creates a catalog holding `symbols`; a later symbol with an already used name replaces the earlier one.
    public init(symbols: [Symbol]) {
        self.init(symbols: symbols, aliases: [:], categories: [:])
    }

    /// Creates a catalog of `symbols` plus `aliases` (alias name → name of a symbol in `symbols`;
    /// aliases whose target is missing are left out) and the `categories` of drawn names.
    public init(symbols: [Symbol], aliases: [String: String], categories: [String: String] = [:]) {
        var byName: [String: Symbol] = [:]
        for symbol in symbols { byName[symbol.name] = symbol }
        drawnNames = byName.keys.sorted()
        var kept: [String: String] = [:]
        for (alias, target) in aliases where byName[alias] == nil {
            guard let symbol = byName[target] else { continue }
            byName[alias] = Symbol(name: alias, designWidth: symbol.designWidth, designHeight: symbol.designHeight,
                                   layers: symbol.layers, bitmaps: symbol.bitmaps)
            kept[alias] = target
        }
        symbolsByName = byName
        names = byName.keys.sorted()
        self.aliases = kept
        self.categories = categories.filter { byName[$0.key] != nil && kept[$0.key] == nil }
    }

    /// The drawn names of `category`, sorted (empty for an unknown category).
    public func names(inCategory category: String) -> [String] {
        categories.filter { $0.value == category }.map(\.key).sorted()
    }

    /// Parses catalog text in the `.symbols` format described in `Fonts/README.md`.
    /// - Parameters:
    ///   - text: The whole file.
    ///   - source: A name for the text used in error messages, e.g. its path.
    /// - Throws: `SymbolCatalogError` with the line number and symbol of the first problem.
    public init(parsing text: String, source: String = "catalog.symbols") throws {
        var parser = SymbolCatalogParser(text: text, source: source)
        let symbols = try parser.parse()
        self.init(symbols: symbols, aliases: parser.aliases, categories: parser.categories)
    }

    /// The symbol called `name`, or nil when the catalog has none.
    public func symbol(named name: String) -> Symbol? {
        symbolsByName[name]
    }

    /// The symbol called `name`.
    /// - Throws: `UnknownSymbolError` naming `name` and the closest names the catalog does have.
    public func lookup(_ name: String) throws -> Symbol {
        guard let symbol = symbolsByName[name] else {
            throw UnknownSymbolError(name: name, suggestions: suggestions(for: name))
        }
        return symbol
    }

    /// The 1-bit or gray mask of symbol `name` at `pixelSize`, or the placeholder box with a cross
    /// (`Symbol.missingMask`) when the catalog has no such name, which is then recorded in `missing`.
    /// - Parameters:
    ///   - name: An SF Symbols-style name.
    ///   - pixelSize: Height of the mask in pixels.
    ///   - antialiased: Gray edges when true, 0/255 only when false.
    ///   - missing: Where unknown names are reported (once each); nil to report nowhere.
    public func mask(named name: String, pixelSize: Int, antialiased: Bool = false,
                     missing: MissingSymbolLog? = nil) -> Bitmap {
        if let symbol = symbolsByName[name] {
            return symbol.mask(pixelSize: pixelSize, antialiased: antialiased)
        }
        missing?.record(name, in: self)
        return Symbol.missingMask(pixelSize: pixelSize)
    }

    /// Up to `limit` catalog names closest to `name` by edit distance, closest first; empty when nothing is close.
    public func suggestions(for name: String, limit: Int = 3) -> [String] {
        let query = Array(name.lowercased().utf8)
        // Allow about one edit in three characters, and always at least two.
        let threshold = max(2, query.count / 3)
        return names
            .map { (name: $0, distance: Self.editDistance(query, Array($0.utf8))) }
            .filter { $0.distance <= threshold }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .prefix(max(0, limit))
            .map(\.name)
    }

    /// Levenshtein distance (insertions, deletions and substitutions all cost one).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                row[j] = min(substitution, previous[j] + 1, row[j - 1] + 1)
            }
            swap(&previous, &row)
        }
        return previous[b.count]
    }
}

/// A name that is not in the symbol catalog, with the closest names that are.
public struct UnknownSymbolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name that was asked for.
    public var name: String
    /// Catalog names close to `name`, closest first (possibly empty).
    public var suggestions: [String]

    /// Creates the error for `name`.
    public init(name: String, suggestions: [String]) {
        self.name = name
        self.suggestions = suggestions
    }

    public var description: String {
        let hint = suggestions.isEmpty ? "" : " (did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?)"
        return "no symbol named '\(name)' in the symbol catalog\(hint)"
    }
}

/// A problem in catalog text, located by line and symbol.
public struct SymbolCatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name given for the text, e.g. `"Symbols/catalog.symbols"`.
    public var source: String
    /// One-based line number of the problem (0 when it concerns the whole file).
    public var line: Int
    /// The symbol being defined at that line, if any.
    public var symbol: String?
    /// What is wrong.
    public var message: String

    /// Creates an error at `line` of `source`.
    public init(source: String, line: Int, symbol: String?, message: String) {
        self.source = source
        self.line = line
        self.symbol = symbol
        self.message = message
    }

    public var description: String {
        "\(source):\(line): \(symbol.map { "in symbol '\($0)': " } ?? "")\(message)"
    }
}

// MARK: - Parser

private struct SymbolCatalogParser {
    let lines: [Substring]
    let source: String
    var lineIndex = 0

    /// The symbol being built.
    var name: String?
    var nameLine = 0
    var grid = (width: 24.0, height: 24.0)
    var layers: [SymbolLayer] = []
    var bitmaps: [Int: Bitmap] = [:]

    /// True while the block being built is a `part` (usable, but not a catalog name).
    var isPart = false
    /// The category named by the last `category` line.
    var category: String?

    var finished: [Symbol] = []
    /// Symbols and parts defined so far, for `use`.
    var defined: [String: Symbol] = [:]
    var seen: [String: Int] = [:]
    var aliases: [String: String] = [:]
    var categories: [String: String] = [:]

    init(text: String, source: String) {
        // Split on scalars, not Characters: grapheme breaking was most of the parse time, and
        // "\r\n" (one Character) still ends a line; the "\r" is trimmed with the other whitespace.
        self.lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
        self.source = source
    }

    mutating func parse() throws -> [Symbol] {
        while lineIndex < lines.count {
            let raw = lines[lineIndex]
            lineIndex += 1
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            try directive(line)
        }
        try finishSymbol()
        if finished.isEmpty { throw error(line: 0, "the catalog defines no symbols", symbol: nil) }
        return finished
    }

    private func error(line: Int? = nil, _ message: String, symbol: String?? = .none) -> SymbolCatalogError {
        let symbolName: String? = switch symbol { case .some(let given): given; case .none: name }
        return SymbolCatalogError(source: source, line: line ?? lineIndex, symbol: symbolName, message: message)
    }

    private mutating func directive(_ line: Substring) throws {
        var (keyword, rest) = line.splitFirstWord()
        switch keyword {
        case "symbol", "part":
            try finishSymbol()
            let newName = try newName(String(rest))
            name = newName
            nameLine = lineIndex
            isPart = keyword == "part"
            seen[newName] = lineIndex
            return
        case "alias":
            try finishSymbol()
            let words = rest.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2 else { throw error("expected 'alias NAME TARGET'", symbol: nil) }
            let alias = try newName(String(words[0]))
            let target = String(words[1])
            guard let symbol = finished.first(where: { $0.name == target }) else {
                throw error("'alias \(alias) \(target)': no symbol called '\(target)' is defined above this line", symbol: nil)
            }
            seen[alias] = lineIndex
            aliases[alias] = symbol.name
            return
        case "category":
            try finishSymbol()
            guard !rest.isEmpty, !rest.contains(" ") else { throw error("expected 'category NAME' (one word)", symbol: nil) }
            category = String(rest)
            return
        default:
            break
        }
        guard name != nil else {
            throw error("'\(keyword)' outside a symbol (start one with 'symbol NAME')", symbol: nil)
        }
        var erases = false
        if keyword == "erase" {
            erases = true
            (keyword, rest) = rest.splitFirstWord()
        }
        switch keyword {
        case "fill":
            var rule = FillRule.nonZero
            let (word, afterWord) = rest.splitFirstWord()
            if word == "evenodd" { rule = .evenOdd; rest = afterWord } else if word == "nonzero" { rest = afterWord }
            layers.append(SymbolLayer(path: try path(rest), paint: .fill(rule), erases: erases))
        case "stroke":
            let (widthText, afterWidth) = rest.splitFirstWord()
            guard let width = Double(widthText), width.isFinite, width > 0, width <= 1000 else {
                throw error("expected a positive stroke width after 'stroke', found '\(widthText)'")
            }
            rest = afterWidth
            var cap = LineCap.round
            let (word, afterWord) = rest.splitFirstWord()
            switch word {
            case "butt": cap = .butt; rest = afterWord
            case "square": cap = .square; rest = afterWord
            case "round": rest = afterWord
            default: break
            }
            layers.append(SymbolLayer(path: try path(rest), paint: .stroke(width: width, cap: cap), erases: erases))
        case "use":
            layers += try use(rest, erases: erases)
        case _ where erases:
            throw error("'erase' must be followed by 'fill', 'stroke' or 'use', found '\(keyword)'")
        case "grid":
            let parts = rest.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
                  w.isFinite, h.isFinite, w > 0, h > 0, w <= 1000, h <= 1000 else {
                throw error("expected 'grid WIDTH HEIGHT' with two positive numbers")
            }
            guard layers.isEmpty, bitmaps.isEmpty else { throw error("'grid' must come before the symbol's layers and bitmaps") }
            grid = (w, h)
        case "bitmap":
            try bitmap(rest)
        default:
            throw error("unknown directive '\(keyword)' (expected fill, stroke, erase, use, grid or bitmap)")
        }
    }

    /// Checks a name given to `symbol`, `part` or `alias`.
    private func newName(_ newName: String) throws -> String {
        guard !newName.isEmpty,
              newName.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
                  || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) })
        else {
            throw error("invalid symbol name '\(newName)' (use lower-case letters, digits and dots)", symbol: nil)
        }
        if let first = seen[newName] {
            throw error("symbol '\(newName)' is defined twice (first on line \(first))", symbol: nil)
        }
        return newName
    }

    /// The layers of `use NAME [scale S] [rotate DEG] [move DX DY]`: NAME's layers scaled by S and
    /// turned DEG degrees clockwise about the centre of the grid, then moved; stroke widths keep
    /// their size so a family keeps one line weight.
    /// With `erases`, ink and erase swap (a knock-out of NAME from ink below it).
    private func use(_ rest: Substring, erases: Bool) throws -> [SymbolLayer] {
        let words = rest.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { throw error("expected 'use NAME [scale S] [rotate DEG] [move DX DY]'") }
        let other = String(first)
        guard let symbol = defined[other] else {
            throw error("'use \(other)': no symbol of that name is defined above this line")
        }
        var scale = 1.0, degrees = 0.0, dx = 0.0, dy = 0.0
        var index = 1
        while index < words.count {
            switch words[index] {
            case "scale" where index + 1 < words.count:
                guard let value = Double(words[index + 1]), value.isFinite, value > 0, value <= 100 else {
                    throw error("expected a positive number after 'scale', found '\(words[index + 1])'")
                }
                scale = value
                index += 2
            case "rotate" where index + 1 < words.count:
                guard let value = Double(words[index + 1]), value.isFinite, abs(value) <= 360 else {
                    throw error("expected an angle in degrees after 'rotate', found '\(words[index + 1])'")
                }
                degrees = value
                index += 2
            case "move" where index + 2 < words.count:
                guard let x = Double(words[index + 1]), let y = Double(words[index + 2]), x.isFinite, y.isFinite,
                      abs(x) <= 1000, abs(y) <= 1000 else {
                    throw error("expected two numbers after 'move', found '\(words[index + 1]) \(words[index + 2])'")
                }
                (dx, dy) = (x, y)
                index += 3
            default:
                throw error("expected 'use NAME [scale S] [rotate DEG] [move DX DY]', found '\(words[index...].joined(separator: " "))'")
            }
        }
        let cx = grid.width / 2, cy = grid.height / 2
        // y grows downwards, so a positive angle turns clockwise on screen.
        let radians = degrees * .pi / 180
        let cosine = cos(radians) * scale, sine = sin(radians) * scale
        return symbol.layers.map { layer in
            var copy = layer
            if scale != 1 || degrees != 0 || dx != 0 || dy != 0 {
                copy.path = layer.path.mapPoints {
                    let x = $0.x - cx, y = $0.y - cy
                    return PointF(x: cx + x * cosine - y * sine + dx, y: cy + x * sine + y * cosine + dy)
                }
            }
            if erases { copy.erases.toggle() }
            return copy
        }
    }

    private func path(_ text: Substring) throws -> Path {
        guard !text.isEmpty else { throw error("missing path data") }
        do {
            let path = try Path(svgPathData: String(text))
            guard !path.isEmpty else { throw error("empty path data") }
            return path
        } catch let svg as SVGPathError {
            throw error("bad path data: \(svg)")
        }
    }

    private mutating func bitmap(_ rest: Substring) throws {
        guard let size = Int(rest), (1...Symbol.maximumPixelSize).contains(size) else {
            throw error("expected 'bitmap SIZE' with a pixel size from 1 to \(Symbol.maximumPixelSize), found '\(rest)'")
        }
        guard bitmaps[size] == nil else { throw error("a \(size) px bitmap is already given for this symbol") }
        let width = Int((Double(size) * grid.width / grid.height).rounded())
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * size)
        for row in 0..<size {
            guard lineIndex < lines.count else {
                throw error(line: lines.count, "bitmap \(size) ends after \(row) of its \(size) rows")
            }
            let text = lines[lineIndex].trimmingWhitespace()
            lineIndex += 1
            guard text.utf8.count == width,
                  text.utf8.allSatisfy({ $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ".") }) else {
                throw error("bitmap \(size) row \(row + 1) must be \(width) characters of '#' (ink) and '.' (none), found '\(text)'")
            }
            pixels += text.utf8.map { $0 == UInt8(ascii: "#") ? 255 : 0 }
        }
        bitmaps[size] = Bitmap(width: width, height: size, pixels: pixels)
    }

    private mutating func finishSymbol() throws {
        guard let current = name else { return }
        guard !layers.isEmpty || !bitmaps.isEmpty else {
            throw error(line: nameLine, "the symbol draws nothing (add a fill, stroke or bitmap)", symbol: current)
        }
        let symbol = Symbol(name: current, designWidth: grid.width, designHeight: grid.height,
                            layers: layers, bitmaps: bitmaps)
        defined[current] = symbol
        if !isPart {
            finished.append(symbol)
            if let category { categories[current] = category }
        }
        name = nil
        isPart = false
        grid = (24, 24)
        layers = []
        bitmaps = [:]
    }
}

private extension Substring {
    func trimmingWhitespace() -> Substring {
        // Scalar-wise for speed; spaces, tabs and carriage returns are single scalars.
        let scalars = unicodeScalars
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
              let last = scalars.lastIndex(where: { !isBlank($0) }) else { return self[endIndex...] }
        return Substring(scalars[first...last])
    }

    /// The first whitespace-separated word and the trimmed rest.
    func splitFirstWord() -> (word: Substring, rest: Substring) {
        let trimmed = trimmingWhitespace()
        guard let space = trimmed.unicodeScalars.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (trimmed, "") }
        return (trimmed[..<space], trimmed[space...].trimmingWhitespace())
    }
}
