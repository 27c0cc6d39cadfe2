import GlanceWidgets

extension Widget {
    /// Runs the `glance` command line with this one widget: the body of the `Glance` module's
    /// `Widget.main()`.
    package static func runCommandLine() async {
        let widget = Self()
        let descriptors = widget.descriptors
        var intents = IntentRegistry()
        for case .timeline(let engine) in descriptors.map(\.engine) {
            if let type = engine.intentType { intents.register(type) }
        }
        await GlanceCommand.main(bundle: BundleContents(widgets: descriptors, intents: intents))
    }
}
