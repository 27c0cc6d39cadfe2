// The corpus's table of contents, for the test that checks every declared family is previewed.
import WidgetKit

/// A corpus widget: the file that declares it and the families it supports.
public struct CorpusWidget: Sendable {
    public let file: String
    public let families: [WidgetFamily]
}

public enum CorpusWidgets {
    public static let all: [CorpusWidget] = [
        CorpusWidget(file: "Battery.swift", families: [.accessoryCircular, .accessoryRectangular, .accessoryInline]),
        CorpusWidget(file: "Weather.swift", families: [.accessoryRectangular, .accessoryCircular, .accessoryInline]),
        CorpusWidget(file: "FitnessRings.swift", families: [.accessoryCircular, .accessoryRectangular]),
        CorpusWidget(file: "Calendar.swift", families: [.accessoryRectangular, .accessoryInline]),
        CorpusWidget(file: "Transit.swift", families: [.accessoryRectangular, .accessoryInline, .accessoryCircular]),
        CorpusWidget(file: "NowPlaying.swift", families: [.accessoryRectangular, .accessoryInline]),
        CorpusWidget(file: "Glucose.swift", families: [.accessoryRectangular, .accessoryCircular, .accessoryInline]),
        CorpusWidget(file: "SmartHome.swift", families: [.accessoryRectangular, .accessoryCircular]),
        CorpusWidget(file: "Delivery.swift", families: [.accessoryRectangular, .accessoryInline, .accessoryCircular]),
        CorpusWidget(file: "CustomGauge.swift", families: [.accessoryCircular, .accessoryRectangular]),
        CorpusWidget(file: "Steps.swift", families: [.accessoryRectangular, .accessoryInline]),
        CorpusWidget(file: "Countdown.swift", families: [.accessoryCircular, .accessoryRectangular, .accessoryInline]),
    ]
}
