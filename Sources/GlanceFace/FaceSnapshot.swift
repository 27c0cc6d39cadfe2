import Foundation
import GlanceGraphics
import GlanceInput
import GlancePanels
import GlanceWidgets

/// What a face looks like after a round of its loop: the one thing the loop hands out.
///
/// The loop publishes a snapshot after every round that changed something (a frame shown, the
/// glass changed by itself, the light, a gesture); the browser simulator and the MQTT bridge
/// follow the stream (`FaceHost.snapshots(wanting:)`), `glance ctl status` asks for one, the
/// state file and the frame folder are written from the round itself. Nothing calls back into
/// the loop per frame: what a listener shows comes from here.
package struct FaceSnapshot: Sendable {
    /// The costlier parts, made only when a listener wants them.
    package struct Parts: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// The timeline inspector's view, with the light and the burn-in shift.
        package static let inspection = Parts(rawValue: 1)
        /// What `glance ctl status` shows, without the panel-care figures.
        package static let status = Parts(rawValue: 2)
        /// The wear summary, the energy report and the e-paper refresh counts, in `status`.
        package static let panelCare = Parts(rawValue: 4)
    }

    /// The inspector's view (`Parts.inspection`).
    package struct Inspection: Sendable {
        package var face: FaceInspection
        package var light: BrightnessLevel?
        package var shift: Point?
    }

    /// A gesture a button made (physical or requested).
    package struct Gesture: Sendable, Hashable {
        package var button: ButtonID
        package var gesture: ButtonGesture

        package init(button: ButtonID, gesture: ButtonGesture) {
            self.button = button
            self.gesture = gesture
        }
    }

    /// Counts the snapshots published; a listener sees them rising.
    package var sequence: Int
    /// What the glass shows: the emulator's glass, or on a real panel the last frame sent.
    package var glass: Bitmap
    /// Whether anything has been drawn (else `glass` is blank).
    package var drawn: Bool
    /// E-paper refreshes by kind so far; empty on other panels.
    package var refreshes: [RefreshKind: Int]
    /// Gestures made since the previous snapshot, oldest first.
    package var gestures: [Gesture]
    /// The app group the face reads (it changes when SIGHUP reads another face file).
    package var appGroup: String
    /// The widget kinds of the face's first stack, in order.
    package var stackKinds: [String]
    /// The face's daily reload budget per widget, if it has one.
    package var reloadBudget: Int?
    /// The gestures the face binds to an action, and its `mqtt:` section: what the MQTT
    /// bridge announces and how it connects (both change when SIGHUP reads the face file).
    package var bound: Set<Gesture> = []
    /// The plan's `configured` part (GlanceHost reads the `mqtt:` section from it).
    package var configured: (any Sendable)?
    package var inspection: Inspection?
    package var status: ControlStatus?
}

extension FaceHost {
    /// The snapshots published from now on, until the face stops; the first, made at once,
    /// is the face as it is. A listener that stops listening is forgotten.
    package func snapshots(wanting parts: FaceSnapshot.Parts = []) async -> AsyncStream<FaceSnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: FaceSnapshot.self, bufferingPolicy: .bufferingNewest(64))
        await exclusive {
            nextListener += 1
            let id = nextListener
            listeners[id] = (parts, continuation)
            continuation.onTermination = { [weak self] _ in Task { await self?.forgetListener(id) } }
            continuation.yield(await snapshot(parts, gestures: []))
        }
        return stream
    }

    /// How many follow `snapshots(wanting:)` now.
    package var listenerCount: Int { listeners.count }

    private func forgetListener(_ id: Int) {
        listeners[id] = nil
    }

    /// Publishes one snapshot to every listener, with the parts any of them wants, when the
    /// round changed something.
    package func publishIfChanged() async {
        guard changed else { return }
        changed = false
        let gestures = madeGestures
        madeGestures = []
        guard !listeners.isEmpty else { return }
        let parts = listeners.values.reduce(FaceSnapshot.Parts()) { $0.union($1.parts) }
        let snapshot = await snapshot(parts, gestures: gestures)
        for (_, continuation) in listeners.values { continuation.yield(snapshot) }
    }

    /// The face as it is now, with `parts`.
    package func snapshot(_ parts: FaceSnapshot.Parts, gestures: [FaceSnapshot.Gesture]) async -> FaceSnapshot {
        sequence += 1
        let display = assembly.display
        var snapshot = FaceSnapshot(
            sequence: sequence, glass: await glassNow(), drawn: shownFrame != nil || assembly.glass != nil,
            refreshes: display.panel.technology == .ePaper ? await display.statistics.refreshes : [:],
            gestures: gestures, appGroup: plan.appGroup, stackKinds: stackKinds, reloadBudget: plan.settings.reloadBudget,
            bound: Set(plan.bindings.keys.map { FaceSnapshot.Gesture(button: ButtonID(rawValue: "\($0.button)"), gesture: $0.gesture) }), configured: plan.configured)
        if parts.contains(.inspection) {
            let shift = display.panel.technology == .oled && display.settings.shiftPeriod != nil ? await display.pixelShift : nil
            snapshot.inspection = .init(face: await runtime.inspection(), light: await display.brightness, shift: shift)
        }
        if parts.contains(.status) || parts.contains(.panelCare) {
            snapshot.status = await makeStatus(panelCare: parts.contains(.panelCare))
        }
        return snapshot
    }

    /// What the glass shows now: the emulator's glass, or on a real panel the last frame sent.
    package func glassNow() async -> Bitmap {
        if let glass = await assembly.glass?() { return glass }
        return shownFrame?.bitmap ?? Bitmap(size: assembly.pictureSize)
    }

    /// The widget kinds of the first stack (a slot with several widgets), in the face's order.
    package var stackKinds: [String] {
        plan.face.slots.first { $0.widgets.count > 1 }?.widgets.map(\.kind) ?? []
    }

    /// The status (`glance ctl status`); without `panelCare` the wear summary, energy report
    /// and refresh counts are left out.
    package func makeStatus(panelCare: Bool) async -> ControlStatus {
        let status = await runtime.status()
        let instances = await runtime.instanceStatus()
        let statistics = await runtime.statistics
        return ControlStatus(
            board: board.name, state: "\(status.state)",
            slots: zip(plan.face.slots, status.slots).map { slot, shown in
                ControlStatus.Slot(family: slot.family.rawValue, kind: shown.kind, placeholder: shown.isPlaceholder, invalidated: shown.isInvalidated,
                                   activity: shown.activityID, activityStale: shown.activityIsStale,
                                   controls: shown.regions.map(\.label), focused: shown.focusedRegion)
            },
            widgets: instances.map { ControlStatus.Widget(kind: $0.kind, slot: $0.slot, budgetUsed: $0.budgetUsed, intentsFinished: $0.intentsFinished,
                                                     reloading: $0.isReloading, quarantined: $0.isQuarantined) },
            nextWakeUp: await runtime.nextWakeUp, frames: statistics.frames, wakeUps: statistics.wakeUps,
            panelHealthy: await assembly.pipeline.isHealthy, buttonEvents: recent.map { "\($0.button.rawValue) \($0.gesture)" }, intents: intents,
            refreshes: panelCare ? await refreshCounts() : nil,
            wear: panelCare ? await assembly.display.wearMap.map { ControlStatus.Wear($0.summary()) } : nil,
            energy: panelCare ? energyReport().map(ControlStatus.Energy.init) : nil)
    }

    /// The display's e-paper refreshes by kind, every kind present; nil on other panels.
    private func refreshCounts() async -> [String: Int]? {
        guard assembly.display.panel.technology == .ePaper else { return nil }
        let refreshes = await assembly.display.statistics.refreshes
        return Dictionary(uniqueKeysWithValues: RefreshKind.allCases.map { ($0.rawValue, refreshes[$0] ?? 0) })
    }
}
