import Foundation
import GlanceTesting
import Testing
import GlanceFace
@testable import GlanceHost
import GlanceUI
import GlanceWidgets

// MARK: - Widgets of each family

private struct Mark: TimelineEntry {
    let date: Date
}

private struct MarkProvider: TimelineProvider {
    func placeholder(in context: Context) -> Mark { Mark(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (Mark) -> Void) { completion(Mark(date: .distantPast)) }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Mark>) -> Void) {
        completion(Timeline(entries: [Mark(date: .distantPast)], policy: .never))
    }
}

/// A widget of one family that draws its kind, framed, filling its slot, so a face's picture
/// shows where each slot is.
private func mark(_ kind: String, _ family: WidgetFamily) -> some WidgetConfiguration {
    StaticConfiguration(kind: kind, provider: MarkProvider()) { _ in
        Text(kind).font(.caption).frame(maxWidth: .infinity, maxHeight: .infinity)
            .overlay(Rectangle().stroke(Color.white, lineWidth: 1))
    }
    .supportedFamilies([family])
}

private struct InlineMark: Widget { var body: some WidgetConfiguration { mark("i", .accessoryInline) } }
private struct RectangularMark: Widget { var body: some WidgetConfiguration { mark("r", .accessoryRectangular) } }
private struct CircularMark: Widget { var body: some WidgetConfiguration { mark("c", .accessoryCircular) } }
private struct SmallMark: Widget { var body: some WidgetConfiguration { mark("s", .systemSmall) } }
private struct MediumMark: Widget { var body: some WidgetConfiguration { mark("m", .systemMedium) } }

/// One widget per family, named after its letter in the layout maps: inline, rectangular,
/// circular, systemSmall, systemMedium.
private let allFamilies: [(String, WidgetFamily)] = [
    ("i", .accessoryInline), ("r", .accessoryRectangular), ("c", .accessoryCircular), ("s", .systemSmall), ("m", .systemMedium),
]

private func bundle(_ kinds: [String]) -> BundleContents {
    let widgets = InlineMark().descriptors + RectangularMark().descriptors + CircularMark().descriptors + SmallMark().descriptors + MediumMark().descriptors
    return BundleContents(widgets: widgets.filter { kinds.contains($0.kind) })
}

/// The slots drawn as text, one character per 8×8 pixels (the pixel at each cell's centre):
/// each slot as the letter of its family (`allFamilies`), a second slot of the same family in
/// upper case, `.` where no slot is.
private func map(_ slots: [(WidgetFamily, Rect)], size: Size) -> String {
    var seen = [WidgetFamily: Int]()
    let letters = slots.map { family, _ -> Character in
        let letter = Character(allFamilies.first { $0.1 == family }!.0)
        seen[family, default: 0] += 1
        return seen[family]! > 1 ? Character(letter.uppercased()) : letter
    }
    var lines = [String]()
    for row in 0..<size.height / 8 {
        let y = row * 8 + 4
        lines.append(String((0..<size.width / 8).map { column -> Character in
            let x = column * 8 + 4
            let index = slots.firstIndex { $0.1.minX <= x && x < $0.1.maxX && $0.1.minY <= y && y < $0.1.maxY }
            return index.map { letters[$0] } ?? "."
        }))
    }
    return lines.joined(separator: "\n")
}

private func defaultMap(_ kinds: [String], size: Size) -> String {
    map(FacePlan.defaultSlots(size: size, bundle: bundle(kinds)).map { ($0.family, $0.rect) }, size: size)
}

// MARK: - Default faces

/// The default face of each panel class fills the panel (issue 35, item 6: on 320×240 it
/// filled the top 128 rows and left the rest dark).
@Suite struct DefaultFaceTests {
    @Test func aSmallPanelIsOneRectangularSlot() {
        #expect(defaultMap(["i", "r", "c", "s", "m"], size: Size(width: 128, height: 64)) == """
            rrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrr
            """)
    }

    @Test func aWideEPaperPanelHasAnInlineStripARectangleAndASquareCircle() {
        #expect(defaultMap(["i", "r", "c"], size: Size(width: 296, height: 128)) == """
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrcccccccccccccc
            """)
    }

    @Test func aLargePanelIsFilledFromTopToBottom() {
        #expect(defaultMap(["i", "r", "c"], size: Size(width: 320, height: 240)) == """
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            ccccccccccccccccccccCCCCCCCCCCCCCCCCCCCC
            """)
    }

    @Test func aLargePanelPutsSystemWidgetsWhereTheyFit() {
        #expect(defaultMap(["i", "r", "c", "s", "m"], size: Size(width: 320, height: 240)) == """
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            ssssssssssssssssssssSSSSSSSSSSSSSSSSSSSS
            """)
        // Without an inline strip the upper part is 120 rows high: a systemMedium slot.
        #expect(defaultMap(["r", "s", "m"], size: Size(width: 400, height: 240)) == """
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            sssssssssssssssssssssssssSSSSSSSSSSSSSSSSSSSSSSSSS
            """)
    }

    @Test func partsWithoutWidgetsLeaveTheirPlaceToTheOthers() {
        #expect(defaultMap(["c"], size: Size(width: 128, height: 128)) == """
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            ccccccccCCCCCCCC
            """)
        #expect(defaultMap(["i", "r"], size: Size(width: 200, height: 200)) == """
            iiiiiiiiiiiiiiiiiiiiiiiii
            iiiiiiiiiiiiiiiiiiiiiiiii
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrr
            """)
    }

    @Test func everySlotOfEveryBoardsDefaultFaceIsInsideThePanelAndBigEnoughForItsFamily() {
        for board in BoardCatalog.builtIn {
            let size = FaceConfiguration.pictureSize(of: board)
            let slots = FacePlan.defaultSlots(size: size, bundle: bundle(["i", "r", "c", "s", "m"]))
            let covered = (0..<size.height).reduce(0) { sum, y in
                sum + (0..<size.width).filter { x in slots.contains { $0.rect.minX <= x && x < $0.rect.maxX && $0.rect.minY <= y && y < $0.rect.maxY } }.count
            }
            #expect(covered == size.width * size.height, "\(board.name): the default face leaves \(size.width * size.height - covered) pixels uncovered")
            for slot in slots {
                #expect(Rect(origin: .zero, size: size).contains(slot.rect), "\(board.name): \(slot.rect) is outside \(size)")
                #expect(slot.rect.width >= slot.family.minimumSlotSize.width && slot.rect.height >= slot.family.minimumSlotSize.height,
                        "\(board.name): \(slot.family) in \(slot.rect)")
            }
        }
    }
}

// MARK: - Layouts in face files

@Suite struct FaceLayoutTests {
    private func frames(_ yaml: String, size: Size) throws -> String {
        let face = try FaceConfiguration(yaml: yaml, file: "glance.yaml")
        return map(zip(face.slots.map(\.family), face.frames(in: size)).map { ($0, $1) }, size: size)
    }

    @Test func quadrantsAreFourCellsInReadingOrder() throws {
        let quadrants = try frames("""
            layout: quadrants
            slots:
              - {family: systemSmall, widgets: [s]}
              - {family: accessoryCircular, widgets: [c]}
              - {family: accessoryRectangular, widgets: [r]}
              - {family: systemSmall, widgets: [s]}
            """, size: Size(width: 320, height: 240))
        #expect(quadrants == """
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            sssssssssssssssssssscccccccccccccccccccc
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            rrrrrrrrrrrrrrrrrrrrSSSSSSSSSSSSSSSSSSSS
            """)
    }

    @Test func halvesSplitTheLongerSide() throws {
        let yaml = "layout: halves\nslots:\n  - {family: accessoryRectangular, widgets: [r]}\n  - {family: accessoryCircular, widgets: [c]}\n"
        #expect(try frames(yaml, size: Size(width: 128, height: 64)) == """
            rrrrrrrrcccccccc
            rrrrrrrrcccccccc
            rrrrrrrrcccccccc
            rrrrrrrrcccccccc
            rrrrrrrrcccccccc
            rrrrrrrrcccccccc
            rrrrrrrrcccccccc
            rrrrrrrrcccccccc
            """)
        let portrait = try frames(yaml, size: Size(width: 64, height: 128))
        #expect(portrait == """
            rrrrrrrr
            rrrrrrrr
            rrrrrrrr
            rrrrrrrr
            rrrrrrrr
            rrrrrrrr
            rrrrrrrr
            rrrrrrrr
            cccccccc
            cccccccc
            cccccccc
            cccccccc
            cccccccc
            cccccccc
            cccccccc
            cccccccc
            """)
    }

    @Test func rowsTakeFixedHeightsAndShareTheRest() throws {
        let rows = try frames("""
            layout: rows
            slots:
              - {family: accessoryInline, height: 16, widgets: [i]}
              - {family: accessoryCircular, widgets: [c]}
              - {family: accessoryRectangular, widgets: [r]}
            """, size: Size(width: 296, height: 128))
        #expect(rows == """
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii
            ccccccccccccccccccccccccccccccccccccc
            ccccccccccccccccccccccccccccccccccccc
            ccccccccccccccccccccccccccccccccccccc
            ccccccccccccccccccccccccccccccccccccc
            ccccccccccccccccccccccccccccccccccccc
            ccccccccccccccccccccccccccccccccccccc
            ccccccccccccccccccccccccccccccccccccc
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr
            """)
        let columns = try frames("""
            layout: columns
            slots:
              - {family: systemSmall, width: 128, widgets: [s]}
              - {family: accessoryRectangular, widgets: [r]}
            """, size: Size(width: 296, height: 128))
        #expect(columns == """
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            ssssssssssssssssrrrrrrrrrrrrrrrrrrrrr
            """)
    }

    @Test func fullIsTheWholePanel() throws {
        #expect(try frames("layout: full\nslots:\n  - {family: systemMedium, widgets: [m]}\n", size: Size(width: 296, height: 128))
            == String(repeating: "m", count: 37).appending("\n").repeated(16))
    }
}

private extension String {
    func repeated(_ count: Int) -> String { String(String(repeating: self, count: count).dropLast()) }
}

// MARK: - Errors

@Suite struct FaceLayoutErrorTests {
    private let kinds: [String: [WidgetFamily]] = ["tile": [.systemSmall], "pane": [.systemMedium], "card": [.accessoryRectangular]]

    private func error(_ yaml: String, board: String = "ssd1306-128x64-i2c") -> String? {
        do {
            let face = try FaceConfiguration(yaml: yaml, file: "glance.yaml")
            try face.validate(board: try BoardCatalog.board(board), kinds: kinds, intents: [])
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aSystemSmallWidgetOnASmallPanelNamesTheSlotTheWidgetAndThePanel() {
        #expect(error("slots:\n  - family: systemSmall\n    widgets: [tile]\n") == """
            glance.yaml:2:13: slot 1 (systemSmall with 'tile') is 128×64 on the 128×64 panel of board 'ssd1306-128x64-i2c'; \
            systemSmall needs at least 120×120 (Docs/Panels.md, "Families and panel sizes"): use an accessory family in it, \
            make the slot bigger, or use a bigger panel
            """)
    }

    @Test func aSystemMediumWidgetInAQuadrantIsTooSmall() {
        #expect(error("layout: quadrants\nslots:\n  - family: systemSmall\n    widgets: [tile]\n  - family: systemMedium\n    widgets: [pane]\n",
                      board: "adafruit-pitft28") == """
            glance.yaml:5:13: slot 2 (systemMedium with 'pane') is 160×120 on the 320×240 panel of board 'adafruit-pitft28'; \
            systemMedium needs at least 240×120 (Docs/Panels.md, "Families and panel sizes"): use systemSmall or an accessory family in it, \
            make the slot bigger, or use a bigger panel
            """)
    }

    @Test func aSystemSmallWidgetFitsAQuadrantOfA320x240Panel() {
        #expect(error("layout: quadrants\nslots:\n  - {family: systemSmall, widgets: [tile]}\n  - {family: accessoryRectangular, widgets: [card]}\n",
                      board: "adafruit-pitft28") == nil)
    }

    @Test func aLayoutAndAFrameAreOneTooMany() {
        #expect(error("layout: full\nslots:\n  - family: accessoryRectangular\n    frame: {x: 0, y: 0, width: 128, height: 64}\n    widgets: [card]\n")
            == "glance.yaml:4:12: this slot has a frame and the face has 'layout: full'; a slot takes its place from one or the other, so remove the frame or the layout")
    }

    @Test func moreSlotsThanTheLayoutHasPlacesFor() {
        #expect(error("layout: halves\nslots:\n  - {family: accessoryRectangular, widgets: [card]}\n  - {family: accessoryRectangular, widgets: [card]}\n"
                      + "  - {family: accessoryRectangular, widgets: [card]}\n")
            == "glance.yaml:5:14: layout 'halves' has places for 2 slots and this is slot 3; remove it, or choose a layout with more places (quadrants, rows, columns)")
    }

    @Test func aHeightOutsideRows() {
        #expect(error("layout: columns\nslots:\n  - {family: accessoryRectangular, height: 16, widgets: [card]}\n") == """
            glance.yaml:3:44: 'height' sets a slot's height under 'layout: rows', and this face's layout is 'columns' \
            (a slot placed anywhere takes frame: {x, y, width, height})
            """)
    }

    @Test func rowsTallerThanThePanel() {
        #expect(error("layout: rows\nslots:\n  - {family: accessoryRectangular, height: 40, widgets: [card]}\n  - {family: accessoryRectangular, height: 30, widgets: [card]}\n") == """
            glance.yaml:4:44: slot 2 under 'layout: rows' on the 128×64 panel of board 'ssd1306-128x64-i2c': \
            with this slot the fixed heights add up to 70 rows, and the panel has 64
            """)
        #expect(error("layout: rows\nslots:\n  - {family: accessoryRectangular, height: 64, widgets: [card]}\n  - {family: accessoryRectangular, widgets: [card]}\n") == """
            glance.yaml:4:14: slot 2 under 'layout: rows' on the 128×64 panel of board 'ssd1306-128x64-i2c': \
            no rows are left for this slot: the fixed heights take 64 of the panel's 64
            """)
    }

    @Test func anUnknownLayoutSuggestsTheNearest() {
        #expect(error("layout: quadrant\nslots:\n  - {family: accessoryRectangular, widgets: [card]}\n")
            == "glance.yaml:1:9: layout is 'quadrant', expected one of: full, halves, quadrants, rows, columns; did you mean 'quadrants'?")
    }

    @Test func aLayoutWithoutSlots() {
        #expect(error("layout: halves\n")
            == "glance.yaml:1:9: layout 'halves' places slots, and this face lists none under 'slots:' (without a layout and slots the panel's default face is shown)")
    }
}

// MARK: - A systemSmall-only widget, placed and previewed

@Suite struct SystemFamilyTests {
    @Test func aSystemSmallOnlyWidgetIsPlacedAndDrawnOnA320x240Panel() async throws {
        let board = try BoardCatalog.board("adafruit-pitft28")
        let face = try FaceConfiguration(yaml: "board: adafruit-pitft28\nlayout: quadrants\nslots:\n  - {family: systemSmall, widgets: [s]}\n", file: "glance.yaml")
        let plan = try await FacePlan.make(board: board, configuration: face, bundle: bundle(["s"]), pictureSize: Size(width: 320, height: 240))
        #expect(plan.face.slots.map(\.rect) == [Rect(x: 0, y: 0, width: 160, height: 120)])
        #expect(plan.face.slots.map(\.family) == [.systemSmall])
        let runtime = try FaceRuntime(widgets: bundle(["s"]).widgets, face: plan.face, settings: plan.settings, time: ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720)))
        let frame = try #require((await runtime.start() + (await runtime.settle())).last)
        let lit = (0..<240).flatMap { y in (0..<320).map { x in (x, y) } }.filter { frame.bitmap[$0.0, $0.1] > 0 }
        #expect(!lit.isEmpty)
        #expect(lit.allSatisfy { $0.0 < 160 && $0.1 < 120 }, "the widget draws only inside its quadrant")
    }

    @Test func aSystemSmallOnlyWidgetIsPreviewedAt120x120() async throws {
        let widget = try #require(bundle(["s"]).widgets.first)
        let bitmap = try await WidgetPreview.render(widget, family: .systemSmall, time: ManualClock(now: Date(timeIntervalSince1970: 1_795_257_720)))
        #expect(bitmap.size == Size(width: 120, height: 120))
        #expect(PreviewCommand.parseFamily("small") == .systemSmall)
        #expect(PreviewCommand.parseFamily("systemMedium") == .systemMedium)
        #expect(PreviewCommand.parseFamily("rectangular") == .accessoryRectangular)
    }
}
