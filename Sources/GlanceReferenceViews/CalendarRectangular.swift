// Written as Apple's WidgetKit documentation writes accessory views; only the import differs.
import Foundation
import GlanceUI

/// An up-next calendar widget with live text, a container background and a widget URL.
public struct UpNextView: View {
    @Environment(\.isLuminanceReduced) var isLuminanceReduced
    let start: Date
    let title: String

    public init(start: Date, title: String = "Design review") {
        self.start = start
        self.title = title
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            HStack(spacing: 3) {
                Image(systemName: "calendar")
                Text("Up next")
            }
            .font(.caption)
            .widgetAccentable()
            Text(title)
                .font(.headline)
                .lineLimit(1)
            Text(start, style: .relative)
                .font(.caption)
                .foregroundStyle(isLuminanceReduced ? .primary : .secondary)
            ProgressView(value: 0.4)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .containerBackground(for: .widget) {
            Color.blue
        }
        .widgetURL(URL(string: "glance://calendar"))
    }
}
