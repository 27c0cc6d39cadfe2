import Foundation
import GlanceFace
import GlanceGraphics
import GlanceInput
import GlanceUI
import GlanceWidgets

/// Making the plan from the board, the face file and the bundle, and reading what the face
/// file says beyond the loop's part (`Configured`).
extension FacePlan {
    /// The face file's settings the loop carries without reading them (`FacePlan.configured`).
    struct Configured: Sendable {
        /// Where URLs go.
        var urlHandler: FaceConfiguration.URLHandler?
        /// Bindings of the face file left out because the board in use lacks their buttons
        /// (`FaceConfiguration.adapted(to:)`).
        var leftOut: [FaceConfiguration.Binding] = []
        /// The face file's `mqtt:` section as read (SIGHUP reads it again; the MQTT bridge follows).
        var mqtt: MQTTConfiguration?
    }

    /// Where URLs go.
    var urlHandler: FaceConfiguration.URLHandler? { (configured as? Configured)?.urlHandler }
    /// Bindings of the face file left out because the board in use lacks their buttons.
    var leftOut: [FaceConfiguration.Binding] { (configured as? Configured)?.leftOut ?? [] }
    /// The face file's `mqtt:` section as read.
    var mqtt: MQTTConfiguration? { (configured as? Configured)?.mqtt }

    /// Builds the plan, using the panel's default face and bindings where the file says nothing.
    /// - Throws: `ConfigurationError` for names that do not exist (checked again here because
    ///   the bundle is only known now) and for parameters the widgets' intents refuse.
    static func make(board: BoardConfiguration, configuration: FaceConfiguration?, bundle: BundleContents,
                     pictureSize: Size) async throws -> FacePlan {
        // No face file on a board without buttons: nothing could page the default face's
        // stacks or wake it once dimmed, so it stays lit and its stacks turn by themselves.
        let unattended = configuration == nil && board.buttons.list.isEmpty
        let written = configuration ?? FaceConfiguration.empty
        let (configuration, leftOut) = written.adapted(to: board)
        try configuration.validate(board: board, kinds: bundle.kinds, intents: bundle.intentNames)
        let intents = try await configuredIntents(configuration, bundle: bundle)
        let controller = board.panel.controller
        // Gray panels draw soft edges in `accented` tones; colour screens draw what was asked.
        let gray = [.ssd1327, .ssd1322].contains(controller)
        let color = controller == .framebuffer
        let slots: [Slot]
        if configuration.slots.isEmpty {
            slots = defaultSlots(size: pictureSize, bundle: bundle).map { slot in
                var slot = slot
                if unattended, slot.widgets.count > 1 { slot.rotation = Self.unattendedRotation }
                return slot
            }
        } else {
            slots = zip(zip(configuration.slots, configuration.frames(in: pictureSize)), intents).map { placed, intents in
                let (slot, frame) = placed
                return Slot(family: slot.family, rect: frame,
                     widgets: zip(slot.widgets, intents).map { WidgetPlacement($0.kind.value, configuration: $1) },
                     ordering: slot.pinned ? .pinned : .relevance, rotation: slot.rotate)
            }
        }
        let face = Face(size: pictureSize, slots: slots, antialiased: gray || color)
        let alwaysOn = configuration.alwaysOn
        var settings = RuntimeSettings(
            reloadBudget: configuration.reloadBudget,
            alwaysOn: AlwaysOnSettings(
                idleTimeout: unattended ? nil : alwaysOn.idle, offTimeout: alwaysOn.off,
                night: alwaysOn.night.map { NightSchedule(start: ($0.start / 60, $0.start % 60), end: ($0.end / 60, $0.end % 60), timeZone: .current) },
                hidesSensitiveContent: alwaysOn.hideSensitive),
            renderingMode: color ? .fullColor : gray ? .accented : .vibrant,
            locale: configuration.locale.map { Locale(identifier: $0.value) } ?? SystemLocale.fromEnvironment(ProcessInfo.processInfo.environment))
        settings.deviceName = board.name
        var bindings = [BindingKey: FaceAction]()
        // A face file with bindings keeps them, even when none fits this board: no defaults then.
        if written.bindings.isEmpty {
            for (button, action) in defaultBindings where board.buttons.list.contains(where: { $0.name == button.rawValue }) {
                bindings[BindingKey(button: button, gesture: .click)] = action
            }
        } else {
            bindings = try configuration.resolvedBindings(intents: bundle.intents)
        }
        return FacePlan(face: face, settings: settings, bindings: bindings, appGroup: configuration.appGroup,
                        configured: Configured(urlHandler: configuration.urlHandler, leftOut: leftOut, mqtt: written.mqtt))
    }

    /// The configuration intent of every placed widget, by slot and position: nil where the face
    /// file gives no parameters (the runtime then uses the widget's first recommendation or
    /// its intent's defaults), else the intent made from them, entities resolved through their
    /// queries.
    /// - Throws: `ConfigurationError` at the parameter (or the widget) the intent refuses.
    static func configuredIntents(_ configuration: FaceConfiguration, bundle: BundleContents) async throws
        -> [[(any WidgetConfigurationIntent)?]] {
        var result = [[(any WidgetConfigurationIntent)?]]()
        for slot in configuration.slots {
            var intents = [(any WidgetConfigurationIntent)?]()
            for widget in slot.widgets {
                let kind = widget.kind, parameters = widget.parameters
                guard let first = parameters.first else {
                    intents.append(nil)
                    continue
                }
                guard let type = bundle.widgets.first(where: { $0.kind == kind.value })?.timeline?.intentType else {
                    throw first.name.error("widget '\(kind.value)' has no configuration intent (it is not an AppIntentConfiguration), so it takes no parameters")
                }
                do {
                    intents.append(try await IntentConfigurator.configurationIntent(type, values: parameters.map { ($0.name.value, $0.value.value) }))
                } catch {
                    let wanted = error.parameter.lowercased()
                    let parameter = parameters.first { $0.name.value.lowercased() == wanted }
                    var place = parameter?.value ?? kind
                    var suggestion: String?
                    if case .unknownParameter(let name, _, let known) = error {
                        place = parameter?.name ?? kind
                        suggestion = Suggestions.closest(to: name, in: known)
                    }
                    throw place.error("widget '\(kind.value)': \(error)", suggestion: suggestion)
                }
            }
            result.append(intents)
        }
        return result
    }

    /// How long each widget of the default face's stacks shows on a board without buttons.
    static let unattendedRotation: Duration = .seconds(30)

    /// The notice for a face file whose face dims on a board without buttons, where nothing on
    /// the board wakes it again; nil when the board has buttons or the face never dims.
    static func dimmingNotice(board: BoardConfiguration, settings: RuntimeSettings) -> String? {
        guard board.buttons.list.isEmpty, let idle = settings.alwaysOn.idleTimeout else { return nil }
        return "board '\(board.name)' has no buttons: the face dims after \(ConfigNode.spoken(idle)) and nothing on the board wakes it; "
            + "'idle: never' under always-on keeps it lit (Docs/Configuration.md, \"Faces without buttons\")"
    }

    /// What the buttons of the presets do without a face file: the joystick moves through the
    /// stack and focus, the centre activates, A and B page the stack.
    static let defaultBindings: [(ButtonID, FaceAction)] = [
        ("up", .stackPrevious), ("down", .stackNext), ("left", .stackPrevious), ("right", .focusNext),
        ("centre", .focusActivate), ("A", .stackNext), ("B", .focusNext),
    ]

    /// The default faces (Docs/Panels.md, "Default faces"), by panel class, each slot a stack of
    /// every widget that supports its family; a part with no widget is left out and the others
    /// grow into its place, so the face fills the panel:
    /// - small (under 100 rows: 128×32, 128×64, 256×64): one `accessoryRectangular` slot;
    /// - wide medium (100 rows or more, over 1.5 times as wide as high: 250×122, 296×128): an
    ///   `accessoryInline` strip of 18 rows, under it `accessoryRectangular` on the left and a
    ///   square `accessoryCircular` on the right;
    /// - medium (128×128, 160×128, 200×200): an inline strip of 16 rows, `accessoryRectangular`
    ///   in 4/7 of the rest, two `accessoryCircular` side by side below;
    /// - large (at least 240 wide and 200 high: 320×240, 400×240): as medium, with
    ///   `systemSmall` in the two lower cells when widgets support it and the cells are at
    ///   least 120 rows high (they get 120 rows when the panel has them), and `systemMedium`
    ///   in the upper part when widgets support it and it is at least 240×120.
    static func defaultSlots(size: Size, bundle: BundleContents) -> [Slot] {
        func kinds(_ family: WidgetFamily) -> [WidgetPlacement] {
            bundle.widgets.filter { $0.timeline != nil && $0.supportedFamilies.contains(family) }.map { WidgetPlacement($0.kind) }
        }
        let width = size.width, height = size.height
        guard height >= 100 else {
            return [Slot(family: .accessoryRectangular, rect: Rect(origin: .zero, size: size), widgets: kinds(.accessoryRectangular),
                         showsLiveActivities: true)]
        }
        let inline = kinds(.accessoryInline)
        let top = inline.isEmpty ? 0 : width > height * 3 / 2 ? 18 : 16
        var slots = [Slot]()
        if !inline.isEmpty { slots.append(Slot(family: .accessoryInline, rect: Rect(x: 0, y: 0, width: width, height: top), widgets: inline)) }
        let rest = height - top
        let large = width >= 240 && height >= 200
        // The system families take a part only on large panels, and only where they fit: a
        // large panel's lower cells are at least 120 rows (its width/2 is 120 or more).
        let lowerFamily: WidgetFamily = large && !kinds(.systemSmall).isEmpty ? .systemSmall : .accessoryCircular
        let lower = kinds(lowerFamily)
        let lowerHeight = lower.isEmpty ? 0 : large ? max(rest - rest * 4 / 7, min(120, rest - 48)) : rest - rest * 4 / 7
        let upperMedium = large && !kinds(.systemMedium).isEmpty && rest - lowerHeight >= WidgetFamily.systemMedium.minimumSlotSize.height
        let upperFamily: WidgetFamily = upperMedium ? .systemMedium : .accessoryRectangular
        let upper = kinds(upperFamily)
        if width > height * 3 / 2, !large {
            // Wide e-paper: the rectangular part on the left, a square circular one on the right.
            let circle = upper.isEmpty ? width : min(rest, width / 2)
            if !upper.isEmpty {
                slots.append(Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: top, width: width - (lower.isEmpty ? 0 : circle), height: rest),
                                  widgets: upper, showsLiveActivities: true))
            }
            if !lower.isEmpty {
                slots.append(Slot(family: .accessoryCircular, rect: Rect(x: width - circle, y: top, width: circle, height: rest), widgets: lower))
            }
            return slots
        }
        let upperHeight = upper.isEmpty ? 0 : lower.isEmpty ? rest : rest - lowerHeight
        if !upper.isEmpty {
            slots.append(Slot(family: upperFamily, rect: Rect(x: 0, y: top, width: width, height: upperHeight), widgets: upper, showsLiveActivities: true))
        }
        if !lower.isEmpty {
            let y = top + upperHeight, h = height - y
            slots.append(Slot(family: lowerFamily, rect: Rect(x: 0, y: y, width: width / 2, height: h), widgets: lower))
            slots.append(Slot(family: lowerFamily, rect: Rect(x: width / 2, y: y, width: width - width / 2, height: h), widgets: Array(lower.reversed())))
        }
        return slots
    }
}
