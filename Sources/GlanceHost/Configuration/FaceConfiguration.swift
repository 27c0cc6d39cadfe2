import Foundation
import GlanceFace
import GlanceGraphics
import GlanceInput
import GlanceUI
import GlanceLinux
import GlanceWidgets

/// A value read from a configuration file, with where it was (for later validation errors).
public struct Located<Value: Sendable & Equatable>: Equatable, Sendable {
    public var value: Value
    public var file: String
    public var line: Int
    public var column: Int

    func error(_ message: String, suggestion: String? = nil) -> ConfigurationError {
        ConfigurationError(file: file, line: line, column: column, message: message, suggestion: suggestion)
    }
}

/// The user's face, `glance.yaml`: the board, which widgets sit in which slots, what the
/// buttons do, and when the face dims.
public struct FaceConfiguration: Equatable, Sendable {
    /// The board name or path; nil uses `--board` or the simulator.
    public var board: Located<String>?
    /// The slots; empty uses the panel's default face.
    public var slots: [Slot]
    /// How the slots divide the panel; nil places each at its `frame`, or over the whole panel.
    public var layout: Located<FaceLayout>? = nil
    /// Button bindings.
    public var bindings: [Binding]
    /// Always-on timings.
    public var alwaysOn: AlwaysOn
    /// The app group whose container providers read (default `glance`).
    public var appGroup: String
    /// Where `widgetURL` and `Link` URLs go; nil logs them.
    public var urlHandler: URLHandler?
    /// Reloads per widget per rolling 24 hours; nil means unlimited (development).
    public var reloadBudget: Int?
    /// The MQTT broker the face joins (Docs/HomeAssistant.md); nil for none.
    public var mqtt: MQTTConfiguration?
    /// The locale text is translated into and dates and numbers are shown in, e.g. `de_DE`;
    /// nil uses the system's (`LC_ALL`, `LC_MESSAGES` or `LANG`).
    public var locale: Located<String>?
    /// Where the file was read from.
    public var source: String

    /// One region of the panel holding a stack of widgets.
    public struct Slot: Equatable, Sendable {
        public var family: WidgetFamily
        /// Where on the panel; nil fills the panel.
        public var frame: Rect?
        /// The widgets, in stack order.
        public var widgets: [Widget]
        /// True keeps the stack's order; false lets relevance pick the shown widget.
        public var pinned: Bool
        /// How long each widget of the stack shows before the next; nil for a stack that
        /// moves only on buttons and relevance.
        public var rotate: Duration?
        /// The slot's fixed height under `layout: rows` or width under `layout: columns`; nil
        /// shares what the fixed slots leave.
        public var extent: Located<Int>? = nil
        /// The family where the file names it (errors about the slot point there); nil for a
        /// slot not read from a file.
        public var familyAt: Located<WidgetFamily>? = nil
    }

    /// A widget placed in a slot: its kind, and the parameters of its intent (empty for none).
    public struct Widget: Equatable, Sendable {
        public var kind: Located<String>
        public var parameters: [Parameter]
    }

    /// A configuration parameter of a placed widget's intent, `name: value` under `parameters:`.
    public struct Parameter: Equatable, Sendable {
        /// The parameter's property name or title.
        public var name: Located<String>
        /// Its value as text (a list is joined with commas).
        public var value: Located<String>
    }

    /// What a gesture on a button does.
    public struct Binding: Equatable, Sendable {
        public var button: Located<String>
        public var gesture: ButtonGesture
        /// An intent's type name or title, or a built-in action.
        public var action: Located<String>
    }

    /// When the face dims and switches off.
    public struct AlwaysOn: Equatable, Sendable {
        /// Idle time before dimming to always-on; nil (`never`) keeps the face lit, for faces
        /// without buttons, which nothing could wake.
        public var idle: Duration?
        /// Further idle time before switching off; nil never switches off.
        public var off: Duration?
        /// The night schedule, during which the panel is off; nil for none.
        public var night: Night?
        /// Redact `privacySensitive()` content while dimmed.
        public var hideSensitive: Bool

        /// 30 s to always-on, never off, no night, sensitive content shown.
        public static let standard = AlwaysOn(idle: .seconds(30), off: nil, night: nil, hideSensitive: false)
    }

    /// A daily span in local time, in minutes after midnight; it wraps midnight when `start > end`.
    public struct Night: Equatable, Sendable {
        public var start: Int
        public var end: Int
    }

    /// How URLs are opened.
    public enum URLHandler: Equatable, Sendable {
        /// Run this program (no shell) with the URL appended as the last argument.
        case command([String])
        /// POST the URL to this address.
        case http(String)
    }

    /// The built-in actions a binding can name.
    public static let builtInActions = ["stack.next", "stack.previous", "focus.next", "focus.activate", "wake"]

    /// No face file: the panel's default face, default bindings and timings.
    static let empty = FaceConfiguration()

    private init() {
        board = nil
        slots = []
        bindings = []
        alwaysOn = .standard
        appGroup = "glance"
        urlHandler = nil
        reloadBudget = 70
        mqtt = nil
        locale = nil
        source = "(defaults)"
    }

    // MARK: - Parsing

    /// Reads `glance.yaml`.
    /// - Throws: `ConfigurationError` naming file, line and column of every problem found.
    public init(yaml text: String, file: String) throws {
        let root = try ConfigNode.parse(text, file: file)
        self.init(root: root)
        try root.problems.check()
    }

    /// The face `root` describes. Each setting is read on its own: one with a problem is noted
    /// in `root.problems` and left at its default (a slot or binding with a problem is left
    /// out), so the rest is still read and checked.
    init(root: ConfigNode) {
        self.init()
        let file = root.file
        source = file
        guard let fields = root.attempt({ try root.mapping(allowed: ["board", "layout", "slots", "bindings", "always-on", "app-group", "url-handler", "reload-budget", "mqtt", "locale"]) }) else { return }
        board = root.attempt { try fields["board"].map { Located(value: try $0.string(), file: file, line: $0.line, column: $0.column) } } ?? nil
        let layout = root.attempt {
            try fields["layout"].map { node in
                Located(value: FaceLayout(rawValue: try node.choice(FaceLayout.allCases.map(\.rawValue)))!, file: file, line: node.line, column: node.column)
            }
        } ?? nil
        self.layout = layout
        slots = root.attempt { try fields["slots"].map { try $0.sequence().compactMap { slot in slot.whole { try Self.slot(slot, layout: layout?.value) } } } ?? [] } ?? []
        if let layout {
            // Slots left out for their own problems do not count: those are noted already.
            let listed = fields["slots"]?.node.sequence?.count ?? 0
            if listed == 0 {
                root.problems.note(layout.error("layout '\(layout.value.rawValue)' places slots, and this face lists none under 'slots:' (without a layout and slots the panel's default face is shown)"))
            } else if let capacity = layout.value.capacity, slots.count > capacity, let at = slots[capacity].familyAt,
                      let problem = layout.value.problem(count: slots.count, extents: [], in: Size(width: 1, height: 1)) {
                root.problems.note(at.error(problem.message))
            }
        }
        bindings = root.attempt { try fields["bindings"].map(Self.bindings) ?? [] } ?? []
        alwaysOn = root.attempt { try fields["always-on"].map(Self.alwaysOn) ?? .standard } ?? .standard
        appGroup = root.attempt {
            let name = try fields["app-group"]?.string() ?? "glance"
            if name.isEmpty || name.contains("/") || name.hasPrefix(".") {
                throw fields["app-group"]!.error("app-group '\(name)' must be a simple name (no slashes), e.g. desk")
            }
            return name
        } ?? "glance"
        urlHandler = root.attempt { try fields["url-handler"].map(Self.urlHandler) } ?? nil
        if let budget = fields["reload-budget"] {
            reloadBudget = root.attempt { () throws -> Int? in
                let text = try budget.string()
                return text == "unlimited" ? nil : try budget.int(in: 1...10_000)
            } ?? 70
        }
        mqtt = fields["mqtt"].flatMap { node in node.whole { try MQTTConfiguration(node: node) } }
        locale = root.attempt { try fields["locale"].map(Self.locale) } ?? nil
    }

    /// A locale identifier: a known ISO 639 language code, then optional script and region
    /// (`de`, `de_AT`, `pt-BR`, `zh_Hans_CN`).
    private static func locale(_ node: ConfigNode) throws -> Located<String> {
        let text = try node.string().trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: "_", omittingEmptySubsequences: false).flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
        let language = parts.first.map { String($0).lowercased() } ?? ""
        let known = Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
        guard known.contains(language) else {
            throw node.error("locale '\(text)' does not start with a known language code (e.g. en, de_DE, pt_BR)",
                             suggestion: Suggestions.closest(to: language, in: known))
        }
        guard parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
            throw node.error("locale '\(text)' should be a language code with an optional script and region, e.g. de_DE or zh_Hans_CN")
        }
        return Located(value: text, file: node.file, line: node.line, column: node.column)
    }

    /// A slot; each of its settings and widgets is read on its own (`init(root:)` leaves the
    /// slot out when any had a problem).
    private static func slot(_ node: ConfigNode, layout: FaceLayout?) throws -> Slot {
        let fields = try node.mapping(allowed: ["family", "frame", "height", "width", "widgets", "pinned", "rotate"])
        let families = ["accessoryRectangular", "accessoryCircular", "accessoryInline", "accessoryCorner", "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]
        let family = node.attempt { () throws -> Located<WidgetFamily> in
            guard let familyNode = fields["family"] else { throw node.missing("family", "one of: \(families.joined(separator: ", "))") }
            let family = WidgetFamily(rawValue: try familyNode.choice(families))!
            return Located(value: family, file: familyNode.file, line: familyNode.line, column: familyNode.column)
        }
        let extent = node.attempt { () throws -> Located<Int>? in
            var extent: Located<Int>?
            for key in ["height", "width"] {
                guard let extentNode = fields[key] else { continue }
                guard let layout, layout.extentKey == key else {
                    let wanted = key == "height" ? "rows" : "columns"
                    throw extentNode.error("'\(key)' sets a slot's \(key) under 'layout: \(wanted)', and this face's layout is \(layout.map { "'\($0.rawValue)'" } ?? "not set")"
                                           + " (a slot placed anywhere takes frame: {x, y, width, height})")
                }
                extent = Located(value: try extentNode.int(in: 1...4096), file: extentNode.file, line: extentNode.line, column: extentNode.column)
            }
            return extent
        }
        let frame = node.attempt {
            try fields["frame"].map { frameNode in
                if let layout {
                    throw frameNode.error("this slot has a frame and the face has 'layout: \(layout.rawValue)'; a slot takes its place from one or the other, so remove the frame or the layout")
                }
                let f = try frameNode.mapping(allowed: ["x", "y", "width", "height"])
                func value(_ key: String, _ range: ClosedRange<Int>) throws -> Int {
                    guard let node = f[key] else { throw frameNode.error("frame needs x, y, width and height; '\(key)' is missing") }
                    return try node.int(in: range)
                }
                return Rect(x: try value("x", 0...4095), y: try value("y", 0...4095), width: try value("width", 1...4096), height: try value("height", 1...4096))
            }
        }
        let widgets = node.attempt {
            guard let widgetsNode = fields["widgets"] else { throw node.missing("widgets", "the widget kinds shown in this slot") }
            let widgets = widgetsNode.node.sequence != nil ? try widgetsNode.sequence() : [widgetsNode]
            guard !widgets.isEmpty else { throw widgetsNode.error("a slot needs at least one widget kind") }
            return widgets.compactMap { widget in widget.attempt { try Self.widget(widget) } }
        }
        let rotate = node.attempt {
            try fields["rotate"].map { rotateNode in
                let period = try rotateNode.duration(in: .seconds(1)...(.seconds(86_400)))
                // With no readable widgets list, its length is not known: that problem is noted already.
                if let count = widgets?.count, count < 2 {
                    throw rotateNode.error("rotate needs a stack, and this slot holds one widget: list two or more under 'widgets'")
                }
                return period
            }
        }
        let pinned = node.attempt { try fields["pinned"]?.bool() ?? false }
        guard let family, let extent, let frame, let widgets, let rotate, let pinned else { throw ConfigurationProblems.Abandoned() }
        return Slot(family: family.value, frame: frame, widgets: widgets, pinned: pinned, rotate: rotate, extent: extent, familyAt: family)
    }

    /// A widget of a slot: its kind alone, or `kind:` with the `parameters:` of its intent.
    private static func widget(_ node: ConfigNode) throws -> Widget {
        func located(_ node: ConfigNode, _ text: String) -> Located<String> {
            Located(value: text, file: node.file, line: node.line, column: node.column)
        }
        guard node.node.mapping != nil else { return Widget(kind: located(node, try node.string()), parameters: []) }
        let fields = try node.mapping(allowed: ["kind", "parameters"])
        guard let kind = fields["kind"] else { throw node.missing("kind", "the widget's kind, e.g. kind: weather") }
        var parameters = [Parameter]()
        if let list = fields["parameters"] {
            for (name, keyNode, value) in try list.pairs() {
                // A list (a multi-value parameter) is written as a YAML sequence or comma-separated.
                let text = value.node.sequence != nil ? try value.sequence().map { try $0.string() }.joined(separator: ", ") : try value.string()
                parameters.append(Parameter(name: located(keyNode, name), value: located(value, text)))
            }
        }
        return Widget(kind: located(kind, try kind.string()), parameters: parameters)
    }

    /// The bindings; each gesture's is read on its own, one with a problem left out.
    private static func bindings(_ node: ConfigNode) throws -> [Binding] {
        var result = [Binding]()
        for (button, keyNode, value) in try node.pairs() {
            let located = Located(value: button, file: keyNode.file, line: keyNode.line, column: keyNode.column)
            if value.node.mapping != nil {
                let gestures = value.attempt { try value.pairs() } ?? []
                for (word, gestureNode, action) in gestures {
                    let binding = gestureNode.attempt {
                        guard let gesture = ButtonGesture(rawValue: word) else {
                            let words = ButtonGesture.allCases.map(\.rawValue)
                            throw gestureNode.error("unknown gesture '\(word)' (expected one of: \(words.joined(separator: ", ")))",
                                                    suggestion: Suggestions.closest(to: word, in: words))
                        }
                        return Binding(button: located, gesture: gesture,
                                       action: Located(value: try action.string(), file: action.file, line: action.line, column: action.column))
                    }
                    if let binding { result.append(binding) }
                }
            } else if let action = value.attempt({ try value.string() }) {
                result.append(Binding(button: located, gesture: .click,
                                      action: Located(value: action, file: value.file, line: value.line, column: value.column)))
            }
        }
        return result
    }

    /// The always-on timings; each is read on its own, one with a problem left at its default.
    private static func alwaysOn(_ node: ConfigNode) throws -> AlwaysOn {
        let fields = try node.mapping(allowed: ["idle", "off", "night", "hide-sensitive"])
        var result = AlwaysOn.standard
        if let idle = fields["idle"], let value = idle.attempt({ try idle.durationOrNever(in: .seconds(1)...(.seconds(86_400))) }) { result.idle = value }
        if let off = fields["off"], let value = off.attempt({ try off.durationOrNever(in: .seconds(1)...(.seconds(30 * 86_400))) }) { result.off = value }
        if let night = fields["night"] {
            result.night = night.attempt {
                let text = try night.string()
                let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { throw night.error("night is '\(text)', expected START-END such as 23:00-07:00") }
                return Night(start: try night.timeOfDay(parts[0]), end: try night.timeOfDay(parts[1]))
            }
        }
        if let hide = fields["hide-sensitive"], let value = hide.attempt({ try hide.bool() }) { result.hideSensitive = value }
        return result
    }

    private static func urlHandler(_ node: ConfigNode) throws -> URLHandler {
        let fields = try node.mapping(allowed: ["command", "http"])
        if let command = fields["command"] {
            let words = command.node.sequence != nil ? try command.sequence().map { try $0.string() } : [try command.string()]
            guard let program = words.first, !program.isEmpty else { throw command.error("command needs a program to run") }
            return .command(words)
        }
        if let http = fields["http"] {
            let text = try http.string()
            if text.lowercased().hasPrefix("https://") {
                throw http.error("http is '\(text)': the built-in handler speaks plain http:// only; for https use command: [curl, -s, \(text), --data-binary] (the URL is appended)")
            }
            do {
                _ = try HTTPPost.Endpoint(text)
            } catch {
                throw http.error("http is '\(text)': \(error.message)")
            }
            return .http(text)
        }
        throw node.error("url-handler needs 'command' (a program and its arguments) or 'http' (an address)")
    }

    // MARK: - Another board than the face's own

    /// The face on `board` when that is not the board the face file names (`--board` chose
    /// another, as when trying a face on each simulator board): the bindings of buttons that
    /// the face's own board has and `board` lacks are left out, and returned, so the face runs
    /// with the buttons there are. A button neither board has stays an error for `validate`,
    /// and on its own board a face is unchanged. The face's own board is `board:` (default
    /// `simulator`); when it cannot be read nothing is left out.
    public func adapted(to board: BoardConfiguration) -> (face: FaceConfiguration, leftOut: [Binding]) {
        guard let own = try? BoardCatalog.board(self.board?.value ?? "simulator"), own != board else { return (self, []) }
        let ownButtons = Set(own.buttons.list.map(\.name)), buttons = Set(board.buttons.list.map(\.name))
        let missing = { (binding: Binding) in ownButtons.contains(binding.button.value) && !buttons.contains(binding.button.value) }
        var face = self
        face.bindings.removeAll(where: missing)
        return (face, bindings.filter(missing))
    }

    /// A line for the log naming the buttons whose bindings `adapted(to:)` left out.
    static func leftOutNotice(_ leftOut: [Binding], board: BoardConfiguration) -> String? {
        guard !leftOut.isEmpty else { return nil }
        var names = [String]()
        for binding in leftOut where !names.contains(binding.button.value) { names.append(binding.button.value) }
        return "board '\(board.name)' has no button \(names.map { "'\($0)'" }.joined(separator: ", ")): the face's bindings of \(names.count == 1 ? "it" : "them") are left out"
    }

    // MARK: - Validation against what exists

    /// Each slot's rectangle on a picture of `size`: its place in the layout, else its frame,
    /// else the whole picture.
    public func frames(in size: Size) -> [Rect] {
        guard let layout = layout?.value else { return slots.map { $0.frame ?? Rect(origin: .zero, size: size) } }
        return layout.places(count: slots.count, extents: slots.map { $0.extent?.value }, in: size)
    }

    /// Checks names against the board's buttons, the bundle's widget kinds (and the families
    /// each supports) and its intents, and each slot's size against its family's smallest.
    /// - Throws: `ConfigurationError` listing every problem, in file order, each name that
    ///   does not exist with the closest valid name.
    public func validate(board: BoardConfiguration, kinds: [String: [WidgetFamily]], intents: [String]) throws {
        if let error = ConfigurationError(combining: problems(board: board, kinds: kinds, intents: intents)) { throw error }
    }

    /// What `validate` finds, in the order it checks.
    func problems(board: BoardConfiguration, kinds: [String: [WidgetFamily]], intents: [String]) -> [ConfigurationError] {
        var problems = sizeProblems(board: board)
        for slot in slots {
            for widget in slot.widgets.map(\.kind) {
                guard let families = kinds[widget.value] else {
                    problems.append(widget.error("no widget of kind '\(widget.value)' in this bundle (kinds: \(kinds.keys.sorted().joined(separator: ", ")))",
                                                 suggestion: Suggestions.closest(to: widget.value, in: kinds.keys)))
                    continue
                }
                if !families.contains(slot.family) {
                    problems.append(widget.error("widget '\(widget.value)' does not support \(slot.family) (it supports \(families.map(\.rawValue).joined(separator: ", ")))"))
                }
            }
            if let frame = slot.frame, !Rect(origin: .zero, size: board.panel.size).contains(frame) {
                problems.append(ConfigurationError(file: source, message: "slot frame \(frame) lies outside the \(board.panel.size.width)x\(board.panel.size.height) panel of board '\(board.name)'"))
            }
        }
        let buttons = board.buttons.list.map(\.name)
        for binding in bindings {
            if !buttons.contains(binding.button.value) {
                problems.append(binding.button.error("board '\(board.name)' has no button '\(binding.button.value)' (buttons: \(buttons.joined(separator: ", ")))",
                                                     suggestion: Suggestions.closest(to: binding.button.value, in: buttons)))
            }
            let action = binding.action.value
            if !Self.builtInActions.contains(action), !intents.contains(action) {
                problems.append(Self.unknownAction(binding.action, intents: intents))
            }
        }
        return problems
    }

    /// The picture the face is drawn on: the panel's size, turned by the board's rotation.
    static func pictureSize(of board: BoardConfiguration) -> Size {
        let panel = board.panel.size
        return [90, 270].contains(board.panel.rotation) ? Size(width: panel.height, height: panel.width) : panel
    }

    /// Whether the layout's rows or columns fit the board's picture and each slot is at least
    /// its family's `minimumSlotSize` there.
    /// - Returns: The problems, each at the slot's family (or its height or width), naming the
    ///   slot, its widget, its size and the board's panel; a layout that does not fit is the
    ///   one problem (its slots have no sizes to check).
    private func sizeProblems(board: BoardConfiguration) -> [ConfigurationError] {
        let picture = Self.pictureSize(of: board)
        let panel = "the \(picture.width)×\(picture.height) panel of board '\(board.name)'"
        if let layout, let problem = layout.value.problem(count: slots.count, extents: slots.map { $0.extent?.value }, in: picture) {
            let slot = slots[problem.slot]
            let place = slot.extent ?? slot.familyAt.map { Located(value: 0, file: $0.file, line: $0.line, column: $0.column) }
            let message = "slot \(problem.slot + 1) under 'layout: \(layout.value.rawValue)' on \(panel): \(problem.message)"
            return [place?.error(message) ?? ConfigurationError(file: source, message: message)]
        }
        var problems = [ConfigurationError]()
        for (index, (slot, frame)) in zip(slots, frames(in: picture)).enumerated() {
            let least = slot.family.minimumSlotSize
            guard frame.width < least.width || frame.height < least.height else { continue }
            let widget = slot.widgets.first.map { " with '\($0.kind.value)'\(slot.widgets.count > 1 ? " and \(slot.widgets.count - 1) more" : "")" } ?? ""
            let fits = WidgetFamily.allCases.filter { $0.isSystem && $0.minimumSlotSize.width <= frame.width && $0.minimumSlotSize.height <= frame.height }
            let message = "slot \(index + 1) (\(slot.family)\(widget)) is \(frame.width)×\(frame.height) on \(panel); \(slot.family) needs at least "
                + "\(least.width)×\(least.height) (Docs/Panels.md, \"Families and panel sizes\"): use \((fits.map(\.rawValue) + ["an accessory family"]).joined(separator: " or ")) in it, "
                + "make the slot bigger, or use a bigger panel"
            problems.append(slot.familyAt?.error(message) ?? ConfigurationError(file: source, message: message))
        }
        return problems
    }

    /// The bindings as the run loop applies them: each button a `ButtonID`, each action built
    /// in or an intent of `intents` resolved now, so a press looks no name up. Call after
    /// `validate`, which checks the buttons against the board.
    /// - Throws: `ConfigurationError` at an action that names no built-in action and no intent.
    func resolvedBindings(intents: IntentRegistry) throws -> [FacePlan.BindingKey: FaceAction] {
        var resolved = [FacePlan.BindingKey: FaceAction]()
        for binding in bindings {
            do {
                resolved[FacePlan.BindingKey(button: ButtonID(rawValue: binding.button.value), gesture: binding.gesture)]
                    = try FaceAction(binding: binding.action.value, intents: intents)
            } catch {
                throw Self.unknownAction(binding.action, intents: intents.names)
            }
        }
        return resolved
    }

    /// The error for an action that is neither built in nor one of `intents` (type names and titles).
    private static func unknownAction(_ action: Located<String>, intents: [String]) -> ConfigurationError {
        action.error("'\(action.value)' is neither a built-in action (\(builtInActions.joined(separator: ", "))) nor an intent of this bundle",
                     suggestion: Suggestions.closest(to: action.value, in: builtInActions + intents))
    }
}
