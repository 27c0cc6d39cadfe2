import Foundation
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
        // Issue 14: names real lock-screen widgets use.
        "cloud.sun.rain.fill", "battery.75percent", "forward.end.fill", "backward.end.fill", "thermometer.medium",
        "tram.fill", "bus", "phone.fill", "message.fill", "stopwatch", "calendar.badge.clock", "moonphase.full.moon",
        "figure.run", "sunrise.fill", "cloud.bolt.rain.fill", "speaker.wave.3.fill", "playpause.fill", "lock.open.fill",
        "key.fill", "fuelpump.fill", "mappin.and.ellipse", "bubble.left.fill", "person.2.fill", "hourglass",
    ]

    /// The categories the catalog must cover, each with names that must be in it (aliases by their target).
    static let categoryExamples: [String: [String]] = [
        "weather": ["cloud.sun.rain.fill", "sun.max.fill", "thermometer.medium", "umbrella.fill", "moonphase.new.moon"],
        "power": ["battery.75percent", "battery.100.bolt", "bolt.fill", "powerplug.fill", "ev.charger"],
        "media": ["play.fill", "forward.end.fill", "backward.fill", "shuffle", "speaker.wave.2.fill", "headphones"],
        "health": ["heart.fill", "figure.walk", "flame.fill", "figure.run", "bed.double.fill", "pills.fill"],
        "home": ["house.fill", "lightbulb.fill", "lock.fill", "fan.fill", "door.garage.closed", "washer"],
        "transport": ["tram.fill", "car.fill", "bus", "airplane", "bicycle", "fuelpump", "mappin"],
        "communication": ["phone.fill", "message.fill", "envelope.fill", "bell.badge", "video.fill", "wifi"],
        "time": ["alarm", "timer", "stopwatch", "calendar", "clock", "clock.circle", "hourglass"],
    ]

    static let sizes = [12, 16, 24]
    static var catalog: SymbolCatalog { SymbolCatalog.standard }

    @Test func standardCatalogLoads() {
        #expect(SymbolCatalog.standardLoadError == nil, "\(String(describing: SymbolCatalog.standardLoadError))")
        #expect(Self.catalog.names == Self.catalog.names.sorted())
        #expect(Self.catalog.drawnNames == Self.catalog.drawnNames.sorted())
        #expect(Self.catalog.names.count == Self.catalog.drawnNames.count + Self.catalog.aliases.count)
    }

    @Test func atLeastFourHundredNamesAreDrawn() {
        // Aliases do not count: only names with a drawing of their own.
        #expect(Self.catalog.drawnNames.count >= 400, "\(Self.catalog.drawnNames.count) drawn names")
        #expect(Set(Self.catalog.drawnNames).isDisjoint(with: Self.catalog.aliases.keys))
    }

    @Test func everyDrawnNameHasACategoryAndEachRequiredCategoryHasMembers() {
        let uncategorised = Self.catalog.drawnNames.filter { Self.catalog.categories[$0] == nil }
        #expect(uncategorised.isEmpty, "no category: \(uncategorised)")
        for (category, examples) in Self.categoryExamples {
            #expect(Self.catalog.names(inCategory: category).count >= 15, "\(category) has too few members")
            for name in examples {
                let drawn = Self.catalog.aliases[name] ?? name
                #expect(Self.catalog.categories[drawn] == category, "\(name) should be in \(category)")
            }
        }
        #expect(Self.catalog.names(inCategory: "no-such-category").isEmpty)
    }

    @Test func aliasesDrawExactlyTheirTargets() throws {
        #expect(Self.catalog.aliases["battery.100percent"] == "battery.100")
        #expect(Self.catalog.aliases["thermometer.medium"] == "thermometer")
        for (alias, target) in Self.catalog.aliases {
            let symbol = try Self.catalog.lookup(alias)
            #expect(symbol.name == alias)
            #expect(symbol.mask(pixelSize: 16).pixels == (try Self.catalog.lookup(target)).mask(pixelSize: 16).pixels)
        }
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

    /// Nothing is cut off at the edge of the box: drawn on a grid twice as large with the symbol in
    /// its middle, no ink falls outside the symbol's own 24×24 square.
    @Test(arguments: sizes) func everySymbolFitsItsBox(size: Int) {
        for name in Self.catalog.drawnNames {
            let symbol = Self.catalog.symbol(named: name)!
            let margin = symbol.designHeight / 2
            let padded = Symbol(name: name, designWidth: symbol.designWidth + 2 * margin, designHeight: symbol.designHeight + 2 * margin,
                                layers: symbol.layers.map { layer in
                                    var moved = layer
                                    moved.path = layer.path.offsetBy(dx: margin, dy: margin)
                                    return moved
                                })
            let mask = padded.mask(pixelSize: size * 2)
            let inside = Rect(x: size / 2, y: size / 2, width: size, height: size)
            var outside = 0
            for y in 0..<mask.height {
                for x in 0..<mask.width where mask[x, y] > 0 && !inside.contains(Point(x: x, y: y)) { outside += 1 }
            }
            #expect(outside == 0, "\(name) spills \(outside) pixels out of its box at \(size) px")
        }
    }

    @Test(arguments: sizes) func everySymbolLooksDifferentFromEveryOther(size: Int) {
        // Aliases are declared to draw the same as their target, so only drawn names are compared.
        var owner: [[UInt8]: String] = [:]
        for name in Self.catalog.drawnNames {
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

    @Test func partsAliasesCategoriesAndTransformedUse() throws {
        let catalog = try SymbolCatalog(parsing: """
            part bar
              grid 8 8
              fill M0 3 H4 V5 H0 Z
            category shapes
            symbol right.bar
              grid 8 8
              use bar move 4 0
            symbol down.bar
              grid 8 8
              use bar rotate 90
            alias also.right right.bar
            category knockouts
            symbol box.minus.half
              grid 8 8
              fill M0 0 H8 V8 H0 Z
              erase use bar scale 0.5
            """)
        #expect(catalog.names == ["also.right", "box.minus.half", "down.bar", "right.bar"])
        #expect(catalog.drawnNames == ["box.minus.half", "down.bar", "right.bar"])
        #expect(catalog.symbol(named: "bar") == nil, "parts are not names")
        #expect(catalog.aliases == ["also.right": "right.bar"])
        #expect(catalog.categories == ["right.bar": "shapes", "down.bar": "shapes", "box.minus.half": "knockouts"])
        #expect(catalog.names(inCategory: "shapes") == ["down.bar", "right.bar"])
        #expect(try catalog.lookup("right.bar").mask(pixelSize: 8).ascii() == """
            ........
            ........
            ........
            ....####
            ....####
            ........
            ........
            ........
            """)
        // Turned a quarter clockwise about the centre: the left half-bar now hangs from the top.
        #expect(try catalog.lookup("down.bar").mask(pixelSize: 8).ascii() == """
            ...##...
            ...##...
            ...##...
            ...##...
            ........
            ........
            ........
            ........
            """)
        // Scaled by half about the centre (x 2…4, y 3.5…4.5) and erased out of a full square.
        #expect(try catalog.lookup("box.minus.half").mask(pixelSize: 8).ascii() == """
            ########
            ########
            ########
            ########
            ##..####
            ########
            ########
            ########
            """)
        #expect(try catalog.lookup("also.right").mask(pixelSize: 8) == (try catalog.lookup("right.bar")).mask(pixelSize: 8))
    }

    // MARK: - Missing names

    @Test func missingNamesDrawThePlaceholderAndAreReportedOnce() {
        let reported = MissingReports()
        let log = MissingSymbolLog { reported.append($0) }
        let catalog = Self.catalog
        #expect(catalog.mask(named: "stars.fill", pixelSize: 16, missing: log) == Symbol.missingMask(pixelSize: 16))
        #expect(catalog.mask(named: "stars.fill", pixelSize: 12, missing: log) == Symbol.missingMask(pixelSize: 12))
        #expect(catalog.mask(named: "no.such.thing", pixelSize: 12, antialiased: true, missing: log) == Symbol.missingMask(pixelSize: 12))
        #expect(catalog.mask(named: "heart.fill", pixelSize: 12, missing: log) == catalog.symbol(named: "heart.fill")!.mask(pixelSize: 12))
        #expect(log.names == ["stars.fill", "no.such.thing"])
        #expect(log.reports.first?.suggestions.first == "star.fill")
        #expect(reported.names == ["stars.fill", "no.such.thing"])
        #expect(log.record("stars.fill", in: catalog) == false)
        // Without a log nothing is recorded anywhere, and the placeholder is still drawn.
        #expect(catalog.mask(named: "stars.fill", pixelSize: 8) == Symbol.missingMask(pixelSize: 8))
    }

    @Test(arguments: [
        ("fill M0 0 H4 V4 Z", 1, nil as String?, "'fill' outside a symbol (start one with 'symbol NAME')"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nsymbol a\n  fill M0 0 H1 V1 Z", 3, nil, "symbol 'a' is defined twice (first on line 1)"),
        ("symbol ok\n  fill M0 0 H4 V4 Z\n\nsymbol bad\n  fill M0 0 L4", 5, "bad", "bad path data: expected a number after 'L', found the end (at character 8)"),
        ("symbol bad\n  stroke M0 0 L4 4", 2, "bad", "expected a positive stroke width after 'stroke', found 'M0'"),
        ("symbol bad\n  paint M0 0 L4 4", 2, "bad", "unknown directive 'paint' (expected fill, stroke, erase, use, grid or bitmap)"),
        ("symbol bad\n  use nothing", 2, "bad", "'use nothing': no symbol of that name is defined above this line"),
        ("symbol bad\n  erase bitmap 3", 2, "bad", "'erase' must be followed by 'fill', 'stroke' or 'use', found 'bitmap'"),
        ("symbol bad\n  erase use x", 2, "bad", "'use x': no symbol of that name is defined above this line"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nsymbol b\n  use a scale -2", 4, "b", "expected a positive number after 'scale', found '-2'"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nsymbol b\n  use a rotate x", 4, "b", "expected an angle in degrees after 'rotate', found 'x'"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nsymbol b\n  use a move 1", 4, "b", "expected 'use NAME [scale S] [rotate DEG] [move DX DY]', found 'move 1'"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nalias b c", 3, nil, "'alias b c': no symbol called 'c' is defined above this line"),
        ("part p\n  fill M0 0 H4 V4 Z\nalias b p", 3, nil, "'alias b p': no symbol called 'p' is defined above this line"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nalias a.x", 3, nil, "expected 'alias NAME TARGET'"),
        ("symbol a\n  fill M0 0 H4 V4 Z\nalias a a", 3, nil, "symbol 'a' is defined twice (first on line 1)"),
        ("category two words\nsymbol a\n  fill M0 0 H4 V4 Z", 1, nil, "expected 'category NAME' (one word)"),
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

/// Collects what a `MissingSymbolLog` sink receives, for the test above.
private final class MissingReports: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []

    func append(_ report: UnknownSymbolError) {
        lock.lock()
        received.append(report.name)
        lock.unlock()
    }

    var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}
