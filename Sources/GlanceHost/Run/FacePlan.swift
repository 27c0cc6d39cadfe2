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
            slots = zip(configuration.slots, intents).map { slot, intents in
                Slot(family: slot.family, rect: slot.frame ?? Rect(origin: .zero, size: pictureSize),
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

    /// The default faces (Docs/Contract.md, "Default faces"): 128×64 and smaller, one rectangular stack of every widget
    /// that supports it; 128×128, inline on top, rectangular, two circular below; wide e-paper,
    /// inline on top, rectangular left, circular right.
    static func defaultSlots(size: Size, bundle: BundleContents) -> [Slot] {
        func kinds(_ family: WidgetFamily) -> [WidgetPlacement] {
            bundle.widgets.filter { $0.timeline != nil && $0.supportedFamilies.contains(family) }.map { WidgetPlacement($0.kind) }
        }
        let full = Rect(origin: .zero, size: size)
        if size.height >= 128, size.width >= 128 {
            return [
                Slot(family: .accessoryInline, rect: Rect(x: 0, y: 0, width: size.width, height: 16), widgets: kinds(.accessoryInline)),
                Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 16, width: size.width, height: 64), widgets: kinds(.accessoryRectangular),
                     showsLiveActivities: true),
                Slot(family: .accessoryCircular, rect: Rect(x: 0, y: 80, width: size.width / 2, height: 48), widgets: kinds(.accessoryCircular)),
                Slot(family: .accessoryCircular, rect: Rect(x: size.width / 2, y: 80, width: size.width / 2, height: 48),
                     widgets: Array(kinds(.accessoryCircular).reversed())),
            ].filter { !$0.widgets.isEmpty }
        }
        if size.height >= 100, size.width > size.height * 3 / 2 {
            let top = 18, circle = size.height - top
            return [
                Slot(family: .accessoryInline, rect: Rect(x: 0, y: 0, width: size.width, height: top), widgets: kinds(.accessoryInline)),
                Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: top, width: size.width - circle, height: circle),
                     widgets: kinds(.accessoryRectangular), showsLiveActivities: true),
                Slot(family: .accessoryCircular, rect: Rect(x: size.width - circle, y: top, width: circle, height: circle),
                     widgets: kinds(.accessoryCircular)),
            ].filter { !$0.widgets.isEmpty }
        }
        return [Slot(family: .accessoryRectangular, rect: full, widgets: kinds(.accessoryRectangular), showsLiveActivities: true)]
    }
}

