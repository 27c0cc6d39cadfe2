import GlanceGraphics
import Testing

@Suite struct SymbolCatalogTests {
    /// The names the widgets of the first release ask for (from the issue).
    static let required = [
        "star.fill", "chart.line.uptrend.xyaxis", "fork.knife", "bag.fill", "car.fill", "location.fill",
        "checkmark.circle.fill", "circle", "person.circle.fill", "arrow.counterclockwise", "arrow.clockwise",
        "plus.circle.fill", "lightbulb", "lightbulb.fill", "flashlight.on.fill", "airplane", "timer", "pause.fill",
        "play.fill", "stop.fill", "arrow.up.right", "arrow.down.right", "thermometer", "drop.fill", "cloud.sun.fill",
        "cloud.rain.fill", "sun.max.fill", "moon.fill", "bolt.fill", "battery.100", "battery.25", "calendar",
        "bell.fill", "heart.fill", "figure.walk", "wifi", "house.fill", "cpu", "memorychip", "clock", "alarm",
        "envelope.fill", "music.note", "thermometer.sun", "wind", "snowflake", "checkmark", "xmark",
        "exclamationmark.triangle.fill", "info.circle", "leaf.fill", "flame.fill", "cart.fill", "gift.fill",
        "gamecontroller.fill", "book.fill", "trash.fill", "gearshape.fill", "power",
    ]

    static let sizes = [12, 16, 24]
    static var catalog: SymbolCatalog { SymbolCatalog.standard }

    @Test func standardCatalogLoads() {
        #expect(SymbolCatalog.standardLoadError == nil, "\(String(describing: SymbolCatalog.standardLoadError))")
        #expect(Self.catalog.names.count >= 60)
        #expect(Self.catalog.names == Self.catalog.names.sorted())
    }

    @Test func everyRequiredNameExists() {
        let missing = Self.required.filter { Self.catalog.symbol(named: $0) == nil }
        #expect(missing.isEmpty, "missing: \(missing)")
    }

    @Test func fillVariantsHaveTheirOutlinePartners() {
        // Where SF Symbols pairs "x" with "x.fill", so do we (both directions).
        let names = Set(Self.catalog.names)
        let unpaired = names.filter { $0.hasSuffix(".fill") && !names.contains(String($0.dropLast(5))) }
            .subtracting(["flashlight.on.fill", "flashlight.off.fill"])  // Apple has no outline flashlight
        #expect(unpaired.isEmpty, "no outline partner: \(unpaired.sorted())")
        for base in ["star", "heart", "bell", "drop", "house", "envelope", "bolt", "moon", "play", "pause", "stop",
                     "checkmark.circle", "plus.circle", "person.circle", "xmark.circle", "location", "trash", "book",
                     "gearshape", "leaf", "flame", "cart", "bag", "gift", "car", "circle", "cloud", "sun.max"] {
            #expect(names.contains(base) && names.contains(base + ".fill"), "\(base) / \(base).fill")
        }
        for level in ["battery.0", "battery.25", "battery.50", "battery.75", "battery.100"] {
            #expect(names.contains(level))
        }
    }

    @Test(arguments: sizes) func everySymbolRendersCrispAndNonEmpty(size: Int) {
        for name in Self.catalog.names {
            let mask = Self.catalog.symbol(named: name)!.mask(pixelSize: size, antialiased: false)
            #expect(mask.size == Size(width: size, height: size), "\(name) at \(size) px")
            #expect(mask.pixels.allSatisfy { $0 == 0 || $0 == 255 }, "\(name) at \(size) px is not 1-bit")
            #expect(mask.pixels.contains(255), "\(name) is empty at \(size) px")
            // Nothing is allowed to fill the whole box either.
            #expect(mask.pixels.contains(0), "\(name) is a solid block at \(size) px")
        }
    }

    @Test(arguments: sizes) func everySymbolRendersAntialiased(size: Int) {
        for name in Self.catalog.names {
            let mask = Self.catalog.symbol(named: name)!.mask(pixelSize: size, antialiased: true)
            #expect(mask.pixels.contains { $0 > 128 }, "\(name) is empty at \(size) px antialiased")
        }
    }

    @Test(arguments: sizes) func everySymbolLooksDifferentFromEveryOther(size: Int) {
        var owner: [[UInt8]: String] = [:]
        for name in Self.catalog.names {
            let pixels = Self.catalog.symbol(named: name)!.mask(pixelSize: size, antialiased: false).pixels
            if let other = owner[pixels] {
                Issue.record("\(name) and \(other) render identically at \(size) px")
            }
            owner[pixels] = name
        }
    }

    @Test func unknownNamesAreReportedWithSuggestions() throws {
        #expect(Self.catalog.symbol(named: "stars.fill") == nil)
        let error = #expect(throws: UnknownSymbolError.self) { try Self.catalog.lookup("stars.fill") }
        #expect(error?.name == "stars.fill")
        #expect(error?.suggestions.first == "star.fill")
        #expect(error.map(String.init(describing:))?.hasPrefix("no symbol named 'stars.fill' in the symbol catalog (did you mean 'star.fill'") == true)
        #expect(Self.catalog.suggestions(for: "thermometer.sun.fil").first == "thermometer.sun.fill")
        #expect(Self.catalog.suggestions(for: "Heart.Fill").first == "heart.fill")
        #expect(Self.catalog.suggestions(for: "qqqqqqqqqqqqqqqqqqqqqqqq").isEmpty)
        #expect(String(describing: UnknownSymbolError(name: "zz", suggestions: [])) == "no symbol named 'zz' in the symbol catalog")
        #expect(try Self.catalog.lookup("drop.fill").name == "drop.fill")
    }

    @Test func missingSymbolPlaceholderIsABoxWithACross() {
        #expect(Symbol.missingMask(pixelSize: 8).ascii() == """
            ########
            ##....##
            #.#..#.#
            #..##..#
            #..##..#
            #.#..#.#
            ##....##
            ########
            """)
        #expect(Symbol.missingMask(pixelSize: 24).pixels.filter { $0 == 255 }.count > 100)
        #expect(Symbol.missingMask(pixelSize: -3).size == .zero)
    }

    // MARK: - Pinned looks at 12 px, 1-bit

    /// `checkmark` and `battery.50` come from the vector data, `heart.fill` from its hand-drawn 12 px bitmap.
    @Test func pinnedLooksAt12Pixels() throws {
        #expect(try Self.catalog.lookup("checkmark").mask(pixelSize: 12).ascii() == """
            ............
            ............
            ............
            .........##.
            ........##..
            .......##...
            .##...##....
            ..##.##.....
            ...###......
            ....#.......
            ............
            ............
            """)
        #expect(try Self.catalog.lookup("battery.50").mask(pixelSize: 12).ascii() == """
            ............
            ............
            ............
            .#########..
            .#.......#..
            .#.###...##.
            .#.###...##.
            .#.......#..
            .#########..
            ............
            ............
            ............
            """)
        #expect(try Self.catalog.lookup("heart.fill").mask(pixelSize: 12).ascii() == """
            ............
            ............
            ..##....##..
            .####..####.
            .##########.
            .##########.
            ..########..
            ...######...
            ....####....
            .....##.....
            ............
            ............
            """)
    }

    // MARK: - Format

    @Test func bitmapOverridesWinAtTheirSizeAndGridSetsTheAspect() throws {
        let catalog = try SymbolCatalog(parsing: """
            # a comment
            symbol wide.bar
              grid 48 24
              fill M0 8 H48 V16 H0 Z
              bitmap 4
              ########
              ........
              ........
              ########
            """)
        let symbol = try catalog.lookup("wide.bar")
        #expect(symbol.maskSize(pixelSize: 12) == Size(width: 24, height: 12))
        #expect(symbol.mask(pixelSize: 4).ascii() == "########\n........\n........\n########")
        #expect(symbol.mask(pixelSize: 6).ascii() == """
            ............
            ............
            ############
            ############
            ............
            ............
            """)
    }

    @Test func layersUseEraseAndEvenOdd() throws {
        let catalog = try SymbolCatalog(parsing: """
            symbol ring
              grid 8 8
              fill evenodd M0 0 H8 V8 H0 Z M2 2 H6 V6 H2 Z
            symbol dotted
              grid 8 8
              use ring
              erase fill M0 0 H2 V2 H0 Z
              stroke 2 butt M4 3 V5
            """)
        #expect(try catalog.lookup("dotted").mask(pixelSize: 8).ascii() == """
            ..######
            ..######
            ##....##
            ##.##.##
            ##.##.##
            ##....##
            ########
            ########
            """)
    }

    @Test(arguments: [
        ("fill M0 0 H4 V4 Z", 1, nil as String?, "'fill' outside a symbol (start one with 'symbol NAME')"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nsymbol a\n  fill M0 0 H1 V1 Z", 3, nil, "symbol 'a' is defined twice (first on line 1)"),
        ("symbol ok\n  fill M0 0 H4 V4 Z\n\nsymbol bad\n  fill M0 0 L4", 5, "bad", "bad path data: expected a number after 'L', found the end (at character 8)"),
        ("symbol bad\n  stroke M0 0 L4 4", 2, "bad", "expected a positive stroke width after 'stroke', found 'M0'"),
        ("symbol bad\n  paint M0 0 L4 4", 2, "bad", "unknown directive 'paint' (expected fill, stroke, erase, use, grid or bitmap)"),
        ("symbol bad\n  use nothing", 2, "bad", "'use nothing': no symbol of that name is defined above this line"),
        ("symbol bad\n  erase use x", 2, "bad", "'erase' must be followed by 'fill' or 'stroke', found 'use'"),
        ("symbol empty\n# nothing\nsymbol next\n  fill M0 0 H1 V1 Z", 1, "empty", "the symbol draws nothing (add a fill, stroke or bitmap)"),
        ("symbol bad\n  bitmap 2\n  ##\n  #x", 4, "bad", "bitmap 2 row 2 must be 2 characters of '#' (ink) and '.' (none), found '#x'"),
        ("symbol bad\n  bitmap 3\n  ###", 3, "bad", "bitmap 3 ends after 1 of its 3 rows"),
        ("symbol Bad Name\n  fill M0 0 H1 V1 Z", 1, nil, "invalid symbol name 'Bad Name' (use lower-case letters, digits and dots)"),
        ("# only a comment\n", 0, nil, "the catalog defines no symbols"),
    ])
    func malformedCatalogsGiveLineNumberedErrors(text: String, line: Int, symbol: String?, message: String) {
        let error = #expect(throws: SymbolCatalogError.self) { try SymbolCatalog(parsing: text, source: "test.symbols") }
        #expect(error?.line == line)
        #expect(error?.symbol == symbol)
        #expect(error?.message == message)
        #expect(error.map(String.init(describing:))?.hasPrefix("test.symbols:\(line): ") == true)
    }
}
