import Foundation
import GlanceGraphics
import GlanceInput
import GlanceLinux
import GlancePanels
import GlanceWidgets
import Logging

/// Button-to-glass latency: from the release edge of a click to the last byte of the
/// resulting frame on a 400 kHz bus (CPU time measured, wire time modelled from the bytes).
struct LatencyFigures: Codable, Sendable {
    /// A click bound to the Tasks widget's toggle intent: perform, reload, render, send.
    var toggle: Double?
    /// A click that pages the stack: a full-frame change.
    var full_change: Double?
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

    static func latencyFigures(bundle: BundleContents, logger: Logger) async -> LatencyFigures {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-bench-\(getpid())")
        setenv("GLANCE_STATE_DIR", folder.path, 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let board = try? BoardCatalog.board("simulator") else { return LatencyFigures() }
        let clock = SystemClock()
        let device = CountingI2CDevice()
        let pipeline = PanelPipeline(controller: SSD1306Controller(bus: I2CCommandDataBus(device: device)), clock: clock)
        let assembly = PanelAssembly(display: PanelDisplay(pipeline: pipeline, clock: clock, settings: .init(shiftPeriod: nil)), glass: nil)
        guard var plan = try? await FacePlan.make(board: board, configuration: nil, bundle: bundle, pictureSize: pipeline.pictureSize) else { return LatencyFigures() }
        let toggle = bundle.intentNames.first { $0 == "CompleteNextTaskIntent" }
        plan.bindings = [FacePlan.BindingKey(button: "down", gesture: .click): .stackNext]
        if let toggle { plan.bindings[FacePlan.BindingKey(button: "A", gesture: .click)] = .intent(toggle) }
        var settings = plan.settings
        settings.alwaysOn.idleTimeout = .seconds(86_400)
        guard let runtime = try? FaceRuntime(widgets: bundle.widgets, intents: bundle.intents, face: plan.face, settings: settings, time: clock) else {
            return LatencyFigures()
        }
        await runtime.restore(FaceRuntimeState(shownKinds: ["tasks"]))
        let host = FaceHost(board: board, plan: plan, runtime: runtime, assembly: assembly, clock: clock, logger: logger,
                            stateFile: folder.appendingPathComponent("state.json"))
        await host.start()
        await host.drain()

        /// Milliseconds from the release edge to the frame shown after everything settled,
        /// plus the wire time of what was sent at 400 kHz.
        func click(_ button: String) async -> Double {
            // Edges on the host's clock (its deadlines run on it): a press `clickHeld` ago, released now — a click.
            let id = ButtonID(rawValue: button)
            host.post(.edge(ButtonEdge(button: id, pressed: true, time: clock.inputTime + (.zero - clickHeld))))
            let sent = device.cost
            let start = ContinuousClock.now
            host.post(.edge(ButtonEdge(button: id, pressed: false, time: clock.inputTime)))
            await host.drain()
            let cpu = Spread.microseconds(ContinuousClock.now - start) / 1000
            return cpu + (device.cost - sent).seconds(atHertz: 400_000) * 1000
        }
        func median(_ button: String, _ count: Int) async -> Double {
            var samples = [Double]()
            for _ in 0..<count {
                samples.append(await click(button))
                try? await clock.sleep(for: clickSpacing(held: clickHeld, gestures: .standard))
            }
            return Spread(samples).median
        }
        let toggleLatency = toggle == nil ? nil : await median("A", 15)
        let fullChange = await median("down", 15)
        return LatencyFigures(toggle: toggleLatency, full_change: fullChange)
    }
}
