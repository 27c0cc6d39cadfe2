import Foundation
import GlanceGraphics
import GlanceInput
import GlancePanels
import GlanceWidgets

/// What the control socket, the MQTT bridge and the browser simulator may ask of a running face.
/// Each is an event in the loop's inbox like a button edge, handled in a round in order with
/// everything else, and answered when handled (`FaceHost.perform(_:)`).
package enum FaceRequest: Sendable {
    /// The snapshot with `parts` (`glance ctl status` asks for every part).
    case snapshot(FaceSnapshot.Parts)
    /// Reloads every widget of a kind, as `WidgetCenter.shared.reloadTimelines(ofKind:)`.
    case reload(kind: String)
    /// A gesture made up by the control socket, MQTT or the page, bypassing debounce and timing.
    case press(button: ButtonID, gesture: ButtonGesture)
    /// Starts, updates or ends a live activity.
    case activity(ActivityControlRequest)
    /// An app-group file was written by someone else than the folder's watcher reports to.
    case appGroupWritten(file: String)
    /// Limits the panel's light (`.off` keeps it dark), or lifts the limit (nil).
    case limitLight(BrightnessLevel?)
    /// Shows the widget of a kind in its stack.
    case showWidget(kind: String)
    /// The next moment something is due on the face's clock (the simulator's "step").
    case nextEvent
}

/// A request's answer.
package enum FaceAnswer: Sendable {
    case done
    case snapshot(FaceSnapshot)
    case activity(id: String)
    case moment(Date?)
}

/// Where a request's answer goes: written by the round that handles the request.
package final class FaceReply: Sendable {
    fileprivate let answer = Locked<Result<FaceAnswer, any Error>?>(nil)
}

extension FaceHost {
    /// Queues `request` and runs a round, which handles it in order with what came before.
    /// - Throws: what the request's handling throws (`ControlError` for unknown names…).
    @discardableResult
    package func perform(_ request: FaceRequest) async throws -> FaceAnswer {
        let reply = FaceReply()
        post(.request(request, reply))
        await round()
        // The request was taken by this round or by one that ran before it (rounds run one at a time).
        guard let result = reply.answer.withLock({ $0 }) else { throw ControlError(description: "the face stopped before it answered") }
        return try result.get()
    }

    /// Handles a request in a round: its frames, and its answer in `reply`.
    package func handle(_ request: FaceRequest, reply: FaceReply) async -> [Frame] {
        var frames = [Frame]()
        let result: Result<FaceAnswer, any Error>
        do {
            result = .success(try await answer(request, frames: &frames))
        } catch {
            result = .failure(error)
        }
        reply.answer.withLock { $0 = result }
        return frames
    }

    private func answer(_ request: FaceRequest, frames: inout [Frame]) async throws -> FaceAnswer {
        switch request {
        case .snapshot(let parts):
            return .snapshot(await snapshot(parts, gestures: []))
        case .reload(let kind):
            let kinds = Set(plan.face.slots.flatMap { $0.widgets.map(\.kind) })
            guard kinds.contains(kind) else { throw ControlError.unknown("widget kind", kind, known: kinds.sorted()) }
            runtime.widgetCenter.reloadTimelines(ofKind: kind)
            frames += await runtime.update()
        case .press(let button, let gesture):
            guard input.buttons.contains(button) else { throw ControlError.unknown("button", button.rawValue, known: input.buttons.map(\.rawValue)) }
            frames += await dispatch(button: button, gesture: gesture, synthetic: true)
        case .activity(let request):
            let id = try runtime.activity(request.runtimeRequest())
            // A new activity is new input for a quarantined view of its type (none other).
            if request.action == .start, let type = runtime.attributesType(ofActivity: id) {
                frames += await runtime.liftQuarantine(of: [type], because: "a new \(type) activity started")
            }
            // The runtime notices the new activity on its next step; run it now so the slot changes at once.
            frames += await runtime.update()
            return .activity(id: id)
        case .appGroupWritten(let file):
            frames += await handle(.appGroupChanged(file))
        case .limitLight(let level):
            await refreshDisplay(await metered { await assembly.display.limitLight(to: level) })
            changed = true
        case .showWidget(let kind):
            guard let shown = await runtime.showWidget(kind: kind) else {
                throw ControlError.unknown("widget in a stack", kind, known: stackKinds)
            }
            frames += shown
        case .nextEvent:
            return .moment([await runtime.nextWakeUp, await assembly.display.nextDeadline].compactMap { $0 }.min())
        }
        return .done
    }
}

// MARK: - ControlTarget and the other clients' calls, each one request

extension FaceHost {
    package func status() async -> ControlStatus {
        await status(panelCare: true)
    }

    /// The status; without `panelCare` the wear summary, energy report and refresh counts are left out.
    package func status(panelCare: Bool) async -> ControlStatus {
        if let status = await snapshotNow(panelCare ? [.status, .panelCare] : .status).status { return status }
        return await makeStatus(panelCare: panelCare)  // not reached: the snapshot has the status asked for
    }

    /// The snapshot with `parts`, made in a round.
    package func snapshotNow(_ parts: FaceSnapshot.Parts) async -> FaceSnapshot {
        if case .snapshot(let snapshot)? = try? await perform(.snapshot(parts)) { return snapshot }
        // Not reached: a snapshot request always has its answer.
        return await snapshot(parts, gestures: [])
    }

    package func reload(kind: String) async throws {
        try await perform(.reload(kind: kind))
    }

    package func press(button: String, gesture: ButtonGesture) async throws {
        try await perform(.press(button: ButtonID(rawValue: button), gesture: gesture))
    }

    package func screenshot() async throws -> [UInt8] {
        let snapshot = await snapshotNow([])
        guard snapshot.drawn else { throw ControlError(description: "nothing has been drawn yet") }
        return try snapshot.glass.png()
    }

    package func activity(_ request: ActivityControlRequest) async throws -> String {
        guard case .activity(let id) = try await perform(.activity(request)) else { throw ControlError(description: "the face gave no activity id") }
        return id
    }

    /// A file of the app group was written by someone else than the folder's watcher reports
    /// to (a remote write): the same reload as a local write, once.
    package func appGroupChanged(_ file: String) async {
        _ = try? await perform(.appGroupWritten(file: file))
    }

    package func limitLight(to level: BrightnessLevel?) async {
        _ = try? await perform(.limitLight(level))
    }

    /// - Throws: `ControlError.unknown` when no stack holds a widget of that kind.
    package func showWidget(kind: String) async throws {
        try await perform(.showWidget(kind: kind))
    }

    /// The next moment something is due on the face's clock (the simulator's "step").
    package func nextEvent() async -> Date? {
        guard case .moment(let date) = try? await perform(.nextEvent) else { return nil }
        return date
    }

    /// The timeline inspector's view of the face, with the display's light and burn-in shift.
    package func inspection() async -> FaceSnapshot.Inspection? {
        await snapshotNow(.inspection).inspection
    }
}
