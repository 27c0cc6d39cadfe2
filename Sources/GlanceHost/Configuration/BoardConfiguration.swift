import Foundation
import GlanceGraphics
import GlancePanels
import Yams

/// A board preset: which panel is wired how, and which buttons sit on which GPIO lines.
/// Read from `Boards/NAME.yaml` (built in) or a user's file with `--board PATH`.
public struct BoardConfiguration: Equatable, Sendable {
    /// The preset's name, e.g. `adafruit-oled-bonnet`.
    public var name: String
    /// One line for `glance boards`.
    public var summary: String
    /// The display.
    public var panel: Panel
    /// The buttons; empty when the board has none.
    public var buttons: Buttons
    /// Where the preset was read from (for messages).
    public var source: String

    /// A panel controller Glance drives.
    public enum Controller: String, CaseIterable, Sendable {
        case ssd1306, ssd1309, ssd1315, sh1106, sh1107, ssd1322, ssd1327, ssd1680, ssd1681, uc8151, ls013b7dh03, ls027b7dh01, framebuffer

        /// The panel sizes the controller supports (empty: any size).
        var sizes: [Size] {
            switch self {
            case .ssd1306, .ssd1315: [Size(width: 128, height: 64), Size(width: 128, height: 32), Size(width: 72, height: 40), Size(width: 64, height: 48)]
            case .ssd1309, .sh1106: [Size(width: 128, height: 64)]
            case .ssd1327, .sh1107: [Size(width: 128, height: 128)]
            case .ssd1322: [Size(width: 256, height: 64)]
            case .ssd1680: [Size(width: 250, height: 122)]
            case .ssd1681: [Size(width: 200, height: 200)]
            case .uc8151: [Size(width: 296, height: 128)]
            case .ls013b7dh03: [Size(width: 128, height: 128)]
            case .ls027b7dh01: [Size(width: 400, height: 240)]
            case .framebuffer: []
            }
        }

        /// Whether the controller's modules come with an I2C interface.
        var offersI2C: Bool { !isEPaper && sharpModel == nil && ![.ssd1322, .framebuffer].contains(self) }
        /// Whether the controller's modules come with a 4-wire SPI interface (D/C and RST lines).
        var offersSPI: Bool { [.ssd1306, .ssd1309, .ssd1315, .ssd1322].contains(self) || isEPaper || sharpModel != nil }
        /// The Sharp memory LCD part, whose SPI has no D/C or RST line.
        var sharpModel: SharpMemoryModel? {
            switch self {
            case .ls013b7dh03: .ls013b7dh03
            case .ls027b7dh01: .ls027b7dh01
            default: nil
            }
        }
        /// Whether the panel is e-paper (BUSY line, refresh policy, ink on paper).
        var isEPaper: Bool { ssd16xxPanel != nil || self == .uc8151 }
        /// The SSD1680-family panel of an e-paper controller.
        var ssd16xxPanel: SSD16xxPanel? {
            switch self {
            case .ssd1680: .ssd1680_122x250
            case .ssd1681: .ssd1681_200x200
            default: nil
            }
        }
        /// Whether the panel is an OLED (drive table, burn-in care).
        var isOLED: Bool { !isEPaper && sharpModel == nil && self != .framebuffer }
        /// The e-paper controllers, for messages.
        static var ePaper: [Controller] { allCases.filter(\.isEPaper) }
    }

    /// How the panel is reached.
    public enum Connection: Equatable, Sendable {
        /// An in-process controller emulator: the simulator.
        case emulated
        /// `/dev/i2c-BUS`, 7-bit `address`.
        case i2c(bus: Int, address: Int)
        /// `/dev/spidevBUS.CS` with data/command, reset and (e-paper) busy GPIO lines (BCM
        /// numbers); a Sharp memory LCD has none of them.
        case spi(bus: Int, chipSelect: Int, dataCommand: Int?, reset: Int?, busy: Int?)
        /// A Linux framebuffer device such as `/dev/fb1`.
        case framebuffer(path: String)
    }

    /// The display and how its pixels are prepared.
    public struct Panel: Equatable, Sendable {
        public var controller: Controller
        public var size: Size
        public var connection: Connection
        /// Clockwise rotation in degrees: 0, 90, 180 or 270.
        public var rotation: Int
        /// How gray becomes 1 bit on monochrome panels.
        public var mono: MonoConversion
        /// How the simulator and previews color the glass.
        public var look: String
        /// SH1106 only: the RAM column of the panel's first pixel (0, 2 or 4).
        public var columnOffset: Int
        /// What the panel shows after Glance stops: `off` (OLED display off) or `keep` the last frame.
        public var onExit: String
        /// Framebuffer: the backlight that dims it — `auto` (the only one in
        /// `/sys/class/backlight`, if there is exactly one), `none`, or a name there.
        public var backlight: String = "auto"
        /// OLED: how the picture moves against burn-in (`shift`, `max-shift`, `shift-period`).
        public var burnIn: BurnIn = BurnIn()
        /// OLED: this module's own drive settings for some brightness levels (`drive:`), in place
        /// of the controller's table; the levels not given keep the table's.
        public var drive: [BrightnessLevel: OLEDDrive] = [:]
        /// E-paper: how refreshes are chosen (`full-refresh-every`, `min-refresh-interval`,
        /// `full-refresh-interval`, `large-change`, `quiet-hour`; the quiet hour in the host's
        /// local time zone).
        public var ePaper: EPaperRefreshPolicy.Settings

        /// E-paper: a full refresh after this many partial ones.
        public var fullRefreshEvery: Int {
            get { ePaper.partialRefreshesBeforeFull }
            set { ePaper.partialRefreshesBeforeFull = newValue }
        }
    }

    /// How an OLED panel's picture moves against burn-in.
    public struct BurnIn: Equatable, Sendable {
        /// How the next offset is chosen; nil never shifts.
        public var strategy: PanelDisplay.ShiftStrategy? = .wearGuided
        /// The farthest the picture moves, in pixels each way.
        public var maximum: Int = PanelDisplay.Settings().maximumShift
        /// How often it moves by one step.
        public var period: Duration = .seconds(300)
    }

    /// A button: its name (used by bindings), its line and its simulator key.
    public struct Button: Equatable, Sendable {
        public var name: String
        /// The GPIO line: a BCM number or a line name from `glance gpio list`; nil for key-only buttons.
        public var line: LineReference?
        /// The key that presses it in the simulator.
        public var key: String?
    }

    /// A GPIO line by offset or by name.
    public enum LineReference: Equatable, Sendable, CustomStringConvertible {
        case offset(Int)
        case name(String)

        public var description: String {
            switch self {
            case .offset(let offset): "\(offset)"
            case .name(let name): name
            }
        }
    }

    /// How buttons are wired.
    public struct Buttons: Equatable, Sendable {
        /// GPIO chip labels to try in order (the first one present is used).
        public var chips: [String]
        /// True when a pressed button pulls the line low (the usual wiring with a pull-up).
        public var activeLow: Bool
        /// `pull-up`, `pull-down` or `none`.
        public var bias: String
        /// Edges closer than this to the previous one are bounce.
        public var debounce: Duration
        /// The buttons, in file order.
        public var list: [Button]

        /// No buttons.
        public static let none = Buttons(chips: [], activeLow: true, bias: "pull-up", debounce: .milliseconds(15), list: [])
    }

    /// Keys the simulator can map to buttons.
    static let keyNames = ["up", "down", "left", "right", "enter", "space", "tab", "escape", "backspace"]
        + "abcdefghijklmnoprstuvwxyz0123456789".map(String.init)

    // MARK: - Parsing

    /// Reads a board file.
    /// - Parameters:
    ///   - text: The YAML.
    ///   - file: The file name used in messages.
    /// - Throws: `ConfigurationError` naming file, line and column of every problem found.
    ///   Each setting is read on its own, so one with a problem does not hide the next; the
    ///   checks across settings run when the settings they compare were read.
    public init(yaml text: String, file: String) throws {
        let root = try Self.applyingPreset(to: try ConfigNode.parse(text, file: file))
        let fields = try root.mapping(allowed: ["name", "description", "panel", "buttons"])
        let name = root.attempt {
            guard let nameNode = fields["name"] else { throw root.missing("name", "the preset's name, e.g. my-oled") }
            return try nameNode.string()
        }
        let summary = root.attempt { try fields["description"]?.string() ?? "" }
        let panel = root.attempt {
            guard let panelNode = fields["panel"] else { throw root.missing("panel", "controller, size and bus of the display") }
            return try Self.panel(panelNode)
        }
        let buttons = root.attempt { try fields["buttons"].map(Self.buttons) ?? .none }
        guard let name, let summary, let panel, let buttons else {
            try root.problems.check()
            throw ConfigurationProblems.Abandoned()
        }
        (self.name, self.summary, self.panel, self.buttons) = (name, summary, panel, buttons)
        source = file
        if root.problems.count == 0 { root.attempt { try validate(root: root, buttonsNode: fields["buttons"]) } }
        try root.problems.check()
    }

    /// A board file that starts with `preset: NAME` (a built-in preset) is that preset with the
    /// file's own settings laid over it: mappings merge key by key (a button under
    /// `buttons.lines` is added, or changed in the keys it gives), a key set to nothing (`~`)
    /// removes the preset's, and any other value replaces the preset's. The result is checked
    /// as a whole; a problem in a part that came from the preset names the preset's file.
    private static func applyingPreset(to root: ConfigNode) throws -> ConfigNode {
        guard let mapping = root.node.mapping,
              let (key, value) = mapping.first(where: { $0.key.scalar?.string == "preset" }).map({ ($0.key, $0.value) }) else { return root }
        let presetNode = ConfigNode(node: value, file: root.file, path: "preset", problems: root.problems)
        let name = try presetNode.string()
        guard let text = EmbeddedBoards.files["\(name).yaml"] else {
            throw presetNode.error("no built-in preset named '\(name)' (built in: \(BoardCatalog.names.joined(separator: ", ")))",
                                   suggestion: Suggestions.closest(to: name, in: BoardCatalog.names))
        }
        let presetFile = "Boards/\(name).yaml"
        let preset = try ConfigNode.parse(text, file: presetFile)
        if preset.node.mapping?.contains(where: { $0.key.scalar?.string == "preset" }) == true {
            throw presetNode.error("preset '\(name)' itself takes a preset; name the one it takes instead")
        }
        let own = Node.Mapping(mapping.filter { $0.key != key }.map { ($0.key, $0.value) }, mapping.tag, mapping.style, mapping.mark)
        var fromPreset = [String]()
        let merged = merge(preset.node, over: .mapping(own), path: "", fromPreset: &fromPreset)
        let origin = ConfigNode.PresetOrigin(name: name, file: presetFile, namedAt: "\(root.file):\(presetNode.line):\(presetNode.column)",
                                             paths: fromPreset)
        return ConfigNode(node: merged, file: root.file, path: "", origin: origin, problems: root.problems)
    }

    /// `over` laid on `base` (see `applyingPreset`), collecting in `fromPreset` the paths of
    /// `base`'s subtrees kept whole.
    private static func merge(_ base: Node, over: Node, path: String, fromPreset: inout [String]) -> Node {
        guard let baseMapping = base.mapping, let overMapping = over.mapping else { return over }
        var mine = overMapping.map { ($0.key, $0.value) }
        var pairs = [(Node, Node)]()
        for (key, value) in baseMapping {
            let name = key.scalar?.string ?? ""
            let child = path.isEmpty ? name : "\(path).\(name)"
            guard let index = mine.firstIndex(where: { $0.0.scalar?.string == name }) else {
                pairs.append((key, value))
                fromPreset.append(child)
                continue
            }
            let (ownKey, ownValue) = mine.remove(at: index)
            if let scalar = ownValue.scalar, [.plain, .any].contains(scalar.style), ["", "~", "null"].contains(scalar.string) { continue }
            pairs.append((ownKey, merge(value, over: ownValue, path: child, fromPreset: &fromPreset)))
        }
        return .mapping(Node.Mapping(pairs + mine, overMapping.tag, overMapping.style, overMapping.mark))
    }

    /// The panel. Which other keys apply and what they may be depends on the controller, so a
    /// missing or unknown controller is the panel's one problem; past it each key is read on
    /// its own.
    private static func panel(_ node: ConfigNode) throws -> Panel {
        let before = node.problems.count
        let fields = try node.mapping(allowed: ["controller", "size", "bus", "address", "dc", "reset", "busy", "device", "backlight",
                                                "rotation", "mono", "look", "column-offset", "on-exit", "drive"] + Self.burnInKeys + Self.ePaperKeys)
        guard let controllerNode = fields["controller"] else {
            throw node.missing("controller", "one of: \(Controller.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let controller = Controller(rawValue: try controllerNode.choice(Controller.allCases.map(\.rawValue)))!
        let size = node.attempt { () throws -> Size in
            guard let sizeNode = fields["size"] else { throw node.missing("size", "WIDTHxHEIGHT, e.g. 128x64") }
            let size = try Self.size(sizeNode)
            if !controller.sizes.isEmpty, !controller.sizes.contains(size) {
                throw sizeNode.error("\(controller.rawValue) panels are \(controller.sizes.map { "\($0.width)x\($0.height)" }.joined(separator: ", ")), not \(size.width)x\(size.height)")
            }
            return size
        }
        let connection = node.attempt {
            guard let busNode = fields["bus"] else { throw node.missing("bus", "emulated, i2c-N, spi-B.C or framebuffer") }
            return try Self.connection(busNode, fields: fields, controller: controller, panel: node)
        }
        let rotation = node.attempt {
            let rotation = try fields["rotation"]?.int() ?? 0
            guard [0, 90, 180, 270].contains(rotation) else {
                throw fields["rotation"]!.error("rotation is \(rotation), expected 0, 90, 180 or 270")
            }
            return rotation
        }
        let mono = node.attempt { try fields["mono"].map { MonoConversion(rawValue: try $0.choice(["dither", "threshold"]) == "dither" ? "orderedDither" : "threshold")! } }
        let look = node.attempt { try fields["look"]?.choice(PanelLook.names) ?? (controller.isEPaper || controller.sharpModel != nil ? "paper" : "white") }
        let columnOffset = node.attempt {
            let columnOffset = try fields["column-offset"]?.int(in: 0...4) ?? (controller == .sh1106 ? 2 : 0)
            if fields["column-offset"] != nil, controller != .sh1106 {
                throw fields["column-offset"]!.error("column-offset applies only to sh1106 panels")
            }
            return columnOffset
        }
        let onExit = node.attempt { try fields["on-exit"]?.choice(["off", "keep"]) ?? (controller.isEPaper || controller.sharpModel != nil ? "keep" : "off") }
        let backlight = node.attempt {
            if let node = fields["backlight"], controller != .framebuffer {
                throw node.error("backlight applies only to framebuffer panels (\(controller.rawValue) has \(controller.isOLED ? "its own light" : "no backlight"))")
            }
            let backlight = try fields["backlight"]?.string() ?? "auto"
            if backlight.isEmpty || backlight.contains("/") || backlight.hasPrefix(".") {
                throw fields["backlight"]!.error("backlight is '\(backlight)', expected auto, none or a name in /sys/class/backlight")
            }
            return backlight
        }
        let burnIn = node.attempt { try Self.burnIn(fields, controller: controller) }
        let drive = node.attempt { try fields["drive"].map { try Self.drive($0, controller: controller) } ?? [:] }
        let ePaper = node.attempt { try Self.ePaper(fields, controller: controller) }
        guard node.problems.count == before, let size, let connection, let rotation, let mono, let look, let columnOffset, let onExit,
              let backlight, let burnIn, let drive, let ePaper else { throw ConfigurationProblems.Abandoned() }
        return Panel(controller: controller, size: size, connection: connection, rotation: rotation, mono: mono ?? .orderedDither,
                     look: look, columnOffset: columnOffset, onExit: onExit, backlight: backlight, burnIn: burnIn, drive: drive, ePaper: ePaper)
    }

    /// `drive:` — per level (`normal`, `dim`, `dimmest`) the module's contrast, pre-charge and
    /// VCOMH register values, each 0…255 (0x hex allowed), for modules whose best dimming
    /// differs from the controller's table (Docs/Panels.md, "Dimming").
    private static func drive(_ node: ConfigNode, controller: Controller) throws -> [BrightnessLevel: OLEDDrive] {
        if !controller.isOLED {
            throw node.error("drive applies only to OLED panels (\(controller.rawValue) has no contrast, pre-charge or VCOMH)")
        }
        let levels = [BrightnessLevel.normal, .dim, .dimmest]
        var table = [BrightnessLevel: OLEDDrive]()
        for (name, level) in try node.mapping(allowed: levels.map(\.rawValue)) {
            let registers = try level.mapping(allowed: ["contrast", "precharge", "vcomh"])
            func register(_ key: String) throws -> UInt8 {
                guard let value = registers[key] else { throw level.missing("\(key)", "0…255, e.g. 0x30") }
                return UInt8(try value.int(in: 0...255))
            }
            table[BrightnessLevel(rawValue: name)!] = OLEDDrive(contrast: try register("contrast"), precharge: try register("precharge"),
                                                               vcomh: try register("vcomh"))
        }
        return table
    }

    /// The panel keys of the burn-in shift.
    static let burnInKeys = ["shift", "max-shift", "shift-period"]

    /// The burn-in shift: wear-guided by default, every 5 minutes, at most 2 pixels each way.
    private static func burnIn(_ fields: [String: ConfigNode], controller: Controller) throws -> BurnIn {
        if !controller.isOLED, let key = burnInKeys.first(where: { fields[$0] != nil }) {
            throw fields[key]!.error("\(key) applies only to OLED panels (\(controller.rawValue) does not burn in)")
        }
        var burnIn = BurnIn()
        if let node = fields["shift"] {
            let choice = try node.choice(["off"] + PanelDisplay.ShiftStrategy.allCases.map(\.rawValue))
            burnIn.strategy = PanelDisplay.ShiftStrategy(rawValue: choice)
        }
        burnIn.maximum = try fields["max-shift"]?.int(in: 1...PanelPipeline.maximumShift) ?? burnIn.maximum
        burnIn.period = try fields["shift-period"]?.duration(in: .seconds(10)...(.seconds(24 * 3600))) ?? burnIn.period
        return burnIn
    }

    /// The panel keys of the e-paper refresh policy.
    static let ePaperKeys = ["full-refresh-every", "min-refresh-interval", "full-refresh-interval", "large-change", "quiet-hour"]

    /// The e-paper refresh policy: the makers' defaults (`EPaperRefreshPolicy.Settings`) with
    /// the board's overrides; the quiet hour is read in the host's local time zone.
    private static func ePaper(_ fields: [String: ConfigNode], controller: Controller) throws -> EPaperRefreshPolicy.Settings {
        if !controller.isEPaper, let key = ePaperKeys.first(where: { fields[$0] != nil }) {
            throw fields[key]!.error("\(key) applies only to e-paper panels (\(Controller.ePaper.map(\.rawValue).joined(separator: ", ")))")
        }
        let defaults = EPaperRefreshPolicy.Settings(timeZone: .current)
        var settings = defaults
        settings.partialRefreshesBeforeFull = try fields["full-refresh-every"]?.int(in: 0...1000) ?? defaults.partialRefreshesBeforeFull
        settings.minimumInterval = try fields["min-refresh-interval"]?.duration(in: .zero...(.seconds(3600))) ?? defaults.minimumInterval
        settings.fullRefreshInterval = try fields["full-refresh-interval"]?.duration(in: .seconds(600)...(.seconds(24 * 3600))) ?? defaults.fullRefreshInterval
        if let node = fields["large-change"] { settings.largeChange = try share(node) }
        if let node = fields["quiet-hour"] {
            let text = try node.string()
            settings.quietTime = text == "off" ? nil : try node.timeOfDay(text)
        }
        return settings
    }

    /// A share of the panel such as `40%` (1%…100%), or `off` (nil).
    private static func share(_ node: ConfigNode) throws -> Double? {
        let text = try node.string().trimmingCharacters(in: .whitespaces)
        if text == "off" { return nil }
        guard text.hasSuffix("%"), let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), percent.isFinite else {
            throw node.error("\(node.path) should be a share of the panel such as 40% (or off), found '\(text)'")
        }
        guard percent >= 1, percent <= 100 else { throw node.error("\(node.path) is \(text), expected 1%…100%") }
        return percent / 100
    }

    private static func size(_ node: ConfigNode) throws -> Size {
        let text = try node.string()
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (8...4096).contains(width), (8...4096).contains(height) else {
            throw node.error("size is '\(text)', expected WIDTHxHEIGHT such as 128x64")
        }
        return Size(width: width, height: height)
    }

    /// I2C bus numbers: /dev/i2c-N, whose minor number N is (20 bits).
    static let i2cBuses = 0...1_048_575
    /// SPI bus numbers: the kernel's are 16-bit signed, dynamic ones counting down from 32767.
    static let spiBuses = 0...32_767
    /// SPI chip selects: 8 bits in the kernel.
    static let chipSelects = 0...255

    /// `text` as a bus or chip-select number within `range`: decimal digits only (no sign,
    /// no spaces), or nil.
    private static func busNumber(_ text: Substring, in range: ClosedRange<Int>) -> Int? {
        guard !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    private static func connection(_ node: ConfigNode, fields: [String: ConfigNode], controller: Controller, panel: ConfigNode) throws -> Connection {
        let text = try node.string()
        func gpio(_ key: String) throws -> Int {
            guard let field = fields[key] else { throw panel.missing("\(key)", "the BCM number of the panel's \(key) line") }
            return try field.int(in: 0...511)
        }
        if text == "emulated" {
            return .emulated
        }
        if text.hasPrefix("i2c-") {
            guard let bus = Self.busNumber(text.dropFirst(4), in: Self.i2cBuses) else {
                throw node.error("bus is '\(text)', expected i2c-N with N from \(Self.i2cBuses.lowerBound) to \(Self.i2cBuses.upperBound), such as i2c-1")
            }
            guard controller.offersI2C else { throw node.error("\(controller.rawValue) panels are not wired over I2C; use \(controller == .framebuffer ? "framebuffer" : "spi-B.C")") }
            guard let addressNode = fields["address"] else { throw panel.missing("address", "0x3c or 0x3d for these panels") }
            let address = try addressNode.int(in: 0x08...0x77)
            return .i2c(bus: bus, address: address)
        }
        if text.hasPrefix("spi-") {
            let parts = text.dropFirst(4).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let bus = Self.busNumber(parts[0], in: Self.spiBuses), let cs = Self.busNumber(parts[1], in: Self.chipSelects) else {
                throw node.error("""
                    bus is '\(text)', expected spi-BUS.CS such as spi-0.0, with BUS from \(Self.spiBuses.lowerBound) to \(Self.spiBuses.upperBound) \
                    and CS from \(Self.chipSelects.lowerBound) to \(Self.chipSelects.upperBound)
                    """)
            }
            guard controller.offersSPI else { throw node.error("\(controller.rawValue) panels are wired over \(controller == .framebuffer ? "a framebuffer device; use framebuffer" : "I2C; use i2c-N")") }
            guard (0...1).contains(cs) || bus != 0 else { throw node.error("bus is '\(text)': SPI0 has chip selects 0 and 1") }
            // Three different lines, none of them a pin of the SPI bus itself.
            var taken = bus == 0 ? [9: "SPI MISO", 10: "SPI MOSI", 11: "SPI SCLK", 8 - cs: "SPI CE\(cs)"] : [:]
            var lines = [String: Int]()
            if !controller.isEPaper, let busy = fields["busy"] {
                throw busy.error("busy applies only to e-paper panels (\(controller.rawValue) has no BUSY line)")
            }
            if controller.sharpModel != nil, let key = ["dc", "reset"].first(where: { fields[$0] != nil }) {
                throw fields[key]!.error("\(key) does not apply to Sharp memory LCDs (their SPI has no D/C or RST line)")
            }
            let keys = controller.sharpModel != nil ? [] : ["dc", "reset"] + (controller.isEPaper ? ["busy"] : [])
            for key in keys {
                let line = try gpio(key)
                if let use = taken[line] {
                    throw fields[key]!.error("\(key) is GPIO\(line), which is already \(use); each panel line needs a pin of its own")
                }
                taken[line] = "the panel's \(key) line"
                lines[key] = line
            }
            return .spi(bus: bus, chipSelect: cs, dataCommand: lines["dc"], reset: lines["reset"], busy: lines["busy"])
        }
        if text == "framebuffer" {
            guard controller == .framebuffer else { throw node.error("bus 'framebuffer' needs controller: framebuffer") }
            return .framebuffer(path: try fields["device"]?.string() ?? "/dev/fb1")
        }
        throw node.error("bus is '\(text)', expected emulated, i2c-N (e.g. i2c-1), spi-B.C (e.g. spi-0.0) or framebuffer")
    }

    /// The buttons; each setting and each button is read on its own.
    private static func buttons(_ node: ConfigNode) throws -> Buttons {
        let before = node.problems.count
        let fields = try node.mapping(allowed: ["chip", "active-low", "bias", "debounce", "lines"])
        let chips = node.attempt { () throws -> [String] in
            guard let chip = fields["chip"] else { return [] }
            return chip.node.sequence != nil ? try chip.sequence().map { try $0.string() } : [try chip.string()]
        }
        var list = [Button]()
        var names = Set<String>()
        let lines = fields["lines"].flatMap { lines in lines.attempt { try lines.pairs() } } ?? []
        for (name, keyNode, value) in lines {
            guard names.insert(name).inserted else {
                node.problems.note(keyNode.error("button '\(name)' is defined twice"))
                continue
            }
            let button = value.attempt { () throws -> Button in
                let settings = try value.mapping(allowed: ["line", "key"])
                let line = value.attempt { () throws -> LineReference? in
                    guard let lineNode = settings["line"] else { return nil }
                    let text = try lineNode.string()
                    let line = Int(text).map { LineReference.offset($0) } ?? .name(text)
                    if case .offset(let offset) = line, !(0...511).contains(offset) {
                        throw lineNode.error("line \(offset) is out of range (0…511)")
                    }
                    return line
                }
                let key = value.attempt { try settings["key"]?.choice(keyNames) }
                guard let line, let key else { throw ConfigurationProblems.Abandoned() }
                guard line != nil || key != nil else { throw value.error("button '\(name)' needs a 'line' (GPIO) or a 'key' (simulator)") }
                return Button(name: name, line: line, key: key)
            }
            if let button { list.append(button) }
        }
        let activeLow = node.attempt { try fields["active-low"]?.bool() ?? true }
        let bias = node.attempt { try fields["bias"]?.choice(["pull-up", "pull-down", "none"]) ?? "pull-up" }
        let debounce = node.attempt { try fields["debounce"]?.duration(in: .zero...(.seconds(1))) ?? .milliseconds(15) }
        guard node.problems.count == before, let chips, let activeLow, let bias, let debounce else { throw ConfigurationProblems.Abandoned() }
        return Buttons(chips: chips, activeLow: activeLow, bias: bias, debounce: debounce, list: list)
    }

    /// Cross-field checks: buttons with lines need a chip, and never sit on the panel's bus pins.
    private func validate(root: ConfigNode, buttonsNode: ConfigNode?) throws {
        guard let buttonsNode else { return }
        if buttons.list.contains(where: { $0.line != nil }), buttons.chips.isEmpty {
            throw buttonsNode.error("buttons with GPIO lines need 'chip' (a chip label such as pinctrl-bcm2711; see glance gpio list)")
        }
        var reserved = [Int: String]()
        switch panel.connection {
        case .i2c(bus: 1, _): reserved = [2: "I2C SDA", 3: "I2C SCL"]
        case .spi(let bus, let cs, let dc, let reset, let busy):
            // Distinct keys: `connection` refused duplicates already.
            for (line, use) in [(dc, "the panel's DC line"), (reset, "the panel's RST line"), (busy, "the panel's BUSY line")] {
                if let line { reserved[line] = use }
            }
            if bus == 0 { reserved.merge([9: "SPI MISO", 10: "SPI MOSI", 11: "SPI SCLK", 8 - cs: "SPI CE\(cs)"]) { first, _ in first } }
        default: break
        }
        for button in buttons.list {
            if case .offset(let offset)? = button.line, let use = reserved[offset] {
                throw buttonsNode.error("button '\(button.name)' is on GPIO\(offset), which is \(use) of the panel; claiming it as an input would disconnect the panel")
            }
        }
    }
}
