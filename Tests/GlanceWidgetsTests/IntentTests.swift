import Foundation
import GlanceTesting
import Testing
@testable import GlanceWidgets

/// A runtime on one 128×32 rectangular slot whose view is `content`, active for a day.
private func single<V: View>(_ clock: ManualClock, answer: @escaping @Sendable (Int, Date) -> Answer = { _, now in .timeline([TestEntry(date: now)], .never) },
                             intents: IntentRegistry = IntentRegistry(), openURL: @escaping @Sendable (URL) -> Void = { _ in },
                             @ViewBuilder content: @escaping @Sendable (TestEntry) -> V) throws -> (FaceRuntime, Script, LogBox) {
    let script = Script(clock: clock, answer: answer)
    let (runtime, log) = try makeRuntime([widget("w", script, content: content)], face: column(["w"]),
                                         settings: testSettings(idle: .seconds(86_400)), clock: clock, intents: intents, openURL: openURL)
    return (runtime, script, log)
}

/// Intents and buttons (Docs/Contract.md, "Intents and buttons").
@Suite struct IntentTests {
    @Test func item20_performRunsThenTheTimelineReloadsOnceOutsideTheBudget() async throws {
        let clock = ManualClock(now: t0)
        let (runtime, script, _) = try single(clock) { _ in Button(intent: TapIntent(tag: "item20")) { Text("Tap") } }
        await runtime.start()
        await runtime.send(.focusNext)
        await runtime.send(.focusActivate)
        #expect(script.callCount == 1, "no reload before perform() has finished")
        _ = await runtime.settle()
        #expect(IntentJournal.count("item20") == 1)
        #expect(script.callCount == 2)
        let statistics = await runtime.statistics
        #expect(statistics.intentReloads == 1 && statistics.budgetedReloads == 1 && statistics.intentsPerformed == 1)
        #expect(await runtime.instanceStatus()[0].budgetUsed == 1)
        // A throwing perform() is logged and still reloads once.
        let (failing, failingScript, log) = try single(clock, intents: IntentRegistry([FailingIntent.self])) { _ in Text("x") }
        await failing.start()
        await failing.send(.intent(BoundIntent(FailingIntent.self)))
        _ = await failing.settle()
        #expect(failingScript.callCount == 2)
        #expect(log.contains(kind: nil, level: .error, "intent “Always Fails” failed"))
    }

    @Test func item21_invalidatableContentIsDimmedUntilTheReloadHasDrawn() async throws {
        let clock = ManualClock(now: t0)
        let (runtime, _, _) = try single(clock, answer: { call, now in .timeline([TestEntry(date: now, value: call)], .never) }) { entry in
            HStack {
                Text("\(entry.value)").font(.title).invalidatableContent()
                Button(intent: TapIntent(tag: "item21")) { Text("Go") }
            }
        }
        await runtime.start()
        await runtime.send(.focusNext)
        let pressed = await runtime.send(.focusActivate)
        #expect(await runtime.status().slots[0].isInvalidated)
        #expect(pressed.count == 1)
        let valueArea = Rect(x: 0, y: 0, width: 60, height: 32)
        let dimmed = brightest(pressed[0].bitmap, in: valueArea)
        #expect(dimmed > 0 && dimmed < 255, "dimmed, not hidden")
        let reloaded = await runtime.settle()
        #expect(await runtime.status().slots[0].isInvalidated == false)
        #expect((await runtime.status().slots[0].entry as? TestEntry)?.value == 1)
        #expect(reloaded.count == 1, "the reload's frame is the first undimmed one")
        #expect(brightest(reloaded[0].bitmap, in: valueArea) == 255)
    }

    /// With a hold (the host gives the panel's frame time), the dimmed frame is not drawn while
    /// the hold lasts: the runtime wakes at its end, and a reload that draws first is all that is sent.
    @Test func item21_aDimmedFrameWaitsForTheReloadDuringTheHold() async throws {
        let clock = ManualClock(now: t0)
        var settings = testSettings(idle: .seconds(86_400))
        settings.provisionalHold = .milliseconds(23)
        let script = Script(clock: clock, answer: { call, now in .timeline([TestEntry(date: now, value: call)], .never) })
        let (runtime, _) = try makeRuntime([widget("w", script) { entry in
            HStack {
                Text("\(entry.value)").font(.title).invalidatableContent()
                Button(intent: TapIntent(tag: "item21-hold")) { Text("Go") }
            }
        }], face: column(["w"]), settings: settings, clock: clock)
        await runtime.start()
        await runtime.send(.focusNext)
        let pressed = await runtime.send(.focusActivate)
        #expect(pressed.count == 0, "held")
        #expect(await runtime.status().slots[0].isInvalidated)
        #expect(await runtime.nextWakeUp == t0.addingTimeInterval(0.023))
        let reloaded = await runtime.settle()
        #expect(reloaded.count == 1)
        #expect(brightest(reloaded[0].bitmap, in: Rect(x: 0, y: 0, width: 60, height: 32)) == 255, "never dimmed")
        #expect(await runtime.nextWakeUp != t0.addingTimeInterval(0.023), "the hold ended with the reload")
    }

    @Test func item22_toggleFlipsOptimisticallyThenTheEntryWins() async throws {
        let clock = ManualClock(now: t0)
        // The provider keeps saying "off": after the reload the toggle must show off again.
        let (runtime, _, _) = try single(clock) { entry in
            Toggle("Lamp", isOn: entry.isOn, intent: SetLampIntent(tag: "item22"))
        }
        await runtime.start()
        #expect(await runtime.status().slots[0].regions.first?.isOn == false)
        await runtime.send(.focusNext)
        await runtime.send(.focusActivate)
        #expect(await runtime.status().slots[0].regions.first?.isOn == true, "flipped at once")
        _ = await runtime.settle()
        #expect(IntentJournal.values("item22") == ["item22=true"], "SetValueIntent received the new state")
        #expect(await runtime.status().slots[0].regions.first?.isOn == false, "the entry's value wins")
    }

    @Test func item23_aMissingRequiredParameterIsLoggedAndNothingElseHappens() async throws {
        let clock = ManualClock(now: t0)
        let (runtime, script, log) = try single(clock, intents: IntentRegistry([TurnOnRoomIntent.self])) { _ in Text("x") }
        let started = await runtime.start()
        let frames = await runtime.send(.intent(BoundIntent(TurnOnRoomIntent.self, name: "Turn On Room")))
        #expect(log.contains(kind: nil, level: .error, "intent “Turn On Room” was not run: required parameter “Room” has no value"))
        #expect(IntentJournal.values("room:").isEmpty)
        #expect(frames.isEmpty && started.count == 2)
        #expect(await runtime.settle().isEmpty)
        #expect(script.callCount == 1)
        #expect(await runtime.status().slots[0].isInvalidated == false)
        #expect(await runtime.statistics.intentsPerformed == 0)
    }

    @Test func item24_bindingsNameIntentsOrActionsAndTheFocusRingMovesOverInteractiveViews() async throws {
        // Names are resolved once, when the binding is read: built-in actions, then intents by
        // type name or title, ignoring case; an unknown name is an error then, not at a press.
        let registry = IntentRegistry([TapIntent.self])
        #expect(try FaceAction(binding: "stack.next", intents: registry) == .stackNext)
        #expect(try FaceAction(binding: "stack.previous", intents: registry) == .stackPrevious)
        #expect(try FaceAction(binding: "focus.next", intents: registry) == .focusNext)
        #expect(try FaceAction(binding: "focus.activate", intents: registry) == .focusActivate)
        #expect(try FaceAction(binding: "wake", intents: registry) == .wake)
        #expect(try FaceAction(binding: "Tap", intents: registry) == .intent(BoundIntent(TapIntent.self)))
        #expect(try FaceAction(binding: "TapIntent", intents: registry) == .intent(BoundIntent(TapIntent.self)))
        let lowercase = try FaceAction(binding: "tap", intents: registry)
        #expect(lowercase == .intent(BoundIntent(TapIntent.self)) && lowercase.description == "tap")
        #expect(throws: IntentRegistryError.unknownIntent(name: "Nope", known: ["TapIntent (“Tap”)"])) {
            try FaceAction(binding: "Nope", intents: registry)
        }

        let clock = ManualClock(now: t0)
        let (runtime, _, _) = try single(clock, intents: IntentRegistry([TapIntent.self])) { _ in
            HStack(spacing: 20) {
                Button(intent: TapIntent(tag: "item24-left")) { Text("L") }
                Button(intent: TapIntent(tag: "item24-right")) { Text("R") }
            }
        }
        let start = await runtime.start()
        let plain = start.last!.bitmap
        let first = await runtime.send(.focusNext)
        #expect(await runtime.status().slots[0].focusedRegion == 0)
        let regions = await runtime.status().slots[0].regions
        #expect(regions.count == 2)
        // The ring is drawn one pixel outside the focused view.
        let ring = regions[0].frame.insetBy(dx: -1, dy: -1)
        #expect(first.count == 1 && first[0].bitmap[ring.minX, ring.minY] == 255 && plain[ring.minX, ring.minY] == 0)
        await runtime.send(.focusNext)
        #expect(await runtime.status().slots[0].focusedRegion == 1)
        await runtime.send(.focusActivate)
        _ = await runtime.settle()
        #expect(IntentJournal.count("item24-right") == 1 && IntentJournal.count("item24-left") == 0)
        await runtime.send(.focusNext)
        #expect(await runtime.status().slots[0].focusedRegion == 0, "the ring wraps around")
        // A bound intent runs a new intent of its type, its parameters at their defaults.
        await runtime.send(.intent(BoundIntent(TapIntent.self)))
        await runtime.send(lowercase)
        _ = await runtime.settle()
        #expect(IntentJournal.count("") >= 2)
    }

    @Test func item25_eachClickRunsItsIntentExactlyOnce() async throws {
        let clock = ManualClock(now: t0)
        let (runtime, script, _) = try single(clock) { _ in Button(intent: TapIntent(tag: "item25")) { Text("Tap") } }
        await runtime.start()
        await runtime.send(.focusNext)
        for _ in 0..<5 {
            clock.advance(by: 0.2)
            await runtime.send(.focusActivate)
        }
        _ = await runtime.settle()
        #expect(IntentJournal.count("item25") == 5)
        let instance = await runtime.instanceStatus()[0]
        #expect(instance.intentsFinished == 5 && instance.intentReloadsStarted == 5)
        #expect(script.callCount == 6)
    }

    @Test func item26_linksAndWidgetURLsGoToTheHandlerAndTwoWidgetURLsWarn() async throws {
        let clock = ManualClock(now: t0)
        let opened = Locked([URL]())
        let link = URL(string: "glance://link")!, first = URL(string: "glance://first")!, second = URL(string: "glance://second")!
        let (runtime, _, log) = try single(clock, openURL: { url in opened.withLock { $0.append(url) } }) { _ in
            VStack {
                Link("Open", destination: link)
                Text("a").widgetURL(first)
                Text("b").widgetURL(second)
            }
        }
        await runtime.start()
        #expect(log.contains(kind: "w", level: .warning, "2 widgetURL modifiers"))
        await runtime.send(.focusActivate)
        await runtime.send(.focusNext)
        await runtime.send(.focusActivate)
        #expect(opened.withLock { $0 } == [first, link])
    }
}
