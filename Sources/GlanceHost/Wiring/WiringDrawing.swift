import Foundation
import GlanceGraphics

/// A wiring plan drawn: the 40-pin header with its pins labelled, the wired pins in their
/// wire's colour with what connects there, a legend of the wires and the notes. The layout is
/// computed once; `image()` rasterises it with Glance's own fonts and `svg()` writes the same
/// shapes as SVG, so the PNG and the SVG show the same thing.
struct WiringDrawing {
    /// A shape of the layout, in pixels.
    enum Shape {
        case rect(Rect, RGB)
        case circle(center: Point, radius: Int, RGB)
        /// Text with its baseline's left end at `origin`; `rightAligned` ends it there instead.
        case text(String, origin: Point, bold: Bool, RGB, rightAligned: Bool)
    }

    let width: Int
    let height: Int
    let shapes: [Shape]

    static let background = RGB(hex: 0xFFFFFF), ink = RGB(hex: 0x212121), faint = RGB(hex: 0x9E9E9E), headerColor = RGB(hex: 0x37474F)
    static let font = FontCatalog.standard.font(size: 10)
    static let boldFont = FontCatalog.standard.font(size: 10, weight: .bold) ?? FontCatalog.standard.font(size: 10)

    /// Lays out `plan`.
    init(_ plan: WiringPlan) {
        let pitch = 16, pad = 5, labelWidth = 230, margin = 12
        let headerLeft = margin + labelWidth
        let headerTop = 58
        var shapes: [Shape] = []
        shapes.append(.text("Wiring for \(plan.board)", origin: Point(x: margin, y: 20), bold: true, Self.ink, rightAligned: false))
        shapes.append(.text(plan.panel, origin: Point(x: margin, y: 36), bold: false, Self.ink, rightAligned: false))
        shapes.append(.text("Raspberry Pi 40-pin header, pin 1 at the top left (square pad)", origin: Point(x: margin, y: 50), bold: false, Self.faint, rightAligned: false))
        shapes.append(.rect(Rect(x: headerLeft - pad, y: headerTop - pad, width: 2 * pitch + 2 * pad - 4, height: 20 * pitch + 2 * pad - 4), Self.headerColor))
        let byPin = Dictionary(grouping: plan.wires, by: \.pin)
        for pin in 1...40 {
            let row = (pin - 1) / 2, left = pin % 2 == 1
            let x = headerLeft + (left ? 0 : pitch), y = headerTop + row * pitch
            let wires = byPin[pin] ?? []
            let pad = wires.first?.color ?? RGB(hex: 0xCFD8DC)
            if pin == 1 {
                shapes.append(.rect(Rect(x: x, y: y, width: 12, height: 12), pad))
            } else {
                shapes.append(.circle(center: Point(x: x + 6, y: y + 6), radius: 6, pad))
            }
            let function = PiHeader.pins[pin]?.label ?? ""
            let label = wires.isEmpty ? function
                : left ? "\(wires.map(\.name).joined(separator: ", ")) → \(function)" : "\(function) ← \(wires.map(\.name).joined(separator: ", "))"
            let color = wires.isEmpty ? Self.faint : (wires.first?.color ?? Self.ink)
            let numberX = left ? headerLeft - margin / 2 - 4 : headerLeft + 2 * pitch + margin / 2
            let labelX = left ? numberX - 20 : numberX + 20
            shapes.append(.text("\(pin)", origin: Point(x: numberX, y: y + 10), bold: !wires.isEmpty, color, rightAligned: left))
            shapes.append(.text(label, origin: Point(x: labelX, y: y + 10), bold: !wires.isEmpty, color, rightAligned: left))
        }
        var y = headerTop + 20 * pitch + 2 * pad + 14
        shapes.append(.text("Wires", origin: Point(x: margin, y: y), bold: true, Self.ink, rightAligned: false))
        for wire in plan.wires {
            y += 15
            shapes.append(.rect(Rect(x: margin, y: y - 9, width: 10, height: 10), wire.color))
            let function = PiHeader.pins[wire.pin]?.label ?? ""
            shapes.append(.text("\(wire.name) → pin \(wire.pin) (\(function))", origin: Point(x: margin + 16, y: y), bold: false, Self.ink, rightAligned: false))
        }
        let textWidth = 2 * labelWidth + 2 * pitch
        for note in plan.notes {
            y += 6
            for line in Self.wrap(note, width: textWidth) {
                y += 14
                shapes.append(.text(line, origin: Point(x: margin, y: y), bold: false, Self.ink, rightAligned: false))
            }
        }
        self.width = headerLeft + 2 * pitch + labelWidth + margin
        self.height = y + margin
        self.shapes = shapes
    }

    /// `text` broken at spaces into lines no wider than `width` pixels in the drawing's font.
    static func wrap(_ text: String, width: Int) -> [String] {
        font?.wrapped(text, width: width) ?? [text]
    }

    /// The drawing in colour, `scale` output pixels per layout pixel.
    func image(scale: Int = 1) -> RGBImage {
        var layers: [(color: RGB, coverage: Bitmap)] = []
        func layer(_ color: RGB) -> Int {
            if let last = layers.indices.last, layers[last].color == color { return last }
            layers.append((color, Bitmap(width: width, height: height)))
            return layers.count - 1
        }
        for shape in shapes {
            switch shape {
            case .rect(let rect, let color):
                layers[layer(color)].coverage.fillRect(rect, value: 255)
            case .circle(let center, let radius, let color):
                layers[layer(color)].coverage.fillEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), value: 255)
            case .text(let text, let origin, let bold, let color, let rightAligned):
                guard let font = bold ? Self.boldFont : Self.font else { continue }
                let start = rightAligned ? Point(x: origin.x - font.width(of: text), y: origin.y) : origin
                layers[layer(color)].coverage.draw(text, font: font, at: start)
            }
        }
        var image = RGBImage(width: width * scale, height: height * scale, color: Self.background)
        for (color, coverage) in layers {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let amount = coverage[x / scale, y / scale]
                    guard amount > 0 else { continue }
                    image[x, y] = image[x, y].mixed(with: color, amount)
                }
            }
        }
        return image
    }

    /// The drawing as an SVG document (text in a monospace font at the drawing's size).
    func svg() -> String {
        func hex(_ color: RGB) -> String { String(format: "#%02x%02x%02x", color.red, color.green, color.blue) }
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="DejaVu Sans Mono, monospace" font-size="10">
            <rect width="\(width)" height="\(height)" fill="\(hex(Self.background))"/>

            """
        for shape in shapes {
            switch shape {
            case .rect(let rect, let color):
                out += "<rect x=\"\(rect.minX)\" y=\"\(rect.minY)\" width=\"\(rect.width)\" height=\"\(rect.height)\" fill=\"\(hex(color))\"/>\n"
            case .circle(let center, let radius, let color):
                out += "<circle cx=\"\(center.x)\" cy=\"\(center.y)\" r=\"\(radius)\" fill=\"\(hex(color))\"/>\n"
            case .text(let text, let origin, let bold, let color, let rightAligned):
                // As wide as the layout made room for in Glance's font: a viewer's monospace
                // font is wider or narrower, and a note would run past the drawing's edge.
                let length = (bold ? Self.boldFont : Self.font).map { " textLength=\"\($0.width(of: text))\" lengthAdjust=\"spacingAndGlyphs\"" } ?? ""
                out += "<text x=\"\(origin.x)\" y=\"\(origin.y)\" fill=\"\(hex(color))\"\(bold ? " font-weight=\"bold\"" : "")\(rightAligned ? " text-anchor=\"end\"" : "")\(length)>\(escaped(text))</text>\n"
            }
        }
        return out + "</svg>\n"
    }
}
