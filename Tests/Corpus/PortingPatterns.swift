// Patterns public widget code uses that Glance once rejected, compiled here in both language
// modes (this target and GlanceCorpusSwift5, which links to the same files). No widget and no
// preview: the build is the test.
import SwiftUI
import WatchKit
import WidgetKit

/// `@State` declared without an initial value and set in `init`; `Text(_:comment:)`;
/// `.task(id:)`; `Darwin.round`; the watch's screen size.
struct PortingPatternsView: View {
    @State private var value: Double
    @State private var note: String?

    init(value: Double) {
        _value = State(initialValue: value)
    }

    var body: some View {
        VStack {
            Text("Glucose", comment: "The reading's title")
            Text(verbatim: "\(Darwin.round(value)) mg/dL")
                .task(id: value) {}
            if WKInterfaceDevice.current().screenBounds.width < 100 {
                Text("Small", tableName: "Widget", bundle: .main, comment: "A small screen")
            }
        }
    }
}

/// App-group defaults written with the key-value-coding spelling.
func storePortingPatternsValue(_ value: Double) {
    UserDefaults(suiteName: "group.glance.corpus")?.setValue(value, forKey: "value")
}
