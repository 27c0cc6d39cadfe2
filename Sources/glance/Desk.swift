// The demo program: a widget bundle is the whole program. `WidgetBundle.main()` (from
// GlanceHost) runs the `glance` command line with these widgets: `glance preview clock …`,
// `glance specimen`, and the rest.
import Glance
import GlanceExamples

@main
struct Desk: WidgetBundle {
    var body: some Widget {
        ClockWidget()
        WeatherWidget()
    }
}
