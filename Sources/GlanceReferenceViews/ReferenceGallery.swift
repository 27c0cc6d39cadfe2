import Foundation
import GlanceUI

/// The reference views of the compatibility suite, with the families each is shown in,
/// for the contact sheet (`glance specimen --views`) and its golden test.
public enum ReferenceGallery {
    /// One view with a name.
    public struct Entry: Sendable {
        public let name: String
        public let families: [WidgetFamily]
        public let view: @Sendable (Date) -> AnyView
    }

    /// The sizes of the three accessory families on a 128×64 panel's faces.
    public static let slotSizes: [WidgetFamily: Size] = [
        .accessoryRectangular: Size(width: 128, height: 64),
        .accessoryCircular: Size(width: 64, height: 64),
        .accessoryInline: Size(width: 128, height: 16),
    ]

    /// Every reference view.
    public static let entries: [Entry] = [
        Entry(name: "WeatherComplication", families: [.accessoryRectangular, .accessoryCircular, .accessoryInline]) { _ in
            AnyView(WeatherComplication())
        },
        Entry(name: "ProgressRing", families: [.accessoryCircular]) { _ in AnyView(ProgressRing()) },
        Entry(name: "UpNextView", families: [.accessoryRectangular]) { date in
            AnyView(UpNextView(start: date.addingTimeInterval(674)))
        },
    ] + GaugeSample.Style.allCases.map { style in
        Entry(name: "Gauge .\(style.rawValue)", families: style == .circular || style == .circularCapacity ? [.accessoryCircular] : [.accessoryRectangular]) { _ in
            AnyView(GaugeSample(style: style))
        }
    }
}
