import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples
@testable import GlanceWidgets

@Suite struct TasksTests {
    @Test func aMissingListIsSeededWithTheSample() throws {
        let folder = try TemporaryDirectory()
        let timeline = TasksProvider(store: TaskStore(group: folder.group), now: { t0 }).timeline(at: t0)
        #expect(try timeline.entries[0].list.get() == .sample)
        #expect(timeline.policy == .after(t0.addingTimeInterval(3600)))
        #expect(try folder.group.read(TaskList.self, from: "tasks.json") == .sample, "the sample is written for the intents")
    }

    @Test func completingMarksExactlyTheNextOpenTask() async throws {
        let folder = try TemporaryDirectory()
        let store = TaskStore(group: folder.group)
        let before = try store.load()
        _ = try await CompleteNextTaskIntent(store: store).perform()
        let after = try store.load()
        let changed = zip(before.tasks, after.tasks).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [1], "only the first open task (index 1 of the sample) changes")
        #expect(after.tasks[1] == TaskList.Item(title: "Reply to Sam", done: true))
        #expect(after.doneCount == before.doneCount + 1)
        #expect(after.nextOpen?.title == "Book the dentist")
    }

    @Test func completingAFinishedListChangesNothingAndResetOpensEverything() async throws {
        let folder = try TemporaryDirectory()
        let store = TaskStore(group: folder.group)
        for _ in 0..<10 { _ = try await CompleteNextTaskIntent(store: store).perform() }
        let finished = try store.load()
        #expect(finished.isComplete && finished.doneCount == 5)
        _ = try await ResetTasksIntent(store: store).perform()
        let reset = try store.load()
        #expect(reset.doneCount == 0)
        #expect(reset.tasks.map(\.title) == TaskList.sample.tasks.map(\.title))
    }

    @Test func aMalformedListIsShownAsSuchAndNeverOverwritten() async throws {
        let folder = try TemporaryDirectory()
        let mine = #"{"title": "Mine", "tasks": [{"title": "half-typed"#
        try folder.write(mine, to: "glance/tasks.json")
        let store = TaskStore(group: folder.group)
        let entry = TasksProvider(store: store, now: { t0 }).timeline(at: t0).entries[0]
        guard case .failure(.unreadable(let path, _)) = entry.list else {
            Issue.record("expected an unreadable list, got \(entry.list)")
            return
        }
        #expect(path.hasSuffix("glance/tasks.json"))
        await #expect(throws: AppGroupError.self) { try await CompleteNextTaskIntent(store: store).perform() }
        await #expect(throws: AppGroupError.self) { try await ResetTasksIntent(store: store).perform() }
        #expect(folder.read("glance/tasks.json") == mine)
    }

    @Test func theToggleRunsTheIntentOnTheNextTask() throws {
        let store = TaskStore(group: AppGroup(name: "glance", root: URL(fileURLWithPath: "/nonexistent")))
        let open = render(TasksView(entry: TasksEntry(date: t0, list: .success(.sample)), store: store), .accessoryRectangular)
        #expect(open.interactiveRegions.map(\.intentName) == ["CompleteNextTaskIntent"])
        #expect(open.interactiveRegions.first?.isOn == false)
        let done = TaskList(title: "Today", tasks: [TaskList.Item(title: "One", done: true)])
        let finished = render(TasksView(entry: TasksEntry(date: t0, list: .success(done)), store: store), .accessoryRectangular)
        #expect(finished.interactiveRegions.map(\.intentName) == ["ResetTasksIntent"])
        // Always-on draws no controls: the press that wakes the face runs nothing anyway.
        let dimmed = render(TasksView(entry: TasksEntry(date: t0, list: .success(.sample)), store: store), .accessoryRectangular,
                            reduced: true)
        #expect(dimmed.interactiveRegions.isEmpty)
    }

    /// On a face: pressing the toggle completes one task, dims what changes until the reload
    /// has drawn, then shows the next task.
    @Test func onAFaceTheToggleCompletesOneTaskAndReloads() async throws {
        let folder = try TemporaryDirectory()
        let store = TaskStore(group: folder.group)
        let clock = ManualClock(now: t0)
        let face = Face(size: Size(width: 128, height: 64),
                        slots: [Slot(family: .accessoryRectangular, rect: Rect(x: 0, y: 0, width: 128, height: 64), widgets: [WidgetPlacement("tasks")])])
        let runtime = try FaceRuntime(widgets: TasksWidget(store: store, now: { clock.now }).descriptors, face: face,
                                      settings: RuntimeSettings(locale: Locale(identifier: "en_US_POSIX"), timeZone: utc), time: clock)
        await runtime.start()
        _ = await runtime.settle()
        await runtime.send(.focusNext)
        await runtime.send(.focusActivate)
        #expect(await runtime.status().slots[0].isInvalidated)
        _ = await runtime.settle()
        let list = try store.load()
        #expect(list.doneCount == 2 && list.nextOpen?.title == "Book the dentist")
        let shown = await runtime.status().slots[0].entry as? TasksEntry
        #expect(try shown?.list.get().doneCount == 2)
        #expect(await runtime.status().slots[0].isInvalidated == false)
    }
}

extension InteractiveRegion {
    /// The type name of the intent the region runs, if it runs one.
    var intentName: String? {
        if case .intent(let reference) = action { return reference.typeName }
        return nil
    }
}
