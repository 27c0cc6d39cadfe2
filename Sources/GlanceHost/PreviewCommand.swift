import ArgumentParser
import Foundation
import GlanceGraphics
import GlanceLinux
import GlanceWidgets

/// `glance preview`: one frame of one widget in one family, written as a PNG.
struct PreviewCommand: BundleCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render one entry of a widget in a family, without a panel.",
        discussion: """
            Draws the widget's snapshot (the default), its placeholder, or entry N of its \
            timeline (0 is the first) at the family's slot size: accessoryRectangular 128×64, \
            accessoryCircular and accessoryCorner 64×64, accessoryInline 128×16, unless --size \
            says otherwise. Timeline entries are drawn at their own date unless --date is given.

            Examples:
              glance preview clock --family accessoryRectangular --out clock.png --scale 4
              glance preview weather --family circular --luminance-reduced --out w.png --scale 4
              glance preview weather --family rectangular --entry 2 --out w2.png
              glance preview clock --family inline --entry placeholder --out p.png
            """
    )

    @Argument(help: "The widget's kind.")
    var kind: String

    @Option(name: .long, help: ArgumentHelp("The slot family: accessoryRectangular, accessoryCircular, accessoryInline, accessoryCorner (or rectangular, circular, inline, corner).", valueName: "family"))
    var family: String

    @Option(name: .long, help: ArgumentHelp("The slot size in pixels (default: the family's size).", valueName: "WxH"))
    var size: String?

    @Flag(name: .long, help: "Draw as in always-on (isLuminanceReduced).")
    var luminanceReduced = false

    @Option(name: .long, help: ArgumentHelp("snapshot, placeholder, or a timeline index (0 is the first).", valueName: "entry"))
    var entry: String = "snapshot"

    @Option(name: .long, help: ArgumentHelp("The moment drawn (ISO 8601).", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("The PNG file to write.", valueName: "file.png"))
    var out: String

    @Option(name: .long, help: "Pixels per panel pixel in the PNG (1–16).")
    var scale: Int = 1

    @Option(name: .long, help: ArgumentHelp("How lit pixels look: \(PanelLook.names.joined(separator: ", ")).", valueName: "look"))
    var look: String?

    @Flag(name: .long, help: "Soft (antialiased) edges, as on a gray panel.")
    var antialiased = false

    static func parseFamily(_ text: String) -> WidgetFamily? {
        WidgetFamily(rawValue: text) ?? WidgetFamily.allCases.first { $0.rawValue.lowercased() == "accessory" + text.lowercased() }
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...4096).contains(width), (1...4096).contains(height) else { return nil }
        return Size(width: width, height: height)
    }

    func validate() throws {
        guard (1...16).contains(scale) else { throw ValidationError("--scale must be between 1 and 16, got \(scale).") }
        guard Self.parseFamily(family) != nil else {
            throw ValidationError("unknown --family '\(family)'; choose one of \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let size, Self.parseSize(size) == nil { throw ValidationError("--size '\(size)' is not WIDTHxHEIGHT such as 128x64.") }
        if WidgetPreview.Entry(entry) == nil {
            throw ValidationError("--entry '\(entry)' is not snapshot, placeholder or a timeline index such as 0.")
        }
        if let date, ISO8601DateFormatter().date(from: date) == nil {
            throw ValidationError("--date '\(date)' is not an ISO 8601 date such as 2026-11-21T10:42:00Z.")
        }
        if let look, PanelLook.named(look) == nil {
            throw ValidationError("unknown --look '\(look)'; choose one of \(PanelLook.names.joined(separator: ", ")).")
        }
    }

    func run() async throws {
        try await run(bundle: .empty)
    }

    func run(bundle: BundleContents) async throws {
        let widget = try bundle.widget(kind: kind)
        guard let family = Self.parseFamily(family), let entry = WidgetPreview.Entry(entry) else { return }
        let assets: any AssetCatalog
        do {
            assets = try FaceAssembly.assetFolder().map { try FileAssetCatalog.load(from: $0) } ?? EmptyAssetCatalog()
        } catch {
            throw CommandFailure("\(error)")
        }
        let defaults = (try? AppGroup.named("glance").loadDefaults()) ?? MemoryKeyValueStore()
        let bitmap: Bitmap
        do {
            bitmap = try await WidgetPreview.render(
                widget, family: family, size: size.flatMap(Self.parseSize), luminanceReduced: luminanceReduced,
                entry: entry, date: date.flatMap { ISO8601DateFormatter().date(from: $0) }, time: SystemClock(),
                antialiased: antialiased, assets: assets, defaults: defaults,
                warnings: .once { StandardStream.error.write("glance: warning: \($0)\n") })
        } catch {
            throw CommandFailure(error.description)
        }
        let png = try bitmap.png(scale: scale, look: look.flatMap(PanelLook.named) ?? .plain)
        do {
            try Data(png).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(out): \(error.localizedDescription)")
        }
        print("Wrote \(out): “\(widget.kind)” \(family) \(bitmap.width)×\(bitmap.height), entry \(entry) (\(bitmap.width * scale)×\(bitmap.height * scale) pixels).")
    }
}
