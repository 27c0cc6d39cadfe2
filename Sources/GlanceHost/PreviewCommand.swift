import ArgumentParser
import Foundation
import GlanceGraphics
import GlanceLinux
import GlanceWidgets

/// `glance preview`: one frame of one widget in one family, or every declared preview, as PNGs.
struct PreviewCommand: BundleCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render a widget in a family, or every #Preview the bundle declares, without a panel.",
        discussion: """
            With a kind, draws the widget's snapshot (the default), its placeholder, or entry N \
            of its timeline (0 is the first) at the family's slot size: accessoryRectangular \
            128×64, accessoryCircular and accessoryCorner 64×64, accessoryInline 128×16, systemSmall \
            120×120, systemMedium 240×120, systemLarge 240×240, systemExtraLarge 480×240, unless \
            --size says otherwise. Timeline entries are drawn at their own date unless --date is \
            given. A widget configured by an intent takes its parameters from --parameter, as a \
            face file's `parameters:` would give them.

            With --all, draws every preview the bundle declares with #Preview or a \
            PreviewProvider: one PNG per image into --out-dir, and with --sheet one contact \
            sheet of them all.

            With --board, draws the whole face as that board's glass shows it: the face file \
            (--config, else glance.yaml here, else the board's default face) runs on an emulator \
            of the board's controller — never the hardware — through the same pipeline as \
            glance run (pixel format, rotation, colour on colour screens), starting from an empty \
            state folder; the PNG is the emulator's glass in the board's look.

            Examples:
              glance preview clock --family accessoryRectangular --out clock.png --scale 4
              glance preview weather --family circular --luminance-reduced --out w.png --scale 4
              glance preview weather --family rectangular --entry 2 --out w2.png
              glance preview clock --family inline --entry placeholder --out p.png
              glance preview room --family rectangular --parameter room=kitchen --out room.png
              glance preview --all --out-dir previews --scale 2
              glance preview --all --sheet previews.png --scale 2
              glance preview --board sharp-ls027b7dh01 --out face.png --scale 2
              glance preview --board adafruit-pitft28 --config glance.yaml --out tft.png
            """
    )

    @Argument(help: "The widget's kind (not with --all).")
    var kind: String?

    @Option(name: .long, help: ArgumentHelp("The slot family: accessoryRectangular, accessoryCircular, accessoryInline, accessoryCorner (or rectangular, circular, inline, corner), systemSmall, systemMedium, systemLarge, systemExtraLarge (or small, medium, large, extraLarge).", valueName: "family"))
    var family: String?

    @Option(name: .long, help: ArgumentHelp("A configuration parameter of the widget's intent (repeatable).", valueName: "name=value"))
    var parameter: [String] = []

    @Flag(name: .long, help: "Draw every preview the bundle declares (#Preview and PreviewProvider).")
    var all = false

    @Option(name: .long, help: ArgumentHelp("Draw the whole face as this board's glass shows it (see glance boards), or a board file.", valueName: "name|path"))
    var board: String?

    @Option(name: .long, help: ArgumentHelp("With --board: the face file (default: glance.yaml here when there is one).", valueName: "glance.yaml"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("With --all: the folder the PNGs are written to (created when missing).", valueName: "folder"))
    var outDir: String?

    @Option(name: .long, help: ArgumentHelp("With --all: one contact sheet of every preview.", valueName: "file.png"))
    var sheet: String?

    @Option(name: .long, help: ArgumentHelp("The slot size in pixels (default: the family's size).", valueName: "WxH"))
    var size: String?

    @Flag(name: .long, help: "Draw as in always-on (isLuminanceReduced).")
    var luminanceReduced = false

    @Option(name: .long, help: ArgumentHelp("snapshot, placeholder, or a timeline index (0 is the first).", valueName: "entry"))
    var entry: String = "snapshot"

    @Option(name: .long, help: ArgumentHelp("The moment drawn (ISO 8601).", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("The PNG file to write.", valueName: "file.png"))
    var out: String?

    @Option(name: .long, help: "Pixels per panel pixel in the PNG (1–16).")
    var scale: Int = 1

    @Option(name: .long, help: ArgumentHelp("How lit pixels look: \(PanelLook.names.joined(separator: ", ")).", valueName: "look"))
    var look: String?

    @Flag(name: .long, help: "Soft (antialiased) edges, as on a gray panel.")
    var antialiased = false

    static func parseFamily(_ text: String) -> WidgetFamily? {
        WidgetFamily(rawValue: text) ?? WidgetFamily.allCases.first {
            [("accessory" + text).lowercased(), ("system" + text).lowercased()].contains($0.rawValue.lowercased())
        }
    }

    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...4096).contains(width), (1...4096).contains(height) else { return nil }
        return Size(width: width, height: height)
    }

    func validate() throws {
        try OutputFile.validate(scale: scale)
        if config != nil, board == nil { throw ValidationError("--config goes with --board (the face drawn on a board).") }
        if board != nil {
            if all || kind != nil { throw ValidationError("--board draws the whole face; leave out \(all ? "--all" : "the kind '\(kind ?? "")'").") }
            if family != nil || size != nil || !parameter.isEmpty || entry != "snapshot" || outDir != nil || sheet != nil || luminanceReduced || antialiased {
                throw ValidationError("--board takes --config, --out, --date, --scale and --look only (the face file places the widgets).")
            }
            guard out != nil else { throw ValidationError("missing --out FILE.png.") }
        } else if all {
            if let kind { throw ValidationError("--all draws every declared preview; leave out the kind '\(kind)'.") }
            if family != nil || out != nil || size != nil || !parameter.isEmpty || entry != "snapshot" {
                throw ValidationError("--all takes --out-dir, --sheet, --date, --scale, --look, --antialiased and --luminance-reduced only.")
            }
            if outDir == nil && sheet == nil { throw ValidationError("--all needs --out-dir FOLDER, --sheet FILE.png, or both.") }
        } else {
            guard kind != nil else { throw ValidationError("give a widget's kind, or --all for every declared preview.") }
            guard let family else { throw ValidationError("missing --family (accessoryRectangular, accessoryCircular, accessoryInline, accessoryCorner, systemSmall, systemMedium, systemLarge or systemExtraLarge).") }
            guard out != nil else { throw ValidationError("missing --out FILE.png.") }
            if outDir != nil || sheet != nil { throw ValidationError("--out-dir and --sheet go with --all.") }
            guard Self.parseFamily(family) != nil else {
                throw ValidationError("unknown --family '\(family)'; choose one of \(WidgetFamily.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            for text in parameter where Self.parseParameter(text) == nil {
                throw ValidationError("--parameter '\(text)' is not NAME=VALUE, such as city=Berlin.")
            }
        }
        if let size {
            guard let parsed = Self.parseSize(size) else {
                throw ValidationError("--size '\(size)' is not WIDTHxHEIGHT such as 128x64, each 1 to 4096.")
            }
            if let problem = OutputFile.problem(width: parsed.width, height: parsed.height, scale: scale) {
                throw ValidationError("--size \(size) with --scale \(scale): \(problem).")
            }
        }
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

    /// "name=value" split at the first "=", or nil.
    static func parseParameter(_ text: String) -> (name: String, value: String)? {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]))
    }

    func run(bundle: BundleContents) async throws {
        let assets: any AssetCatalog
        do {
            assets = try FaceAssembly.assetFolder().map { try FileAssetCatalog.load(from: $0) } ?? EmptyAssetCatalog()
            // Previews are drawn in the system's locale with the bundle's strings.
            Localization.install(Localization(tables: try StringTableFiles.loadBundleTables(),
                                              locale: SystemLocale.fromEnvironment(ProcessInfo.processInfo.environment) ?? .current))
        } catch {
            throw CommandFailure("\(error)")
        }
        let defaults = (try? AppGroup.named("glance").loadDefaults()) ?? MemoryKeyValueStore()
        let warnings = WarningSink.once { StandardStream.error.write("glance: warning: \($0)\n") }
        let moment = date.flatMap { ISO8601DateFormatter().date(from: $0) }
        if let board, let out {
            try await previewFace(board: board, bundle: bundle, at: moment, out: out, assets: assets)
            return
        }
        if all {
            let settings = PreviewSettings(time: SystemClock(), date: moment, antialiased: antialiased, luminanceReduced: luminanceReduced,
                                           assets: assets, defaults: defaults, warnings: warnings)
            try await runAll(settings: settings)
            return
        }
        guard let kind, let out, let family = family.flatMap(Self.parseFamily), let entry = WidgetPreview.Entry(entry) else { return }
        let widget = try bundle.widget(kind: kind)
        let configuration = try await configurationIntent(of: widget)
        let bitmap: Bitmap
        do {
            bitmap = try await WidgetPreview.render(
                widget, family: family, size: size.flatMap(Self.parseSize), luminanceReduced: luminanceReduced,
                entry: entry, date: moment, time: SystemClock(), antialiased: antialiased, assets: assets, defaults: defaults,
                warnings: warnings, configuration: configuration)
        } catch {
            throw CommandFailure(error.description)
        }
        try write(bitmap, to: out)
        print("Wrote \(out): “\(widget.kind)” \(family) \(bitmap.width)×\(bitmap.height), entry \(entry) (\(bitmap.width * scale)×\(bitmap.height * scale) pixels).")
    }

    /// The widget's configuration intent with the --parameter values, or nil without any.
    private func configurationIntent(of widget: WidgetDescriptor) async throws -> (any WidgetConfigurationIntent)? {
        guard !parameter.isEmpty else { return nil }
        guard let type = widget.timeline?.intentType else {
            throw CommandFailure("widget “\(widget.kind)” has no configuration intent, so it takes no --parameter")
        }
        do {
            return try await IntentConfigurator.configurationIntent(type, values: parameter.compactMap(Self.parseParameter))
        } catch {
            throw CommandFailure("--parameter: \(error)")
        }
    }

    /// Draws every declared preview into --out-dir and/or one --sheet.
    @MainActor
    private func runAll(settings: PreviewSettings) async throws {
        let previews: [DeclaredPreview]
        do {
            previews = try PreviewCatalog.declared()
        } catch {
            throw CommandFailure("a preview could not be made: \(error)")
        }
        guard !previews.isEmpty else {
            throw CommandFailure("this bundle declares no previews; add #Preview(as: .accessoryRectangular) { MyWidget() } timeline: { … } next to a widget")
        }
        if let outDir {
            do {
                try FileManager.default.createDirectory(atPath: outDir, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create \(outDir): \(error.localizedDescription)")
            }
        }
        var drawn = [(preview: DeclaredPreview, images: [PreviewImage])]()
        var failures = [String]()
        for (number, declared) in previews.enumerated() {
            let images: [PreviewImage]
            do {
                images = try await declared.preview.images(settings)
            } catch {
                // One broken preview does not hide the others; the command still fails at the end.
                failures.append("\(declared.source): \(error)")
                StandardStream.error.write("glance: error: preview “\(declared.name)” (\(declared.source)): \(error)\n")
                continue
            }
            drawn.append((declared, images))
            if let outDir {
                for (index, image) in images.enumerated() {
                    let file = URL(fileURLWithPath: outDir).appendingPathComponent(Self.fileName(number: number + 1, preview: declared.name, image: index, of: images.count)).path
                    try write(image.bitmap, to: file)
                    print("Wrote \(file): \(declared.name)\(image.label.isEmpty ? "" : " — " + image.label) (\(declared.source)) \(image.bitmap.width)×\(image.bitmap.height)")
                }
            }
        }
        if let sheet {
            let bitmap = PreviewSheet.render(drawn.map { ($0.preview.name, $0.preview.source, $0.images) })
            try write(bitmap, to: sheet)
            print("Wrote \(sheet): \(drawn.count) preview\(drawn.count == 1 ? "" : "s"), \(drawn.reduce(0) { $0 + $1.images.count }) images (\(bitmap.width * scale)×\(bitmap.height * scale) pixels).")
        }
        if !failures.isEmpty {
            throw CommandFailure("\(failures.count) of \(previews.count) previews failed:\n  " + failures.joined(separator: "\n  "))
        }
    }

    /// "03-Weather-2.png": the preview's number, its name made safe for a file name, and the
    /// image's index when the preview has several.
    static func fileName(number: Int, preview name: String, image index: Int, of count: Int) -> String {
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(60))
        let numberText = number < 10 ? "0\(number)" : "\(number)"
        return numberText + "-" + safe + (count > 1 ? "-\(index)" : "") + ".png"
    }

    func write(_ bitmap: Bitmap, to file: String, look defaultLook: PanelLook = .plain) throws {
        try OutputFile.writePNG(bitmap, scale: scale, look: look.flatMap(PanelLook.named) ?? defaultLook, to: file)
    }
}

/// The contact sheet of `glance preview --all --sheet`: each preview's name and source, then
/// its images side by side in thin frames with their labels, wrapped to the sheet's width.
enum PreviewSheet {
    static let width = 560
    private static let gap = 6

    static func render(_ previews: [(name: String, source: String, images: [PreviewImage])]) -> Bitmap {
        let font = FontCatalog.standard.font(size: 10) ?? FontCatalog.standard.faces[0]
        let line = font.ascent + font.descent + 2
        var blocks = [Bitmap]()
        for preview in previews {
            // Rows of framed images, each with its label under it.
            var rows = [[PreviewImage]]()
            var x = gap
            for image in preview.images {
                let cell = max(image.bitmap.width + 2, font.width(of: image.label)) + gap
                if x + cell > width, !(rows.last?.isEmpty ?? true) {
                    rows.append([])
                    x = gap
                }
                if rows.isEmpty { rows.append([]) }
                rows[rows.count - 1].append(image)
                x += cell
            }
            let rowHeights = rows.map { ($0.map(\.bitmap.height).max() ?? 0) + 2 + line + gap }
            var block = Bitmap(width: width, height: line + gap + rowHeights.reduce(0, +))
            // An unnamed #Preview is named after its file and line, which the source repeats.
            let title = preview.source.hasSuffix(preview.name) ? preview.source : "\(preview.name) — \(preview.source)"
            _ = block.draw(title, font: font, at: Point(x: gap, y: font.ascent))
            var y = line + gap
            for (row, height) in zip(rows, rowHeights) {
                var x = gap
                for image in row {
                    let frame = Rect(x: x, y: y, width: image.bitmap.width + 2, height: image.bitmap.height + 2)
                    block.fill(frame, value: 80)
                    block.fill(Rect(x: x + 1, y: y + 1, width: image.bitmap.width, height: image.bitmap.height), value: 0)
                    block.draw(image.bitmap, at: Point(x: x + 1, y: y + 1))
                    _ = block.draw(image.label, font: font, at: Point(x: x, y: y + image.bitmap.height + 2 + font.ascent), value: 160)
                    x += max(image.bitmap.width + 2, font.width(of: image.label)) + gap
                }
                y += height
            }
            blocks.append(block)
        }
        return Bitmap(column: blocks, width: width, gap: gap)
    }
}
