import GlanceGraphics

/// The energy a panel's frames cost, by who drew the pixels: the widget each slot shows, the
/// parts of the face outside every slot (`outsideKey`), and the panel itself (`panelKey`).
///
/// Everything is attributed in the frame's coordinates (what the controller's RAM holds,
/// after the burn-in shift and rotation) through a `Layout` that says which slot owns each
/// pixel, so the pixels that cost are the pixels on the glass:
/// - **lit pixels** (OLED): while a frame is up, each slot's lit pixels (a gray pixel counts
///   its level over 255) at the display's light (`PanelController.light(at:)`);
/// - **bus**: each written region's transfer, split over the slots by the region's pixels they own;
/// - **refreshes** (e-paper): each refresh, split over the slots by the pixels that changed; a
///   refresh that changed nothing (against ghosting, or a daily one) is the panel's; on a memory
///   LCD, the lines written, split as the bus is;
/// - **base**: the display on with nothing lit, or asleep, is the panel's.
///
/// Time comes from the caller: `open(_:light:layout:names:at:)` when a frame goes up, `close(at:)`
/// when it is replaced or the figures are read. The ledger keeps no clock and does no I/O.
public struct EnergyLedger: Sendable {
    /// Energy by kind, in joules.
    public struct Energy: Hashable, Sendable {
        /// Lit pixels.
        public var lit = 0.0
        /// Bus transfers.
        public var bus = 0.0
        /// E-paper refreshes; memory LCD line writes.
        public var refresh = 0.0
        /// The display on with nothing lit, or asleep.
        public var base = 0.0

        /// Creates an energy.
        public init(lit: Double = 0, bus: Double = 0, refresh: Double = 0, base: Double = 0) {
            self.lit = lit
            self.bus = bus
            self.refresh = refresh
            self.base = base
        }

        /// All kinds together.
        public var total: Double { lit + bus + refresh + base }

        /// Kind-wise sum.
        public static func + (lhs: Energy, rhs: Energy) -> Energy {
            Energy(lit: lhs.lit + rhs.lit, bus: lhs.bus + rhs.bus, refresh: lhs.refresh + rhs.refresh, base: lhs.base + rhs.base)
        }
    }

    /// Which slot owns each pixel of a frame (RAM coordinates).
    public struct Layout: Hashable, Sendable {
        /// The frame's size.
        public let size: Size
        /// Per pixel, row by row: 0 outside every slot, `i + 1` for slot `i` (a later slot over an earlier one).
        public let owners: [UInt8]
        /// The slots laid out.
        public let slotCount: Int

        /// Lays out `slots` (picture coordinates) through `place`, which turns a picture of
        /// `pictureSize` into the frame the panel holds (the pipeline's `frame(for:shift:)`).
        /// At most 254 slots count; later ones are outside.
        public init(slots: [Rect], pictureSize: Size, place: (Bitmap) -> Bitmap) {
            let counted = Array(slots.prefix(254))
            // One probe per slot: a picture lit only there, placed as the pipeline places
            // pictures, lights exactly the frame pixels the slot's content lands on.
            let probes = counted.map { rect in
                var probe = Bitmap(size: pictureSize)
                probe.fill(rect, value: 255)
                return place(probe)
            }
            size = probes.first?.size ?? place(Bitmap(size: pictureSize)).size
            var owners = [UInt8](repeating: 0, count: size.width * size.height)
            for (index, placed) in probes.enumerated() where placed.size == size {
                for (pixel, value) in placed.pixels.enumerated() where value != 0 { owners[pixel] = UInt8(index + 1) }
            }
            self.owners = owners
            slotCount = counted.count
        }

        /// Lays out `slots` as `pipeline` places pictures moved by `shift`.
        public init(slots: [Rect], pipeline: PanelPipeline, shift: Point) {
            self.init(slots: slots, pictureSize: pipeline.pictureSize) { pipeline.frame(for: $0, shift: shift) }
        }

        /// Pixels of `rect` (clipped to the frame) by owner: index 0 outside, `i + 1` slot `i`.
        func ownedPixels(in rect: Rect) -> [Int] {
            var counts = [Int](repeating: 0, count: slotCount + 1)
            let area = rect.intersection(Rect(origin: .zero, size: size))
            guard !area.isEmpty else { return counts }
            owners.withUnsafeBufferPointer { owners in
                for y in area.minY..<area.maxY {
                    for x in area.minX..<area.maxX { counts[Int(owners[y * size.width + x])] += 1 }
                }
            }
            return counts
        }
    }

    /// The key of what lies outside every slot (gaps, a focus ring drawn across slots).
    public static let outsideKey = "(outside slots)"
    /// The key of the panel itself: on with nothing lit, asleep, refreshes that changed nothing.
    public static let panelKey = "(panel)"

    /// The figures the energies come from.
    public let model: PowerModel
    /// Energy so far, by key: widget kinds (the names slots were given), `outsideKey`, `panelKey`.
    public private(set) var energy: [String: Energy] = [:]
    /// Seconds accounted so far.
    public private(set) var seconds: Double = 0

    /// The frame on the glass and what it costs per second, since when.
    private struct Exposure {
        var frame: Bitmap?
        var names: [String]
        var light: Double
        /// Full-drive lit pixels per owner (0 outside, `i + 1` slot `i`).
        var lit: [Double]
        var since: Date
    }

    private var exposure: Exposure?

    /// An empty ledger for a panel of `model`.
    public init(model: PowerModel) {
        self.model = model
    }

    /// The frame the ledger is accounting now (RAM orientation); nil before the first or while unknown.
    public var shownFrame: Bitmap? { exposure?.frame }

    // MARK: - Time on the glass

    /// Accounts the time from when the current frame went up (or was last accounted) to `date`.
    public mutating func close(at date: Date) {
        guard var exposure else { return }
        let duration = date.timeIntervalSince(exposure.since)
        guard duration > 0 else { return }
        seconds += duration
        energy[Self.panelKey, default: Energy()].base += model.basePower(isOn: exposure.light > 0) * duration
        if exposure.light > 0 {
            for (owner, pixels) in exposure.lit.enumerated() where pixels > 0 {
                energy[key(owner, exposure.names), default: Energy()].lit += model.litPower(pixels: pixels, light: exposure.light) * duration
            }
        }
        exposure.since = date
        self.exposure = exposure
    }

    /// Starts accounting `frame` (RAM orientation; nil when what the glass shows is unknown,
    /// which counts no lit pixel) from `date`, a fully lit pixel giving `light` (0…1 of full
    /// drive; 0 while the display is off), slot `i` showing the widget `names[i]`.
    /// Call `close(at:)` first: the frame before is accounted up to then.
    public mutating func open(_ frame: Bitmap?, light: Double, layout: Layout, names: [String], at date: Date) {
        var lit = [Double](repeating: 0, count: layout.slotCount + 1)
        if model.oled != nil, let frame, frame.size == layout.size {
            frame.pixels.withUnsafeBufferPointer { pixels in
                layout.owners.withUnsafeBufferPointer { owners in
                    var sums = [Int](repeating: 0, count: layout.slotCount + 1)
                    for index in 0..<pixels.count { sums[Int(owners[index])] += Int(pixels[index]) }
                    for owner in sums.indices { lit[owner] = Double(sums[owner]) / 255 }
                }
            }
        }
        exposure = Exposure(frame: frame, names: names, light: light, lit: lit, since: date)
    }

    // MARK: - Transfers and refreshes

    /// Adds the bus energy of writing `regions` (RAM coordinates, as `PanelPipeline.Outcome.written`
    /// names them), each region's cost (`addressing`) split over the slots by the pixels they own in
    /// it; on a memory LCD also the panel's energy for the lines written, split the same way.
    public mutating func addTransfer(_ regions: [Rect], addressing: TransferAddressing, layout: Layout, names: [String]) {
        let planner = TransferPlanner(addressing: addressing)
        for region in regions {
            let weights = layout.ownedPixels(in: region)
            distribute(model.busEnergy(planner.cost(of: [region])), weights: weights, names: names, into: \.bus)
            distribute(model.lineWriteEnergy(lines: region.height), weights: weights, names: names, into: \.refresh)
        }
    }

    /// Adds the energy of `refreshes` e-paper refreshes that turned `old` into `new` (RAM
    /// orientation), split over the slots by the pixels that changed; when nothing changed, the
    /// panel's; when the old frame is unknown, split by the pixels of the written `regions`.
    public mutating func addRefreshes(_ refreshes: [RefreshKind: Int], from old: Bitmap?, to new: Bitmap?, regions: [Rect],
                                      layout: Layout, names: [String]) {
        let joules = refreshes.reduce(0.0) { $0 + model.refreshEnergy($1.key) * Double($1.value) }
        guard joules > 0 else { return }
        var weights = [Int](repeating: 0, count: layout.slotCount + 1)
        if let old, let new, old.size == new.size, new.size == layout.size {
            for index in new.pixels.indices where old.pixels[index] != new.pixels[index] { weights[Int(layout.owners[index])] += 1 }
        } else {
            for region in regions {
                for (owner, count) in layout.ownedPixels(in: region).enumerated() { weights[owner] += count }
            }
        }
        if weights.allSatisfy({ $0 == 0 }) {
            energy[Self.panelKey, default: Energy()].refresh += joules
        } else {
            distribute(joules, weights: weights, names: names, into: \.refresh)
        }
    }

    private mutating func distribute(_ joules: Double, weights: [Int], names: [String], into kind: WritableKeyPath<Energy, Double>) {
        let total = weights.reduce(0, +)
        guard joules > 0 else { return }
        guard total > 0 else {
            energy[Self.outsideKey, default: Energy()][keyPath: kind] += joules
            return
        }
        for (owner, weight) in weights.enumerated() where weight > 0 {
            energy[key(owner, names), default: Energy()][keyPath: kind] += joules * Double(weight) / Double(total)
        }
    }

    private func key(_ owner: Int, _ names: [String]) -> String {
        owner == 0 || owner > names.count ? Self.outsideKey : names[owner - 1]
    }

    // MARK: - Report

    /// The ledger's figures, averaged over the time accounted.
    public struct Report: Hashable, Sendable {
        /// One key's figures.
        public struct Line: Hashable, Sendable {
            /// A widget kind, `outsideKey` or `panelKey`; "total" for the sum.
            public var key: String
            /// Joules over the time accounted, by kind.
            public var energy: Energy
            /// Joules per day at the rate accounted.
            public var joulesPerDay: Double
            /// Milliwatt-hours per day at the rate accounted.
            public var milliwattHoursPerDay: Double
            /// This key's part of the total, 0…1.
            public var share: Double
        }

        /// The model's name (which figures, from where).
        public var model: String
        /// Seconds accounted.
        public var seconds: Double
        /// Every key, dearest first.
        public var lines: [Line]
        /// Everything together.
        public var total: Line

        /// The line of `key`, if anything was accounted to it.
        public func line(_ key: String) -> Line? { lines.first { $0.key == key } }
    }

    /// The figures so far (call `close(at:)` first to include the frame on the glass up to now).
    public func report() -> Report {
        let perDay = seconds > 0 ? 86_400 / seconds : 0
        let sum = energy.values.reduce(Energy(), +)
        func line(_ key: String, _ energy: Energy) -> Report.Line {
            let joules = energy.total * perDay
            return Report.Line(key: key, energy: energy, joulesPerDay: joules, milliwattHoursPerDay: joules / 3.6,
                               share: sum.total > 0 ? energy.total / sum.total : 0)
        }
        let lines = energy.map { line($0.key, $0.value) }.sorted { ($0.energy.total, $1.key) > ($1.energy.total, $0.key) }
        return Report(model: model.name, seconds: seconds, lines: lines, total: line("total", sum))
    }
}
