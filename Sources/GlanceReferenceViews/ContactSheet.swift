import Foundation
import GlanceUI

extension ReferenceGallery {
    /// Every reference view in every family it supports, rendered as a 1-bit panel
    /// (dithered) and as a 4-bit gray panel, each normal and luminance-reduced, with labels.
    /// - Parameters:
    ///   - date: The moment drawn (live text is evaluated at it).
    ///   - timeZone: Time zone for dates; UTC keeps the sheet reproducible.
    public static func contactSheet(at date: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> Bitmap {
        let label = FontCatalog.standard.font(size: 10) ?? FontCatalog.standard.faces[0]
        let columns = [("1-bit", false, false), ("1-bit, luminance reduced", false, true),
                       ("4-bit gray", true, false), ("4-bit gray, luminance reduced", true, true)]
        let cellWidth = 128 + 12, margin = 6
        var rows = [(title: String, cells: [Bitmap])]()
        for entry in entries {
            for family in entry.families {
                let size = slotSizes[family] ?? Size(width: 128, height: 64)
                var cells = [Bitmap]()
                for (_, gray, reduced) in columns {
                    var environment = EnvironmentValues()
                    environment.widgetFamily = family
                    environment.isLuminanceReduced = reduced
                    environment.locale = Locale(identifier: "en_US_POSIX")
                    environment.timeZone = timeZone
                    let result = ViewRenderer.render(entry.view(date), size: size, environment: environment, at: date, antialiased: gray)
                    cells.append(gray ? result.bitmap.quantizedToGray4() : result.bitmap.monochrome())
                }
                rows.append(("\(entry.name) — \(family)", cells))
            }
        }
        let header = label.lineHeight + 4
        let height = rows.reduce(header + margin) { $0 + label.lineHeight + 2 + ($1.cells.first?.height ?? 0) + 4 + margin }
        var sheet = Bitmap(width: margin + columns.count * cellWidth, height: height)
        for (index, column) in columns.enumerated() {
            sheet.draw(column.0, font: label, at: Point(x: margin + index * cellWidth, y: margin + label.ascent), value: 170)
        }
        var y = margin + header
        for row in rows {
            sheet.draw(row.title, font: label, at: Point(x: margin, y: y + label.ascent))
            y += label.lineHeight + 2
            for (index, cell) in row.cells.enumerated() {
                let x = margin + index * cellWidth
                // A dim outline marks the slot's bounds without touching its pixels.
                sheet.strokeRect(Rect(x: x - 1, y: y - 1, width: cell.width + 2, height: cell.height + 2), value: 60)
                sheet.draw(cell, at: Point(x: x, y: y + 1 - 1))
            }
            y += (row.cells.first?.height ?? 0) + 4 + margin
        }
        return sheet
    }
}
