import Foundation
import Glance
import GlanceFace
import GlanceInput
import GlanceTesting
import Logging
import Testing
@testable import GlanceExamples
@testable import GlanceHost

/// An intent that writes an app-group file (the demo's "complete the next task") reloads its
/// widget once: WidgetKit's reload after `perform()`. The folder watcher then reports the same
/// write; that report must not reload the widget a second time against its daily budget.
@Suite struct IntentReloadTests {
    @Test func anIntentThatWritesAFileReloadsItsWidgetOnce() async throws {
        let clock = ManualClock(now: morning)
        let demo = try DemoWidgets(now: { clock.now }, kitchenTimer: false)
        let face = """
            board: simulator
            slots:
              - family: accessoryRectangular
                widgets: [tasks]
            bindings:
              right: focus.next
              centre: focus.activate
            """
        let host = try await FaceAssembly.make(.init(
            board: try BoardCatalog.board("simulator"), face: try FaceConfiguration(yaml: face, file: "glance.yaml"), facePath: nil,
            bundle: BundleContents(widgets: demo.descriptors), clock: clock, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
            // The app group is the demo's data folder, as the watcher would watch it.
            stateDirectory: demo.data.url, capture: nil, frameFolder: nil, screen: nil))
        await host.start()
        await host.drain()
        let before = try await tasks(host)

        try await host.press(button: "right", gesture: .click)
        try await host.press(button: "centre", gesture: .click)
        await host.drain()
        let afterIntent = try await tasks(host)
        #expect(afterIntent.intentsFinished == before.intentsFinished + 1, "the intent ran")
        #expect(try TaskStore(group: demo.data.group).load().doneCount == TaskList.sample.doneCount + 1, "and wrote tasks.json")

        // The folder watcher reports the intent's own write, as AppGroupSource does.
        host.post(.appGroupChanged("tasks.json"))
        await host.drain()
        let afterWatcher = try await tasks(host)
        #expect(afterWatcher.budgetUsed == afterIntent.budgetUsed, "the watcher's report of the intent's write reloaded tasks again")

        // A later write by another program still reloads it.
        try demo.data.write(#"{"title": "Later", "tasks": [{"title": "New", "done": false}]}"#, to: "glance/tasks.json")
        host.post(.appGroupChanged("tasks.json"))
        await host.drain()
        #expect(try await tasks(host).budgetUsed == afterWatcher.budgetUsed + 1, "another program's write reloads")
    }

    private func tasks(_ host: FaceHost) async throws -> ControlStatus.Widget {
        try #require(await host.status().widgets.first { $0.kind == "tasks" })
    }
}
