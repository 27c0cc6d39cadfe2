import GlanceWidgets

extension Widget {
    /// Runs the `glance` command line with this one widget, so that `@main struct MyWidget: Widget`
    /// is a complete program, as a single widget is an extension's entry point in WidgetKit
    /// (`WidgetBundle.main()` does the same for a bundle).
    public static func main() async {
        let widget = Self()
        let descriptors = widget.descriptors
        var intents = IntentRegistry()
        for case .timeline(let engine) in descriptors.map(\.engine) {
            if let type = engine.intentType { intents.register(type) }
        }
        await GlanceCommand.main(bundle: BundleContents(widgets: descriptors, intents: intents))
    }
}
