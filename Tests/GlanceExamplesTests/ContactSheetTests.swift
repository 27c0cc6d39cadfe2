import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples
import GlanceFace
@testable import GlanceHost
import GlanceWidgets

/// Docs/Images/contact-sheet.png: the default face of every built-in board with the demo
/// program's widgets, as `glance run` draws it without a face file, at the same moment and
/// with the same fixture data each time.
@Suite struct ContactSheetTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every built-in board's default face, smallest panels first, each under its name, in
    /// the board's look.
    static func sheet() async throws -> RGBImage {
        let clock = ManualClock(now: t0)
        // The demo program's widgets (Sources/glance/Desk.swift) reading fixture files.
        let demo = try DemoWidgets(now: { clock.now })
        defer { withExtendedLifetime(demo) {} }  // its folders hold the files the widgets read
        let widgets = demo.descriptors + MessageWidget(group: demo.data.group, now: { clock.now }).descriptors
        let boards = BoardCatalog.builtIn.sorted {
            let a = FaceConfiguration.pictureSize(of: $0), b = FaceConfiguration.pictureSize(of: $1)
            return (a.height, a.width, $0.name) < (b.height, b.width, $1.name)
        }
        let font = FontCatalog.standard.font(size: 10) ?? FontCatalog.standard.faces[0]
        let width = 1100, gap = 16, label = font.lineHeight + 3
        var cells = [(label: String, image: RGBImage)]()
        for board in boards {
            let size = FaceConfiguration.pictureSize(of: board)
            let plan = try await FacePlan.make(board: board, configuration: nil, bundle: BundleContents(widgets: widgets), pictureSize: size)
            var settings = plan.settings
            settings.locale = Locale(identifier: "en_US_POSIX")
            settings.timeZone = utc
            let runtime = try FaceRuntime(widgets: widgets, face: plan.face, settings: settings, time: clock)
            let frame = try #require((await runtime.start() + (await runtime.settle())).last, "\(board.name) drew no frame")
            let slots = plan.face.slots.map { "\($0.family.rawValue.replacingOccurrences(of: "accessory", with: "").lowercased())" }
            cells.append(("\(board.name) \(size.width)×\(size.height): \(slots.joined(separator: ", "))",
                          frame.bitmap.rendered(look: PanelLook.named(board.panel.look) ?? .white)))
        }
        // Rows of cells, wrapped at the sheet's width; each cell as wide as its picture or label.
        var rows = [[Int]]()
        var x = gap
        for (index, cell) in cells.enumerated() {
            let cellWidth = max(cell.image.width, font.width(of: cell.label)) + gap
            if rows.isEmpty || x + cellWidth > width { rows.append([]); x = gap }
            rows[rows.count - 1].append(index)
            x += cellWidth
        }
        let height = rows.reduce(gap) { $0 + label + ($1.map { cells[$0].image.height }.max() ?? 0) + gap }
        let background = RGB(hex: 0x2A2C30)
        var sheet = RGBImage(width: width, height: height, color: background)
        var y = gap
        for row in rows {
            x = gap
            for index in row {
                let cell = cells[index]
                var text = Bitmap(width: font.width(of: cell.label), height: label)
                _ = text.draw(cell.label, font: font, at: Point(x: 0, y: font.ascent), value: 255)
                for ty in 0..<text.height {
                    for tx in 0..<text.width where text[tx, ty] > 0 {
                        let v = Int(text[tx, ty])
                        sheet[x + tx, y + ty] = RGB(red: UInt8((0xD8 * v + 0x2A * (255 - v)) / 255), green: UInt8((0xD8 * v + 0x2C * (255 - v)) / 255),
                                                    blue: UInt8((0xD8 * v + 0x30 * (255 - v)) / 255))
                    }
                }
                for iy in 0..<cell.image.height {
                    for ix in 0..<cell.image.width { sheet[x + ix, y + label + iy] = cell.image[ix, iy] }
                }
                x += max(cell.image.width, font.width(of: cell.label)) + gap
            }
            y += label + (row.map { cells[$0].image.height }.max() ?? 0) + gap
        }
        return sheet
    }

    /// Docs/Images/contact-sheet.png is what the default faces draw now
    /// (`GLANCE_RECORD_GOLDEN=1` writes it again).
    @Test func theContactSheetIsCurrent() async throws {
        let png = Data(try PNG.encode(try await Self.sheet()))
        let url = Self.checkout.appendingPathComponent("Docs/Images/contact-sheet.png")
        if ProcessInfo.processInfo.environment["GLANCE_RECORD_GOLDEN"] == "1" {
            try png.write(to: url, options: .atomic)
        }
        let current = try? Data(contentsOf: url)
        if current != png {
            try? png.write(to: url.deletingPathExtension().appendingPathExtension("actual.png"), options: .atomic)
        }
        #expect(current == png, "\(url.path) is not what the default faces draw now (the new one is contact-sheet.actual.png beside it); run the tests with GLANCE_RECORD_GOLDEN=1")
    }
}
