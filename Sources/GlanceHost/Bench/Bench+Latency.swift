#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceFace
import GlanceGraphics
import GlanceInput
import GlanceLinux
import GlancePanels
import GlanceWidgets
import Logging

/// Button-to-glass latency: from the release edge of a click to the last byte of the
/// resulting frame on a 400 kHz bus (time in process measured, wire time modelled from the
/// bytes), medians in milliseconds.
struct LatencyFigures: Codable, Sendable {
    /// Where a click's time goes, each part's median over the clicks.
    struct Split: Codable, Sendable {
        /// The process's CPU time, every thread (gestures, binding, intent, reload, render, pipeline).
        var cpu: Double
        /// Time in process without CPU: the intent's file writes and fsync, threads handing
        /// work over, a provisional frame held back for its replacement.
        var waiting: Double
        /// The bytes sent, on the wire at 400 kHz.
        var wire: Double
    }

    /// A click bound to the Tasks widget's toggle intent: perform, reload, render, send.
    var toggle: Double?
    /// A click that pages the stack: a full-frame change.
    var full_change: Double?
    /// The toggle's parts.
    var toggle_split: Split?
    /// The full change's parts.
    var full_change_split: Split?
}

extension BenchCommand {
    /// How long a bench click holds its button.
    static let clickHeld: Duration = .milliseconds(80)

    /// The pause after one click before the next, so that the next press (stamped `held`
    /// before its release) comes after the double-click window: two clicks closer than that
    /// are one double click, which nothing is bound to.
    static func clickSpacing(held: Duration, gestures: GestureConfiguration) -> Duration {
        held + (gestures.doubleClick?.window ?? .zero) + .milliseconds(100)
    }

    static func latencyFigures(bundle: BundleContents, clicks: Int, logger: Logger) async -> LatencyFigures {
        guard let board = try? BoardCatalog.board("simulator") else { return LatencyFigures() }
        let clock = SystemClock()
        let device = CountingI2CDevice()
        let pipeline = PanelPipeline(controller: SSD1306Controller(bus: I2CCommandDataBus(device: device)), clock: clock)
        let assembly = PanelAssembly(display: PanelDisplay(pipeline: pipeline, clock: clock, settings: .init(shiftPeriod: nil)), glass: nil)
        guard var plan = try? await FacePlan.make(board: board, configuration: nil, bundle: bundle, pictureSize: pipeline.pictureSize) else { return LatencyFigures() }
        // Each measured toggle completes the first task: a reset (on B, not measured) opens them all again.
        let toggle = try? FaceAction(binding: "CompleteNextTaskIntent", intents: bundle.intents)
        let reset = try? FaceAction(binding: "ResetTasksIntent", intents: bundle.intents)
        plan.bindings = [FacePlan.BindingKey(button: "down", gesture: .click): .stackNext]
        if let toggle, let reset {
            plan.bindings[FacePlan.BindingKey(button: "A", gesture: .click)] = toggle
            plan.bindings[FacePlan.BindingKey(button: "B", gesture: .click)] = reset
        }
        var settings = plan.settings
        settings.alwaysOn.idleTimeout = .seconds(86_400)
        settings.provisionalHold = pipeline.frameTime
        guard let runtime = try? FaceRuntime(widgets: bundle.widgets, intents: bundle.intents, face: plan.face, settings: settings, time: clock) else {
            return LatencyFigures()
        }
        await runtime.restore(FaceRuntimeState(shownKinds: ["tasks"]))
        let host = FaceHost(board: board, plan: plan, runtime: runtime, assembly: assembly, clock: clock, logger: logger,
                            stateFile: stateFolder.appendingPathComponent("state.json"))
        await host.start()
        await host.drain()

        /// Milliseconds from the release edge to the frame shown after everything settled,
        /// and the wire time of what was sent at 400 kHz.
        func click(_ button: String) async -> (total: Double, split: LatencyFigures.Split) {
            // Edges on the host's clock (its deadlines run on it): a press `clickHeld` ago, released now — a click.
            let id = ButtonID(rawValue: button)
            host.post(.edge(ButtonEdge(button: id, pressed: true, time: clock.inputTime + (.zero - clickHeld))))
            let sent = device.cost
            let start = ContinuousClock.now, startCPU = ProcessUsage.cpuTime()
            host.post(.edge(ButtonEdge(button: id, pressed: false, time: clock.inputTime)))
            await host.drain()
            let inProcess = Spread.microseconds(ContinuousClock.now - start) / 1000
            let cpu = min(inProcess, Spread.microseconds(ProcessUsage.cpuTime() - startCPU) / 1000)
            let wire = (device.cost - sent).seconds(atHertz: 400_000) * 1000
            return (inProcess + wire, LatencyFigures.Split(cpu: cpu, waiting: inProcess - cpu, wire: wire))
        }
        func median(_ button: String, _ count: Int, after setUp: String? = nil) async -> (Double, LatencyFigures.Split) {
            var samples = [(total: Double, split: LatencyFigures.Split)]()
            let spacing = clickSpacing(held: clickHeld, gestures: .standard)
            for _ in 0..<count {
                if let setUp {
                    _ = await click(setUp)
                    try? await clock.sleep(for: spacing)
                }
                samples.append(await click(button))
                try? await clock.sleep(for: spacing)
            }
            func part(_ value: (LatencyFigures.Split) -> Double) -> Double { Spread(samples.map { value($0.split) }).median }
            return (Spread(samples.map(\.total)).median, LatencyFigures.Split(cpu: part(\.cpu), waiting: part(\.waiting), wire: part(\.wire)))
        }
        let toggleLatency = toggle == nil || reset == nil ? nil : await median("A", clicks, after: "B")
        let fullChange = await median("down", clicks)
        return LatencyFigures(toggle: toggleLatency?.0, full_change: fullChange.0, toggle_split: toggleLatency?.1, full_change_split: fullChange.1)
    }
}
#endif
