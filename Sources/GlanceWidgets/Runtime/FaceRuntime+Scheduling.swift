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
        if let frame = compose(at: now) { frames.append(frame) }
        if isWakeUp {
            statistics.wakeUps += 1
            if !progress && frames.isEmpty { statistics.idleWakeUps += 1 }
        }
        progress = false
        return frames
    }

    /// A backward jump of the wall clock: durations in progress (timeouts, retries, budget
    /// windows) restart from now, while wall-clock moments (entry dates, policies) stay.
    private func clockWentBack(to now: Date) {
        log(.warning, kind: nil, "the clock went back by \(Int(lastStepDate.timeIntervalSince(now))) s")
        let timeout = settings.providerTimeout.seconds
        for index in instances.indices {
            instances[index].budget.clamp(to: now)
            if let flight = instances[index].inFlight, flight.deadline > now.addingTimeInterval(timeout) {
                instances[index].inFlight = .init(id: flight.id, reason: flight.reason, deadline: now.addingTimeInterval(timeout))
            }
            if let retry = instances[index].retryAt {
                let delay = settings.retry.delay(afterFailures: instances[index].failures)
                instances[index].retryAt = min(retry, now.addingTimeInterval(delay))
            }
        }
    }

    private func takeCenterRequests() {
        for request in widgetCenter.takeRequests() {
            for index in instances.indices {
                switch request {
                case .all: instances[index].explicitPending = true
                case .kind(let kind) where kind == instances[index].kind: instances[index].explicitPending = true
                case .kind: break
                }
            }
        }
    }

    // MARK: - Reloads

    private func startDueReloads(at now: Date) {
        for index in instances.indices {
            // Each finished intent gets its own reload; answers given at once let the next start.
            while instances[index].inFlight == nil, instances[index].intentReloadsQueued > 0 {
                instances[index].intentReloadsQueued -= 1
                startReload(index, reason: .intent, at: now)
            }
            guard instances[index].inFlight == nil, let reason = instances[index].dueReload(at: now) else { continue }
            if !reason.isFree && !instances[index].budget.allows(at: now) {
                if !instances[index].deferred {
                    instances[index].deferred = true
                    statistics.deferredReloads += 1
                    progress = true
                    let until = instances[index].budget.nextAllowed(at: now)
                    log(.info, kind: instances[index].kind, "reload budget of \(settings.reloadBudget ?? 0) per 24 h used up; reload deferred until \(until)")
                }
                continue
            }
            startReload(index, reason: reason, at: now)
        }
    }

    private func startReload(_ index: Int, reason: ReloadReason, at now: Date) {
        requestCounter += 1
        let request = requestCounter
        progress = true
        var instance = instances[index]
        instance.deferred = false
        instance.initialPending = false
        instance.retryAt = nil
        if !reason.isFree {
            // An intent reload leaves a deferred WidgetCenter request standing: it is never dropped.
            instance.explicitPending = false
            instance.policyDue = nil
            instance.budget.record(now)
            statistics.budgetedReloads += 1
        } else {
            statistics.intentReloads += 1
            if reason == .intent { instance.intentReloadsStarted += 1 }
        }
        statistics.providerCalls[instance.kind, default: 0] += 1
        instance.inFlight = .init(id: request, reason: reason, deadline: now.addingTimeInterval(settings.providerTimeout.seconds))
        instances[index] = instance

        let call = withCenters(kind: instance.kind) { instance.engine.timeline(instance.context, instance.configuration) }
        switch call {
        case .completion(let invoke):
            let bridge = CompletionBridge<AnyTimeline>()
            withCenters(kind: instance.kind) { invoke { bridge.complete($0) } }
            let answer = bridge.finishCall { [weak self] timeline in
                Task { await self?.deliver(instance: index, request: request, result: .success(timeline)) }
            }
            if let answer { apply(index, request: request, result: .success(answer)) }
        case .async(let body):
            let widgetCenter = self.widgetCenter, activityCenter = self.activityCenter
            tasks[request] = Task { [weak self] in
                let result: Result<AnyTimeline, any Error>
                do {
                    result = .success(try await WidgetCenter.$current.withValue(widgetCenter) {
                        try await ActivityCenter.$current.withValue(activityCenter) { try await body() }
                    })
                } catch {
                    result = .failure(error)
                }
                await self?.deliver(instance: index, request: request, result: result)
            }
        }
    }

    /// An answer that arrived after the call returned (async providers, late completions).
    func deliver(instance index: Int, request: Int, result: Result<AnyTimeline, any Error>) {
        tasks[request] = nil
        guard instances[index].inFlight?.id == request else {
            log(.warning, kind: instances[index].kind, "provider answered after its timeout; the answer is ignored")
            return
        }
        apply(index, request: request, result: result)
        signalChange()
    }

    private func apply(_ index: Int, request: Int, result: Result<AnyTimeline, any Error>) {
        guard let flight = instances[index].inFlight, flight.id == request else { return }
        instances[index].inFlight = nil
        progress = true
        switch result {
        case .success(let timeline) where !timeline.entries.isEmpty:
            instances[index].entries = timeline.entries
            instances[index].generation += 1
            instances[index].isPlaceholder = false
            instances[index].failures = 0
            instances[index].retryAt = nil
            // A policy moment that has already come is taken as one second from now, so a
            // timeline asking for itself again (`.atEnd` with one entry dated now) cannot spin;
            // the budget then spaces such reloads out.
            instances[index].policyDue = WidgetInstance.reloadMoment(for: timeline).map { max($0, time.now.addingTimeInterval(1)) }
            warnedURLs.remove(index)
        case .success:
            fail(index, reason: flight.reason, "returned an empty timeline")
        case .failure(let error):
            fail(index, reason: flight.reason, "provider failed: \(error)")
        }
        if flight.reason == .intent {
            instances[index].pendingIntents = max(0, instances[index].pendingIntents - 1)
            if instances[index].pendingIntents == 0 { instances[index].toggleOverrides = [:] }
        }
    }

    private func fail(_ index: Int, reason: ReloadReason, _ message: String) {
        instances[index].failures += 1
        statistics.failures += 1
        let delay = settings.retry.delay(afterFailures: instances[index].failures)
        instances[index].retryAt = time.now.addingTimeInterval(delay)
        instances[index].retryFree = reason.isFree
        log(.error, kind: instances[index].kind, "\(message); keeping the previous content, retrying in \(Int(delay)) s")
    }

    private func handleTimeouts(at now: Date) {
        for index in instances.indices {
            guard let flight = instances[index].inFlight, now >= flight.deadline else { continue }
            statistics.timeouts += 1
            statistics.failures -= 1 // `apply` counts the failure again below
            tasks[flight.id]?.cancel()
            tasks[flight.id] = nil
            let seconds = Int(settings.providerTimeout.seconds)
            apply(index, request: flight.id, result: .failure(ProviderTimeout(seconds: seconds)))
        }
    }

    // MARK: - Stacks

    private func updateStacks(at now: Date) {
        for slot in stacks.indices where stacks[slot].followsRelevance {
            if stacks[slot].promote(score: { instances[$0].relevanceScore(at: now) }) {
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
        var overdue = [Date?]()
        var candidates = [Date?]()
        let lit = machine.state != .off
        for instance in instances {
            if let flight = instance.inFlight {
                overdue.append(flight.deadline)
            } else if instance.intentReloadsQueued > 0 || instance.initialPending {
                overdue.append(now)
            } else if instance.explicitPending || (instance.nextReloadMoment.map { $0 <= now } ?? false) {
                overdue.append(instance.budget.nextAllowed(at: now))
            } else if let moment = instance.nextReloadMoment {
                overdue.append(instance.budget.allows(at: moment) ? moment : max(moment, instance.budget.nextAllowed(at: moment)))
            }
        }
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
        }
        for activity in activityCenter.liveActivities(at: now) {
            candidates.append(activity.staleDate)
            candidates.append(activity.dismissAt)
        }
        candidates.append(machine.nextTransition(after: now))
        let soonest = overdue.compactMap { $0 }.map { max($0, now) } + candidates.compactMap { $0 }.filter { $0 > now }
        return soonest.min()
    }
}

/// A provider call that did not answer within the timeout.
struct ProviderTimeout: Error, CustomStringConvertible {
    let seconds: Int
    var description: String { "no answer within \(seconds) s" }
}
