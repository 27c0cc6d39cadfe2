#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceFace
import GlanceGraphics
import GlanceReferenceViews
import GlanceUI
import GlanceWidgets

/// One render figure: layout and raster of a view in a family.
struct RenderFigure: Codable, Sendable {
    var name: String
    var family: String
    var median_us: Double
    var min_us: Double
    var max_us: Double

    init(name: String, family: WidgetFamily, spread: Spread) {
        self.name = name
        self.family = family.rawValue
        median_us = spread.median
        min_us = spread.minimum
        max_us = spread.maximum
    }
}

extension BenchCommand {
    static let benchDate = Date(timeIntervalSince1970: 1_795_257_720)

    /// Layout + raster of the reference face, every example widget in every family it
    /// supports (its placeholder entry, unredacted), the reference views, and a 128×128
    /// gray face with four slots.
    static func renderFigures(bundle: BundleContents, filter: (String) -> Bool) -> [RenderFigure] {
        var figures = [RenderFigure]()
        func measure(_ name: String, _ family: WidgetFamily, _ size: Size, antialiased: Bool = false, _ make: @escaping (Int) -> AnyView) {
            guard filter(name) else { return }
            var environment = EnvironmentValues()
            environment.widgetFamily = family
            var iteration = 0
            let spread = Spread.of {
                iteration += 1
                _ = ViewRenderer.render(make(iteration), size: size, environment: environment, at: benchDate, antialiased: antialiased)
            }
            figures.append(RenderFigure(name: name, family: family, spread: spread))
        }
        measure("reference-face", .accessoryRectangular, Size(width: 128, height: 64)) { AnyView(ReferenceFace(progress: Double($0 % 100) / 100)) }
        // The same face with a reading that differs every frame, so one of its texts is laid
        // out anew each time instead of coming from the shared text layouts (TextShape).
        let readings = (0..<1000).map { String(format: "%.1f °C", 10 + Double($0) / 10) }
        measure("reference-face-new-text", .accessoryRectangular, Size(width: 128, height: 64)) {
            AnyView(ReferenceFace(progress: Double($0 % 100) / 100, reading: readings[$0 % readings.count]))
        }
        for widget in bundle.widgets {
            guard let engine = widget.timeline else { continue }
            for family in widget.supportedFamilies where family != .accessoryCorner {
                let size = family.defaultSlotSize
                let context = TimelineProviderContext(family: family, displaySize: size, isPreview: true)
                let entry = engine.placeholder(context)
                measure(widget.kind, family, size) { _ in engine.content(entry) }
            }
        }
        for entry in ReferenceGallery.entries {
            for family in entry.families {
                measure(entry.name, family, ReferenceGallery.slotSizes[family] ?? Size(width: 128, height: 64)) { _ in entry.view(benchDate) }
            }
        }
        // A 128×128 gray face: inline on top, rectangular, two circular, like the default face.
        let slots = FacePlan.defaultSlots(size: Size(width: 128, height: 128), bundle: bundle)
        if filter("gray-face"), !slots.isEmpty {
            var views = [(Slot, AnyView)]()
            for slot in slots {
                guard let kind = slot.widgets.first?.kind, let engine = bundle.widgets.first(where: { $0.kind == kind })?.timeline else { continue }
                let entry = engine.placeholder(TimelineProviderContext(family: slot.family, displaySize: slot.rect.size, isPreview: true))
                views.append((slot, engine.content(entry)))
            }
            let spread = Spread.of {
                var face = Bitmap(width: 128, height: 128, antialiasing: true)
                for (slot, view) in views {
                    var environment = EnvironmentValues()
                    environment.widgetFamily = slot.family
                    let rendered = ViewRenderer.render(view, size: slot.rect.size, environment: environment, at: benchDate, antialiased: true)
                    face.draw(rendered.bitmap, at: slot.rect.origin)
                }
            }
            figures.append(RenderFigure(name: "gray-face-\(views.count)-slots", family: .accessoryRectangular, spread: spread))
        }
        return figures
    }
}
#endif
