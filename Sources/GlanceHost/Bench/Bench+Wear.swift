#if DevelopmentTools
// A development command: built only under the DevelopmentTools trait (Package.swift).
import Foundation
import GlanceCore
import GlanceGraphics
import GlancePanels
import GlanceUI
import GlanceWidgets

/// What the wear map costs and what the burn-in shift achieves with it.
struct WearFigures: Codable, Sendable {
    /// One shift strategy over a simulated month.
    struct Month: Codable, Sendable {
        var shift: String
        /// The hottest pixel's hours at full drive after 30 days.
        var hottest_hours: Double
        /// Hottest over the median lit pixel.
        var unevenness: Double
        /// Pictures written (shift steps) in the month.
        var frames: Int
    }

    /// Adding one glass change of a 128×64 mono frame to the map (µs).
    var account_128x64_us: Spread
    /// The same for a 128×128 gray frame (µs).
    var account_128x128_us: Spread
    /// The reference face held for 30 simulated days in always-on on an SSD1306.
    var month: [Month]
}

extension BenchCommand {
    /// The accounting cost per glass change, and 30 days of the reference face held in
    /// always-on with no shift, the fixed orbit and the wear-guided shift.
    static func wearFigures() async -> WearFigures {
        var environment = EnvironmentValues()
        environment.widgetFamily = .accessoryRectangular
        environment.isLuminanceReduced = true
        let picture = ViewRenderer.render(ReferenceFace(progress: 0.6), size: Size(width: 128, height: 64), environment: environment, at: benchDate).bitmap
        let mono = picture.monochrome(.threshold, threshold: 128)
        var map = WearMap(size: mono.size)
        let small = Spread.of(count: 2000, warmUp: 100) { map.add(mono, light: 0.1, duration: 60) }
        var gray = Bitmap(width: 128, height: 128)
        for index in gray.pixels.indices { gray.pixels[index] = UInt8(truncatingIfNeeded: index &* 17) & 0xF0 }
        var grayMap = WearMap(size: gray.size)
        let large = Spread.of(count: 2000, warmUp: 100) { grayMap.add(gray, light: 0.1, duration: 60) }

        var month = [WearFigures.Month]()
        for strategy in [nil, PanelDisplay.ShiftStrategy.orbit, .wearGuided] {
            let clock = ManualClock(now: benchDate)
            let controller = SSD1306Controller(bus: I2CCommandDataBus(device: SSD1306Emulator()))
            var settings = PanelDisplay.Settings(shiftPeriod: strategy == nil ? nil : .seconds(300))
            settings.shiftStrategy = strategy ?? .wearGuided
            let display = PanelDisplay(pipeline: PanelPipeline(controller: controller, clock: clock), clock: clock, settings: settings)
            let end = benchDate.addingTimeInterval(30 * 86_400)
            var frames = 0
            await display.show(picture, state: .alwaysOn)
            while let next = await display.nextDeadline, next <= end {
                clock.advance(to: next)
                if case .written = await display.update() { frames += 1 }
            }
            clock.advance(to: end)
            let summary = await display.wearMap?.summary()
            month.append(.init(shift: strategy?.rawValue ?? "none", hottest_hours: summary?.hottestHours ?? 0,
                               unevenness: summary?.unevenness ?? 0, frames: frames))
        }
        return WearFigures(account_128x64_us: small, account_128x128_us: large, month: month)
    }
}
#endif
