import GlanceGraphics

/// What a panel draws from its supply: the current of its lit pixels (OLED), its refreshes
/// (e-paper), the bus transfers that reach it, and what it draws on or asleep with nothing to do.
///
/// Every figure is a typical value from the controller's datasheet or the panel maker's
/// specification, named next to it; where no source gave a figure for a controller, the
/// SSD1306's is used and the figure's note says so. The model estimates, it does not measure:
/// a module's own regulator, its IREF resistor and the panel's pixel capacitance all move the
/// real figures, so compare faces and widgets with it rather than batteries.
///
/// Currents are from the module's supply at `supplyVoltage` (3.3 V on every board Glance
/// knows); energies are joules.
public struct PowerModel: Hashable, Sendable {
    /// A short name for reports: the controller and where its figures come from.
    public var name: String
    /// The module's supply voltage, in volts.
    public var supplyVoltage: Double
    /// Lit-pixel and standing currents of an OLED controller; nil for other panels.
    public var oled: OLED?
    /// Refresh energy of an e-paper panel; nil for other panels.
    public var ePaper: EPaper?
    /// Holding power and line writes of a memory LCD; nil for other panels.
    public var memoryLCD: MemoryLCD?
    /// What a transfer over the panel's bus costs.
    public var bus: Bus

    /// Creates a model.
    public init(name: String, supplyVoltage: Double = 3.3, oled: OLED? = nil, ePaper: EPaper? = nil, memoryLCD: MemoryLCD? = nil,
                bus: Bus = .i2c) {
        self.name = name
        self.supplyVoltage = supplyVoltage
        self.oled = oled
        self.ePaper = ePaper
        self.memoryLCD = memoryLCD
        self.bus = bus
    }

    // MARK: - OLED

    /// A passive-matrix OLED controller's currents.
    ///
    /// A segment driver sources `segmentCurrent` into the lit pixel of the row being scanned;
    /// the rows take turns, so a lit pixel draws `segmentCurrent / rows` on average. That
    /// current comes from the panel supply VCC, which the module makes from the 3.3 V supply
    /// (a charge pump or a boost converter) at `supplyPerPanelCurrent` amperes drawn per
    /// ampere delivered. How hard a pixel is driven below full drive is the controller's
    /// `light(at:)` — the weight the wear map uses too — since an OLED's light is proportional
    /// to its current.
    public struct OLED: Hashable, Sendable {
        /// The segment current of a lit pixel at full drive (contrast FF), in amperes.
        public var segmentCurrent: Double
        /// The rows multiplexed (the MUX ratio): each pixel is driven one row time in this many.
        public var rows: Int
        /// Amperes drawn from the supply per ampere of panel (VCC) current.
        public var supplyPerPanelCurrent: Double
        /// The logic's current while the display is on (VDD, from the supply), in amperes.
        public var logicCurrent: Double
        /// The drivers' own VCC current while the display is on, nothing lit by the panel, in amperes.
        public var driverCurrent: Double
        /// The current of every rail together while the display is off (sleep), in amperes.
        public var sleepCurrent: Double

        /// Creates OLED figures.
        public init(segmentCurrent: Double, rows: Int, supplyPerPanelCurrent: Double, logicCurrent: Double, driverCurrent: Double,
                    sleepCurrent: Double) {
            self.segmentCurrent = segmentCurrent
            self.rows = max(1, rows)
            self.supplyPerPanelCurrent = supplyPerPanelCurrent
            self.logicCurrent = logicCurrent
            self.driverCurrent = driverCurrent
            self.sleepCurrent = sleepCurrent
        }

        /// The supply current of one pixel lit at full drive, averaged over the scan, in amperes.
        public var pixelCurrent: Double { segmentCurrent / Double(rows) * supplyPerPanelCurrent }

        /// The supply current of the display on with nothing lit, in amperes.
        public var onCurrent: Double { logicCurrent + driverCurrent * supplyPerPanelCurrent }
    }

    /// The power of `pixels` fully lit pixels (a gray pixel counts its level over 255) at `light`
    /// (0…1 of full drive, the controller's `light(at:)`), in watts; 0 on panels without lit pixels.
    public func litPower(pixels: Double, light: Double) -> Double {
        guard let oled else { return 0 }
        return pixels * oled.pixelCurrent * max(0, light) * supplyVoltage
    }

    /// What the panel draws with nothing lit, refreshed or sent, in watts: on (`isOn`) or
    /// asleep / off. E-paper panels draw their standby current either way.
    public func basePower(isOn: Bool) -> Double {
        if let oled { return (isOn ? oled.onCurrent : oled.sleepCurrent) * supplyVoltage }
        if let ePaper { return ePaper.standbyCurrent * supplyVoltage }
        return memoryLCD?.holdingPower ?? 0
    }

    // MARK: - Memory LCD

    /// A memory LCD: each pixel keeps its state in its own memory, so the panel draws a small
    /// holding power (with VCOM inverted once a second) and an energy for every line written.
    public struct MemoryLCD: Hashable, Sendable {
        /// The power while holding a picture, VCOM inverted once a second, in watts.
        public var holdingPower: Double
        /// The energy of writing one line, in joules.
        public var lineEnergy: Double

        /// Creates memory LCD figures.
        public init(holdingPower: Double, lineEnergy: Double) {
            self.holdingPower = holdingPower
            self.lineEnergy = lineEnergy
        }
    }

    /// The energy of the panel writing `lines` lines (memory LCDs; 0 on other panels), in joules.
    public func lineWriteEnergy(lines: Int) -> Double {
        (memoryLCD?.lineEnergy ?? 0) * Double(lines)
    }

    /// Sharp LS027B7DH01 (2.7", 400×240) from Sharp's LCD Application Note 7, "Memory LCD
    /// Programming", power considerations: writing every pixel once a second averages 485 µW,
    /// once every 30 s with VCOM inverted once a second 135 µW. Solved for the two unknowns:
    /// a full write (240 lines) costs 362 µJ, 1.51 µJ a line, and holding 123 µW.
    public static let ls027b7dh01 = PowerModel(
        name: "LS027B7DH01 (Sharp LCD Application Note 7, power considerations)",
        memoryLCD: MemoryLCD(holdingPower: 485e-6 - 350e-6 * 30 / 29, lineEnergy: 350e-6 * 30 / 29 / 240), bus: .spi)

    /// Sharp LS013B7DH03 (1.28", 128×128): no figure for it was read, so the 1.35" 96×96 panel
    /// of the same application note per pixel: 2.1 µA quiescent at 5 V, a full write 360 µA for
    /// 5.38 ms (9.7 µJ, 1.05 nJ a pixel, 0.13 µJ a 128-pixel line), 11.5 µW written every 30 s
    /// with VCOM inverted once a second (holding 11.2 µW).
    public static let ls013b7dh03 = PowerModel(
        name: "LS013B7DH03 (no figures found: Sharp LCD Application Note 7's 1.35\" panel per pixel)",
        memoryLCD: MemoryLCD(holdingPower: 11.5e-6 - 360e-6 * 5.38e-3 * 5 / 30, lineEnergy: 360e-6 * 5.38e-3 * 5 / 9216 * 128), bus: .spi)

    // MARK: - E-paper

    /// An e-paper panel's refreshes: the panel maker's refresh power over the time a refresh takes.
    public struct EPaper: Hashable, Sendable {
        /// The power while a refresh runs, in watts.
        public var refreshPower: Double
        /// How long a full refresh takes, in seconds.
        public var fullRefresh: Double
        /// How long a partial refresh takes, in seconds.
        public var partialRefresh: Double
        /// The current between refreshes, in amperes.
        public var standbyCurrent: Double

        /// Creates e-paper figures.
        public init(refreshPower: Double, fullRefresh: Double, partialRefresh: Double, standbyCurrent: Double) {
            self.refreshPower = refreshPower
            self.fullRefresh = fullRefresh
            self.partialRefresh = partialRefresh
            self.standbyCurrent = standbyCurrent
        }

        /// The energy of one refresh of `kind`, in joules.
        public func energy(of kind: RefreshKind) -> Double {
            refreshPower * (kind == .full ? fullRefresh : partialRefresh)
        }
    }

    /// The energy of one e-paper refresh of `kind`, in joules; 0 on other panels.
    public func refreshEnergy(_ kind: RefreshKind) -> Double {
        ePaper?.energy(of: kind) ?? 0
    }

    // MARK: - Bus

    /// A transfer's energy: the wire time at the bus clock times the current the bus draws
    /// meanwhile. Small next to the panel's own currents; it is here so that a widget that
    /// changes every second shows what its traffic adds.
    public struct Bus: Hashable, Sendable {
        /// How the wire time of a transfer is counted.
        public enum Kind: String, Hashable, Sendable {
            /// 9 clocks a byte plus 11 a transaction (`BusCost.clocks`).
            case i2c
            /// 8 clocks a byte.
            case spi
        }

        /// The bus.
        public var kind: Kind
        /// Bus clocks per second.
        public var hertz: Double
        /// The supply current while bytes are on the wire, in amperes.
        public var current: Double

        /// Creates bus figures.
        public init(kind: Kind, hertz: Double, current: Double) {
            self.kind = kind
            self.hertz = hertz
            self.current = current
        }

        /// I2C at 400 kHz (fast mode, the SSD13xx and SH1106 maximum) drawing 1.8 mA: a
        /// Raspberry Pi pulls SDA and SCL up with 1.8 kΩ to 3.3 V (1.83 mA a line while it is
        /// low; each line is low about half the time). The controllers' own logic current while
        /// receiving is in `OLED.logicCurrent` already.
        public static let i2c = Bus(kind: .i2c, hertz: 400_000, current: 0.0018)

        /// SPI at 4 MHz (`LinuxSPIDevice.defaultSpeed`) drawing 1 mA: push-pull lines charge
        /// only their capacitance, so this is a generous bound — an e-paper refresh costs
        /// thousands of times more.
        public static let spi = Bus(kind: .spi, hertz: 4_000_000, current: 0.001)

        /// The wire time of `cost`, in seconds.
        public func seconds(_ cost: BusCost) -> Double {
            switch kind {
            case .i2c: cost.seconds(atHertz: hertz)
            case .spi: Double(cost.bytes * 8) / hertz
            }
        }
    }

    /// The energy of sending `cost` over the panel's bus, in joules.
    public func busEnergy(_ cost: BusCost) -> Double {
        bus.seconds(cost) * bus.current * supplyVoltage
    }

    // MARK: - Controllers

    /// The model of `controller`; nil for controllers without one (framebuffers).
    public static func of(_ controller: any PanelController) -> PowerModel? {
        (controller as? any PowerRated)?.powerModel
    }

    /// The SSD1306's panel currents, used for the controllers whose datasheets gave no figure.
    ///
    /// - Segment current, 100 µA at contrast FF: SSD1306 Rev 1.5 §8.8, "ISEG = Contrast / 256 ×
    ///   IREF × scale factor", scale factor 8, IREF 12.5 µA recommended "so as to achieve
    ///   ISEG = 100uA at maximum contrast 255".
    /// - Supply per panel current, 3: the charge pump (`8D 14`) makes VCC 7.5 V from VBAT
    ///   3.3–4.2 V (SSD1306 §8.10 and DC characteristics; SSD1315 Rev 1.1 §6.10 and Table 8-1
    ///   give 7.5 V from 3.0–4.5 V with two flying capacitors). The datasheets name no ratio or
    ///   efficiency. A doubler cannot reach 7.5 V from 3.3 V (6.6 V), so the pump multiplies by
    ///   three and regulates down; a switched-capacitor tripler draws three times its output
    ///   current (76 % efficient at 3.3 V; energy alone would allow 7.5 / 3.3 = 2.27).
    /// - Logic 240 µA, drivers 625 µA, sleep 20 µA: SSD1315 Rev 1.1 Table 8-1 (IDD and ICC typical
    ///   with display on, all on, no panel; IDD, ICC and IBAT sleep at most 10 µA each — no typical
    ///   is given, so the two rails of a pump module count their maxima). The SSD1306 table could
    ///   not be read here; the SSD1315 is its pin- and command-compatible successor.
    static func ssd1306Panel(rows: Int) -> OLED {
        OLED(segmentCurrent: 100e-6, rows: rows, supplyPerPanelCurrent: 3, logicCurrent: 240e-6, driverCurrent: 625e-6, sleepCurrent: 20e-6)
    }

    /// SSD1306 with its charge pump, `rows` multiplexed (64 on 128×64, 32 on 128×32).
    public static func ssd1306(rows: Int = 64) -> PowerModel {
        PowerModel(name: "SSD1306 (Solomon Systech SSD1306 Rev 1.5 §8.8; standing currents from SSD1315 Rev 1.1 Table 8-1)",
                   oled: ssd1306Panel(rows: rows))
    }

    /// SSD1315 with the internal IREF (`AD 30`): ISEG 240 µA at contrast FF (SSD1315 Rev 1.1
    /// §6.8, "ISEG = (Contrast / 32) x IREF", IREF 30 µA; Table 8-1: 240 µA at FF), the
    /// SSD1306's pump, and its own Table 8-1 standing currents.
    public static func ssd1315(rows: Int = 64) -> PowerModel {
        var oled = ssd1306Panel(rows: rows)
        oled.segmentCurrent = 240e-6
        return PowerModel(name: "SSD1315 (Solomon Systech SSD1315 Rev 1.1 §6.8, Table 8-1)", oled: oled)
    }

    /// SSD1309 (2.42" modules, VCC from the module's boost converter): no figure could be read
    /// from its datasheet here, so every figure is the SSD1306's, the boost counted like the
    /// SSD1306's pump (a 3.3 V → 12 V boost at 80 % would draw 4.5 times its output instead).
    public static func ssd1309(rows: Int = 64) -> PowerModel {
        PowerModel(name: "SSD1309 (no datasheet figures found: the SSD1306's)", oled: ssd1306Panel(rows: rows))
    }

    /// SH1106: segment current 200 µA at contrast FF (SH1106 V2.3 features, "maximum segment
    /// output current"; the datasheet gives no module IREF), sleep under 5 µA (features: "Sleep
    /// mode: <5μA"), VPP 6.4–9.0 V from VDD2 3.0–4.2 V by the internal charge pump (a doubler
    /// cannot reach 6.4 V from 3.0 V either: counted like the SSD1306's). The display-on
    /// standing currents were not found: the SSD1306's.
    public static func sh1106() -> PowerModel {
        var oled = ssd1306Panel(rows: 64)
        oled.segmentCurrent = 200e-6
        oled.sleepCurrent = 5e-6
        return PowerModel(name: "SH1106 (Sino Wealth SH1106 V2.3 features; standing currents the SSD1306's)", oled: oled)
    }

    /// SH1107 (128×128): the SH1106's figures (same maker and family; sleep under 5 µA is in
    /// the SH1107's features too), over 128 rows.
    public static func sh1107() -> PowerModel {
        var oled = ssd1306Panel(rows: 128)
        oled.segmentCurrent = 200e-6
        oled.sleepCurrent = 5e-6
        return PowerModel(name: "SH1107 (the SH1106's figures over 128 rows)", oled: oled)
    }

    /// SSD1327 (128×128, 16 grays; a gray pixel counts its level): no figure could be read
    /// from its datasheet here, so the SSD1306's, over its 128 rows.
    public static func ssd1327() -> PowerModel {
        PowerModel(name: "SSD1327 (no datasheet figures found: the SSD1306's over 128 rows)", oled: ssd1306Panel(rows: 128))
    }

    /// SSD1680 on the Waveshare 2.13" e-Paper HAT V4: refresh power 26.4 mW and standby current
    /// under 0.01 µA (Waveshare 2.13inch e-Paper HAT specification, "Refresh power: 26.4mW
    /// (typ.)", "Standby current: <0.01uA"), over the refresh durations the controller expects
    /// (`SSD1680Controller.Settings`: full 2 s, partial 0.4 s; Waveshare lists 2 s and 0.3 s).
    /// The SSD1681 1.54" modules get the same figures from Waveshare's 1.54" e-Paper raw panel
    /// user guide ("Refresh power 26.4mW (typ.)", "Standby current < 0.01uA", refresh 2 s).
    public static func ssd1680(settings: SSD1680Controller.Settings = .init(), panel: SSD16xxPanel = .ssd1680_122x250) -> PowerModel {
        PowerModel(name: panel == .ssd1680_122x250 ? "SSD1680 (Waveshare 2.13\" e-Paper HAT specification)"
                       : "\(panel.name) (Waveshare 1.54\" e-Paper raw panel user guide)",
                   ePaper: EPaper(refreshPower: 0.0264, fullRefresh: settings.expectedFullRefresh.timeInterval,
                                  partialRefresh: settings.expectedPartialRefresh.timeInterval, standbyCurrent: 0.01e-6),
                   bus: .spi)
    }
}

extension PowerModel {
    /// UC8151 2.9" modules: no power figures were found for them, so the Waveshare 2.13"
    /// module's refresh power and standby current, over this controller's refresh durations.
    public static func uc8151(settings: SSD1680Controller.Settings = UC8151Controller.defaultSettings) -> PowerModel {
        PowerModel(name: "UC8151 128×296 (no figures found: the Waveshare 2.13\" e-Paper HAT's)",
                   ePaper: EPaper(refreshPower: 0.0264, fullRefresh: settings.expectedFullRefresh.timeInterval,
                                  partialRefresh: settings.expectedPartialRefresh.timeInterval, standbyCurrent: 0.01e-6),
                   bus: .spi)
    }
}

/// A controller whose power draw Glance can estimate.
public protocol PowerRated: PanelController {
    /// The controller's power model.
    nonisolated var powerModel: PowerModel { get }
}

extension SSD1306Controller: PowerRated {
    /// The model of the chip, over the module's rows, on the bus it is wired to.
    public nonisolated var powerModel: PowerModel {
        var power: PowerModel = switch model.variant {
        case .ssd1306: .ssd1306(rows: model.size.height)
        case .ssd1315: .ssd1315(rows: model.size.height)
        case .ssd1309: .ssd1309(rows: model.size.height)
        }
        // The 7-pin modules take the same commands over 4-wire SPI.
        if wiredOverSPI { power.bus = .spi }
        return power
    }
}

extension SH1106Controller: PowerRated {
    /// The SH1106's model.
    public nonisolated var powerModel: PowerModel { .sh1106() }
}

extension SH1107Controller: PowerRated {
    /// The SH1107's model.
    public nonisolated var powerModel: PowerModel { .sh1107() }
}

extension SSD1322Controller: PowerRated {
    /// The SSD1322's model: no figures found, the SSD1306's over its 64 rows (as the SSD1327's).
    public nonisolated var powerModel: PowerModel {
        PowerModel(name: "SSD1322 (no datasheet figures found: the SSD1306's over 64 rows)", oled: PowerModel.ssd1306Panel(rows: 64),
                   bus: .spi)
    }
}

extension SSD1327Controller: PowerRated {
    /// The SSD1327's model.
    public nonisolated var powerModel: PowerModel { .ssd1327() }
}

extension UC8151Controller: PowerRated {
    /// The UC8151 panel's model, with this controller's refresh durations.
    public nonisolated var powerModel: PowerModel { .uc8151(settings: settings) }
}

extension SharpMemoryController: PowerRated {
    /// The panel's model.
    public nonisolated var powerModel: PowerModel { model == .ls013b7dh03 ? .ls013b7dh03 : .ls027b7dh01 }
}

extension SSD1680Controller: PowerRated {
    /// The SSD1680 panel's model, with this controller's refresh durations.
    public nonisolated var powerModel: PowerModel { .ssd1680(settings: settings, panel: model) }
}
