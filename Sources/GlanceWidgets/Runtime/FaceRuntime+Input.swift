import Foundation

extension FaceRuntime {
    /// Handles one button action: wakes the face (without running the action) when it is not
    /// active, otherwise navigates, moves or activates the focus, or runs the bound intent.
    /// - Returns: The frames to show.
    @discardableResult
    public func send(_ action: FaceAction) -> [Frame] {
        if registerInput(waking: "woken by \(action); the action itself is not run") { return step(isWakeUp: false) }
        switch action {
        case .wake:
            break
        case .stackNext:
            navigateStack(activeSlot, by: 1)
        case .stackPrevious:
            navigateStack(activeSlot, by: -1)
        case .focusNext:
            moveFocus()
        case .focusActivate:
            activateFocus()
        case .intent(let bound):
            runIntent(bound.type.init(), targets: Array(instances.indices), toggle: nil)
        }
        return step(isWakeUp: false)
    }

    /// Shows the widget of `kind` in the stack of the first slot that holds it, as if the stack
    /// had been navigated to it (a remote "show this widget", e.g. Home Assistant's select).
    /// - Returns: The frames to show; nil when no stack holds a widget of that kind.
    public func showWidget(kind: String) -> [Frame]? {
        for slot in stacks.indices {
            guard let instance = stacks[slot].members.first(where: { instances[$0].kind == kind }) else { continue }
            if stacks[slot].visible != instance {
                _ = stacks[slot].show(instance: instance)
                if focus?.slot == slot { focus = nil }
                progress = true
            }
            return step(isWakeUp: false)
        }
        return nil
    }

    /// A button going down, whatever it is bound to: re-arms the idle timer and wakes a
    /// dimmed or dark face (Docs/Contract.md, "Button bindings").
    /// - Returns: Whether this woke the face — then the gestures of this press run no binding —
    ///   and the frames to show.
    public func buttonActivity() -> (woke: Bool, frames: [Frame]) {
        let woke = registerInput(waking: "woken by a button; the press runs no binding")
        return (woke, step(isWakeUp: false))
    }

    /// A button event at the clock's time for the always-on machine; true (after logging
    /// `message`) when it woke the face.
    private func registerInput(waking message: String) -> Bool {
        let now = time.now
        if now < lastStepDate { _ = step(isWakeUp: false) }
        _ = machine.advance(to: now)
        guard machine.input(at: now) else { return false }
        log(.info, kind: nil, message)
        progress = true
        return true
    }

    /// The slot stack and activation actions apply to: the focused one, else the first stack, else the first slot.
    var activeSlot: Int {
        focus?.slot ?? stacks.firstIndex { $0.members.count > 1 } ?? 0
    }

    private func moveFocus() {
        var all = [(slot: Int, region: Int)]()
        for slot in face.slots.indices {
            for region in (renders[slot]?.interactiveRegions ?? []).indices { all.append((slot, region)) }
        }
        guard !all.isEmpty else {
            log(.info, kind: nil, "focus.next: no button, toggle or link is shown")
            focus = nil
            return
        }
        let position = focus.flatMap { current in all.firstIndex { $0 == current } }
        focus = all[position.map { ($0 + 1) % all.count } ?? 0]
        progress = true
    }

    private func activateFocus() {
        guard let current = focus, let render = renders[current.slot], current.region < render.interactiveRegions.count else {
            let slot = activeSlot
            if let url = renders[slot]?.widgetURLs.first {
                openURL(url)
            } else {
                log(.info, kind: nil, "focus.activate: nothing is focused and slot \(slot) has no widgetURL")
            }
            return
        }
        let region = render.interactiveRegions[current.region]
        let targets = shownActivities[current.slot] == nil ? [stacks[current.slot].visible] : []
        switch region.action {
        case .intent(let reference):
            guard let intent = reference.value as? any AppIntent else {
                log(.error, kind: nil, "focus.activate: \(reference.typeName) is not an AppIntent")
                return
            }
            runIntent(intent, targets: targets, toggle: region.isOn.map { (reference, $0) })
        case .action(let index):
            render.actions[index]()
        case .url(let url):
            openURL(url)
        }
    }

    /// Runs `intent` unless a required parameter is missing, then reloads each target once.
    func runIntent(_ intent: any AppIntent, targets: [Int], toggle: (reference: IntentReference, isOn: Bool)?) {
        let type = type(of: intent)
        let title = type.titleText
        let missing = intent.missingParameters
        guard missing.isEmpty else {
            let names = missing.map { "“\($0)”" }.joined(separator: ", ")
            log(.error, kind: nil, "intent “\(title)” was not run: required parameter \(names) has no value (intents never prompt)")
            return
        }
        registry.register(type)
        for target in targets {
            instances[target].pendingIntents += 1
            if let toggle { instances[target].toggleOverrides[toggle.reference] = !toggle.isOn }
        }
        if !targets.isEmpty, settings.provisionalHold > .zero, provisionalUntil == nil {
            provisionalUntil = time.now.addingTimeInterval(settings.provisionalHold.timeInterval)
        }
        progress = true
        let prepared = toggle.map { Self.setting(intent, to: !$0.isOn) } ?? intent
        intentCounter += 1
        let request = intentCounter
        let widgetCenter = self.widgetCenter, activityCenter = self.activityCenter
        tasks[.intent(request)] = Task { [weak self] in
            var failure: String?
            do {
                try await WidgetCenter.$current.withValue(widgetCenter) {
                    try await ActivityCenter.$current.withValue(activityCenter) { try await Self.perform(prepared) }
                }
            } catch {
                failure = String(describing: error)
            }
            await self?.intentFinished(request: request, title: title, targets: targets, failure: failure)
        }
    }

    private static func perform<Intent: AppIntent>(_ intent: Intent) async throws {
        _ = try await intent.perform()
    }

    /// A `SetValueIntent` of a `Bool` gets the toggle's new state; other intents stay as they are.
    private static func setting(_ intent: any AppIntent, to value: Bool) -> any AppIntent {
        guard let setter = intent as? any SetValueIntent else { return intent }
        return setBool(setter, value)
    }

    private static func setBool<Intent: SetValueIntent>(_ intent: Intent, _ value: Bool) -> any AppIntent {
        guard let typed = value as? Intent.ValueType else { return intent }
        var copy = intent
        copy.value = typed
        return copy
    }

    /// The kinds of the widgets whose intent runs or whose reload after an intent has not
    /// finished: that reload reads their files after the intent wrote them.
    public var kindsAwaitingIntentReload: Set<String> {
        Set(instances.filter { $0.pendingIntents > 0 }.map(\.kind))
    }

    private func intentFinished(request: Int, title: String, targets: [Int], failure: String?) {
        tasks[.intent(request)] = nil
        statistics.intentsPerformed += 1
        if let failure {
            log(.error, kind: nil, "intent “\(title)” failed: \(failure); reloading its widgets anyway")
        }
        for target in targets {
            instances[target].intentsFinished += 1
            scheduler.intentFinished(for: target)
        }
        progress = true
        signalChange()
    }
}
