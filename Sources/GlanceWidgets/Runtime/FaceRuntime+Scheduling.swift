import Foundation

extension FaceRuntime {
    // MARK: - The step

    /// Does everything due at the clock's time, in a fixed order, and returns the frames.
    func step(isWakeUp: Bool) -> [Frame] {
        let now = time.now
        if now < lastStepDate { clockWentBack(to: now) }
        lastStepDate = now
        // Everything due by now is done in this step, whatever called it.
        if let planned = plannedWakeUp, planned <= now { plannedWakeUp = nil }
        takeCenterRequests()
        handleTimeouts(at: now)
        if machine.advance(to: now) {
            progress = true
            if machine.state != .active { focus = nil }
            log(.info, kind: nil, "display is now \(machine.state)")
        }
        startDueReloads(at: now)
        updateStacks(at: now)
        var frames = [Frame]()
        if !holdsProvisionalFrame(at: now), let frame = compose(at: now) { frames.append(frame) }
        if isWakeUp {
            statistics.wakeUps += 1
            if !progress && frames.isEmpty { statistics.idleWakeUps += 1 }
        }
        progress = false
        return frames
    }

    /// Whether drawing waits for an intent's reload (`RuntimeSettings.provisionalHold`): a
    /// shown widget has one pending and its hold has not run out. Once none is pending the
    /// hold ends; a frame not drawn meanwhile is drawn by the next step.
    private func holdsProvisionalFrame(at now: Date) -> Bool {
        guard let until = provisionalUntil else { return false }
        let waiting = face.slots.indices.contains { shownActivities[$0] == nil && instances[stacks[$0].visible].pendingIntents > 0 }
        if !waiting { provisionalUntil = nil }
        return waiting && now < until
    }

    /// A backward jump of the wall clock: see `TimelineScheduler.clockWentBack(to:)`.
    private func clockWentBack(to now: Date) {
        log(.warning, kind: nil, "the clock went back by \(Int(lastStepDate.timeIntervalSince(now))) s")
        scheduler.clockWentBack(to: now)
    }

    private func takeCenterRequests() {
        for request in widgetCenter.takeRequests() {
            for index in instances.indices {
                switch request {
                case .all: scheduler.requestReload(of: index)
                case .kind(let kind) where kind == instances[index].kind: scheduler.requestReload(of: index)
                case .kind: break
                }
            }
        }
    }

    // MARK: - Reloads

    /// Starts the calls due now; a call answered at once can let the next one of its widget
    /// start (one reload per finished intent), so it asks again until nothing more starts.
    private func startDueReloads(at now: Date) {
        var started = true
        while started {
            started = false
            for decision in scheduler.due(at: now) {
                progress = true
                switch decision {
                case .start(let call):
                    started = true
                    startReload(call)
                case .deferred(let index, let until):
                    statistics.deferredReloads += 1
                    log(.info, kind: instances[index].kind, "reload budget of \(settings.reloadBudget ?? 0) per 24 h used up; reload deferred until \(until)")
                }
            }
        }
    }

    /// Asks the provider of `call.widget` for a timeline; the answer comes now or through `deliver`.
    private func startReload(_ call: TimelineScheduler.Call) {
        let instance = instances[call.widget]
        guard !quarantined.contains(instance.kind) else {
            // Quarantined: no provider call; `liftQuarantine(of:because:)` asks again.
            _ = scheduler.finish(call, .timeline(reloadAt: nil), at: time.now)
            return
        }
        callStarts[call.id] = (time.now, time.uptime)
        if call.reason.isFree { statistics.intentReloads += 1 } else { statistics.budgetedReloads += 1 }
        statistics.providerCalls[instance.kind, default: 0] += 1
        let result = guarded(instance.kind) { withCenters(kind: instance.kind) { instance.engine.timeline(instance.context, instance.configuration) } }
        switch result {
        case .completion(let invoke):
            let bridge = CompletionBridge<AnyTimeline>()
            guarded(instance.kind) { withCenters(kind: instance.kind) { invoke { bridge.complete($0) } } }
            let answer = bridge.finishCall { [weak self] timeline in
                Task { await self?.deliver(call, .success(timeline)) }
            }
            if let answer { apply(call, .success(answer)) }
        case .async(let body):
            let widgetCenter = self.widgetCenter, activityCenter = self.activityCenter
            tasks[.reload(call.id)] = Task { [weak self] in
                let result: Result<AnyTimeline, any Error>
                do {
                    result = .success(try await WidgetCenter.$current.withValue(widgetCenter) {
                        try await ActivityCenter.$current.withValue(activityCenter) { try await body() }
                    })
                } catch {
                    result = .failure(error)
                }
                await self?.deliver(call, result)
            }
        }
    }

    /// An answer that arrived after the call returned (async providers, late completions).
    private func deliver(_ call: TimelineScheduler.Call, _ result: Result<AnyTimeline, any Error>) {
        tasks[.reload(call.id)] = nil
        guard scheduler.isCurrent(call) else {
            log(.warning, kind: instances[call.widget].kind, "provider answered after its timeout; the answer is ignored")
            return
        }
        apply(call, result)
        signalChange()
    }

    private func apply(_ call: TimelineScheduler.Call, _ result: Result<AnyTimeline, any Error>, timedOut: Bool = false) {
        let index = call.widget
        let now = time.now
        let outcome: TimelineScheduler.Finish
        var problem = ""
        switch result {
        case .success(let timeline) where !timeline.entries.isEmpty:
            outcome = scheduler.finish(call, .timeline(reloadAt: WidgetInstance.reloadMoment(for: timeline)), at: now)
            guard outcome != .ignored else { return }
            instances[index].entries = timeline.entries
            instances[index].policy = timeline.policy
            instances[index].generation += 1
            instances[index].isPlaceholder = false
            warnedURLs.remove(index)
        case .success:
            outcome = scheduler.finish(call, .failure, at: now)
            problem = "returned an empty timeline"
        case .failure(let error):
            outcome = scheduler.finish(call, .failure, at: now)
            problem = "provider failed: \(error)"
        }
        guard outcome != .ignored else { return }
        if let (started, instant) = callStarts.removeValue(forKey: call.id) {
            instances[index].lastCall = ProviderCallRecord(started: started, duration: time.uptime - instant,
                                                           problem: problem.isEmpty ? nil : problem)
        }
        progress = true
        if case .retrying(let delay) = outcome {
            if !timedOut { statistics.failures += 1 }
            log(.error, kind: instances[index].kind, "\(problem); keeping the previous content, retrying in \(Int(delay)) s")
        }
        if call.reason == .intent {
            instances[index].pendingIntents = max(0, instances[index].pendingIntents - 1)
            if instances[index].pendingIntents == 0 { instances[index].toggleOverrides = [:] }
        }
    }

    private func handleTimeouts(at now: Date) {
        for call in scheduler.expired(at: now) {
            statistics.timeouts += 1
            tasks[.reload(call.id)]?.cancel()
            tasks[.reload(call.id)] = nil
            apply(call, .failure(ProviderTimeout(seconds: Int(settings.providerTimeout.seconds))), timedOut: true)
        }
    }

    // MARK: - Stacks

    private func updateStacks(at now: Date) {
        for slot in stacks.indices {
            let score = { (instance: Int) in self.instances[instance].relevanceScore(at: now) }
            var moved = stacks[slot].promote(score: score)
            // A rotating stack takes turns only while it is seen: not with the panel off, nor
            // under a live activity.
            if machine.state == .off || shownActivities[slot] != nil {
                stacks[slot].pauseTurn()
            } else if stacks[slot].rotate(at: now, score: score) {
                moved = true
            }
            if moved {
                progress = true
                if focus?.slot == slot { focus = nil }
            }
        }
    }

    /// Shows the next (`step` 1) or previous (-1) widget of `slot`'s stack.
    func navigateStack(_ slot: Int, by step: Int) {
        guard stacks[slot].navigate(by: step) else {
            log(.info, kind: nil, "slot \(slot) holds one widget; stack navigation does nothing")
            return
        }
        if focus?.slot == slot { focus = nil }
        progress = true
    }

    // MARK: - Wake-ups

    /// The earliest moment at which something is due: `now` itself when a reload or a timeout
    /// is already overdue (the clock moved without a step), else a moment after `now`.
    func computeNextWakeUp(after now: Date) -> Date? {
        var candidates = [Date?]()
        let lit = machine.state != .off
        for (slot, stack) in stacks.enumerated() {
            let visible = stack.visible
            if lit, shownActivities[slot] == nil {
                candidates.append(instances[visible].nextEntryDate(after: now))
            }
            if stack.followsRelevance {
                for member in stack.members {
                    candidates.append(instances[member].nextEntryDate(after: now))
                    candidates.append(instances[member].relevanceEnd(after: now))
                }
            }
            if lit { candidates.append(renders[slot]?.nextChange) }
            if lit, shownActivities[slot] == nil { candidates.append(stack.turnEnd) }
        }
        for activity in activityCenter.liveActivities(at: now) {
            candidates.append(activity.staleDate)
            candidates.append(activity.dismissAt)
        }
        candidates.append(machine.nextTransition(after: now))
        candidates.append(provisionalUntil)
        let soonest = [scheduler.nextWakeUp(after: now)].compactMap { $0 } + candidates.compactMap { $0 }.filter { $0 > now }
        return soonest.min()
    }
}

/// A provider call that did not answer within the timeout.
struct ProviderTimeout: Error, CustomStringConvertible {
    let seconds: Int
    var description: String { "no answer within \(seconds) s" }
}
