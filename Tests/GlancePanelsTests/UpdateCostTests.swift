import GlancePanels
import GlanceTesting
import Testing

/// Canonical update cases, measured as bytes and transactions the emulator receives.
enum UpdateCase: String, CaseIterable, Sendable {
    case oneDigit = "one changed digit (10×14)"
    case textLine = "a changed line of text (full width, 10 rows)"
    case fullChange = "full change"
    case pixelShift = "pixel shift by one column"

    /// A busy face: text-like strokes everywhere so shifts and changes touch real content.
    static func face(size: Size) -> Bitmap {
        var bitmap = Bitmap(size: size)
        var y = 1
        while y + 8 <= size.height {
            var x = 1
            while x + 5 <= size.width {
                bitmap.fill(Rect(x: x, y: y, width: 1 + (x * 7 + y) % 4, height: 7), value: 255)
                x += 6
            }
            y += 10
        }
        return bitmap
    }

    /// The picture after the change, and the pixel shift to apply.
    func changed(_ face: Bitmap) -> (Bitmap, Point) {
        var bitmap = face
        switch self {
        case .oneDigit:
            let cell = Rect(x: face.width / 3, y: face.height / 4, width: 10, height: 14)
            bitmap.fill(cell, value: 0)
            bitmap.fill(Rect(x: cell.minX + 2, y: cell.minY, width: 6, height: 2), value: 255)
            bitmap.fill(Rect(x: cell.maxX - 2, y: cell.minY, width: 2, height: 14), value: 255)
            return (bitmap, .zero)
        case .textLine:
            let line = Rect(x: 0, y: face.height / 2 + 3, width: face.width, height: 10)
            bitmap.fill(line, value: 0)
            var x = 0
            while x < face.width { bitmap.fill(Rect(x: x, y: line.minY + 1, width: 2, height: 8), value: 255); x += 5 }
            return (bitmap, .zero)
        case .fullChange:
            for index in bitmap.pixels.indices { bitmap.pixels[index] = 255 - bitmap.pixels[index] }
            return (bitmap, .zero)
        case .pixelShift:
            return (bitmap, Point(x: 1, y: 0))
        }
    }

    /// Shows the face, then the change, and returns what the change alone cost on the bus.
    func measure(_ harness: PanelHarness) async -> BusCost {
        let pipeline = PanelPipeline(controller: harness.controller, clock: ManualClock(), settings: .init(monoConversion: .threshold))
        let face = Self.face(size: pipeline.pictureSize)
        _ = await pipeline.show(face)
        let before = await harness.traffic()
        let (picture, shift) = changed(face)
        _ = await pipeline.show(picture, shift: shift)
        return await harness.traffic() - before
    }
}

@Suite struct UpdateCostTests {
    @Test func ssd1306UpdatesStayWithinTheirBounds() async {
        let setup = OLEDSetup.ssd1306(.ssd1306_128x64)
        // One digit spans 3 pages × 10 columns: window commands (7) + data (1 + 30).
        let digit = await UpdateCase.oneDigit.measure(setup.make())
        #expect(digit.bytes <= 38 && digit.transactions <= 2, "\(digit)")
        // A 10-row line spans 2 pages (or 3): at most 3 × 128 + 8.
        let line = await UpdateCase.textLine.measure(setup.make())
        #expect(line.bytes <= 3 * 128 + 8 && line.transactions <= 2, "\(line)")
        let full = await UpdateCase.fullChange.measure(setup.make())
        #expect(full.bytes <= 1024 + 8 && full.transactions <= 2, "\(full)")
        let shift = await UpdateCase.pixelShift.measure(setup.make())
        #expect(shift.bytes <= 1024 + 8 && shift.transactions <= 4, "\(shift)")
    }

    @Test func sh1106UpdatesStayWithinTheirBounds() async {
        let setup = OLEDSetup.sh1106(offset: 2)
        // Page at a time: 3 pages × (4 command bytes + 1 + 10 data).
        let digit = await UpdateCase.oneDigit.measure(setup.make())
        #expect(digit.bytes <= 3 * 15 && digit.transactions <= 6, "\(digit)")
        let full = await UpdateCase.fullChange.measure(setup.make())
        #expect(full.bytes <= 8 * (4 + 1 + 128) && full.transactions <= 16, "\(full)")
    }
}
