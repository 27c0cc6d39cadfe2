import GlanceHost
import GlanceWidgets
#if WebSimulator
import GlanceWeb
#endif

extension WidgetBundle {
    /// Runs the `glance` command line with this bundle's widgets and intents, so that
    /// `@main struct Desk: WidgetBundle` is a complete program (`preview`, `run`, `ctl`, …).
    public static func main() async {
        GlanceParts.install()
        await runCommandLine()
    }
}

extension Widget {
    /// Runs the `glance` command line with this one widget, so that `@main struct MyWidget: Widget`
    /// is a complete program, as a single widget is an extension's entry point in WidgetKit
    /// (`WidgetBundle.main()` does the same for a bundle).
    public static func main() async {
        GlanceParts.install()
        await runCommandLine()
    }
}

/// The parts of Glance a face opts into with the package's traits (Docs/Architecture.md,
/// "Modules"): installed before the command line runs, so `glance run --web` finds the
/// browser simulator's server when the build has it, and explains how to get it when not.
package enum GlanceParts {
    /// Installs every part this build links.
    package static func install() {
        #if WebSimulator
        WebServer.install()
        #endif
    }
}
