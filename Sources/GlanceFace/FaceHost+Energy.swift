import Foundation
import GlanceGraphics
import GlancePanels
import GlanceWidgets

/// What a running face's frames cost (`EnergyLedger`), and where its slots lie on the glass.
package struct FaceEnergy: Sendable {
    /// The energy so far.
    package var ledger: EnergyLedger
    /// The slots' layout for the slot rectangles and burn-in offset it was made for.
    private var cached: (slots: [Rect], shift: Point, layout: EnergyLedger.Layout)?

    /// The ledger of `controller`'s panel; nil for controllers without a power model.
    package init?(controller: any PanelController) {
        guard let model = PowerModel.of(controller) else { return nil }
        ledger = EnergyLedger(model: model)
    }

    /// Where `slots` (picture coordinates) lie in the frame `pipeline` makes at `shift`; made
    /// again only when the slots or the shift changed (a shift step every few minutes).
    package mutating func layout(slots: [Rect], pipeline: PanelPipeline, shift: Point) -> EnergyLedger.Layout {
        if let cached, cached.slots == slots, cached.shift == shift { return cached.layout }
        let layout = EnergyLedger.Layout(slots: slots, pipeline: pipeline, shift: shift)
        cached = (slots, shift, layout)
        return layout
    }

    /// The ledger's key for a slot's content: the widget kind, "live activity", or "—".
    package static func name(_ slot: SlotStatus) -> String {
        slot.kind ?? (slot.activityID == nil ? "—" : "live activity")
    }
}

extension FaceHost {
    /// Runs `change`, a display call that may change the glass, and accounts its energy: the
    /// frame before stays accounted up to now, the bytes written go to the slots they cover,
    /// e-paper refreshes to the slots whose pixels changed, and the frame on the glass
    /// afterwards is accounted from now with the widgets the slots show now.
    package func metered(_ change: () async -> PanelPipeline.Outcome) async -> PanelPipeline.Outcome {
        guard energy != nil else { return await change() }
        let display = assembly.display
        let start = clock.now
        energy?.ledger.close(at: start)
        let ePaper = display.panel.technology == .ePaper
        let refreshesBefore = ePaper ? await display.statistics.refreshes : [:]
        let outcome = await change()
        let held = await display.pipeline.held
        let shift = await display.pixelShift
        let level = await display.brightness ?? .off
        let refreshes = ePaper ? await display.statistics.refreshes.merging(refreshesBefore) { $0 - $1 } : [:]
        let names = await runtime.status().slots.map(FaceEnergy.name)
        // No suspension from here on: the ledger is read and written in one piece.
        guard var energy else { return outcome }
        let layout = energy.layout(slots: plan.face.slots.map(\.rect), pipeline: display.pipeline, shift: shift)
        if case .written(let regions, _) = outcome {
            energy.ledger.addTransfer(regions, addressing: display.panel.addressing, layout: layout, names: names)
            energy.ledger.addRefreshes(refreshes, from: energy.ledger.shownFrame, to: held, regions: regions, layout: layout, names: names)
        }
        energy.ledger.open(held, light: display.pipeline.controller.light(at: level), layout: layout, names: names, at: start)
        self.energy = energy
        return outcome
    }

    /// The energy report up to the clock's time; nil for panels without a power model.
    package func energyReport() -> EnergyLedger.Report? {
        energy?.ledger.close(at: clock.now)
        return energy?.ledger.report()
    }
}
