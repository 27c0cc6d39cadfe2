// The demo program: a widget bundle is the whole program. `WidgetBundle.main()` (from
// GlanceHost) runs the `glance` command line with these widgets: `glance preview clock …`,
// `glance run` with Examples/glance.yaml, and the rest.
import Glance
import GlanceExamples

@main
struct Desk: WidgetBundle {
    var body: some Widget {
        ClockWidget()
        WeatherWidget()
        TasksWidget()
        SystemWidget()
        KitchenTimerWidget()
        MessageWidget()
    }

    /// The intents Examples/glance.yaml binds buttons to.
    static var intents: [any AppIntent.Type] {
        [CompleteNextTaskIntent.self, ResetTasksIntent.self,
         StartKitchenTimerIntent.self, PauseKitchenTimerIntent.self, StopKitchenTimerIntent.self]
    }
}
