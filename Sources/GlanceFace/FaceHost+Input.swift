import Foundation
import GlanceCore
import GlanceInput
import GlanceWidgets

/// What the loop's events do: buttons to bindings, app-group changes to reloads, SIGHUP to a new face.
extension FaceHost {
    package func handle(_ event: Event) async -> [Frame] {
        switch event {
        case .edge(let edge):
            return await dispatch(input.feed(edge))
        case .key(let key):
            return await dispatch(input.feed(key, at: clock.inputTime))
        case .changed:
            // An intent finished: what it wrote to the app group is what its widget's reload
            // reads, so the folder watcher's report of that write reloads nothing again.
            let performed = await runtime.statistics.intentsPerformed
            if performed != intentsPerformed {
                intentsPerformed = performed
                rememberAppGroupContents()
            }
            return await runtime.update()
        case .appGroupChanged(let file):
            return isUnchanged(appGroupFile: file) ? [] : await appGroupChangedReload(file)
        case .clockChanged:
            // The inspector's times moved with the clock: listeners get a new snapshot.
            changed = true
            return []
        case .reloadFace:
            return await reloadFace()
        case .stop:
            stopped = true
            doorbell.finish()
            for listener in listeners.values { listener.continuation.finish() }
            for follower in folderFollowers { follower.finish() }
            return []
        case .request(let request, let reply):
            return await handle(request, reply: reply)
        }
    }

    /// What an app-group file's change reloads: every widget for `defaults.json` (as an app
    /// does after writing its defaults), else the widgets that read the file.
    package func appGroupChangedReload(_ file: String) async -> [Frame] {
        switch file {
        case appGroups.defaultsFileName:
            // Every widget's @AppStorage reads the app's defaults: their change is every widget's input.
            let lifted = await runtime.liftQuarantine(because: "\(file) changed")
            guard let defaults else { return lifted }
            do {
                defaults.replaceAll(with: try appGroups.loadDefaults(of: plan.appGroup).snapshot)
                logger.info("\(file) changed; reloading every widget")
                runtime.widgetCenter.reloadAllTimelines()
            } catch {
                logger.warning("\(file) cannot be read; @AppStorage keeps the values it had: \(error)")
            }
            return lifted + (await runtime.update())
        default:
            // The widgets that read the file, in this run or (quarantined ones, which run no
            // code) in the run the state file remembers.
            let readers = appGroups.readers(of: file, in: plan.appGroup)
            let lifted = await runtime.liftQuarantine(of: Set(readers), because: "\(file), which it reads, changed")
            // A widget whose intent is running reloads when it finishes, reading the file then.
            let awaiting = await runtime.kindsAwaitingIntentReload
            let kinds = readers.filter { !awaiting.contains($0) }
            guard !kinds.isEmpty else { return lifted }
            logger.info("\(file) changed; reloading \(kinds.joined(separator: ", "))")
            for kind in kinds { runtime.widgetCenter.reloadTimelines(ofKind: kind) }
            return lifted + (await runtime.update())
        }
    }

    /// Remembers what each app-group file the widgets read holds now, as if its change was handled.
    package func rememberAppGroupContents() {
        for file in Set(appGroups.filesRead(in: plan.appGroup).values.joined()) {
            appGroupContents[file] = (try? appGroups.contents(of: file, in: plan.appGroup)) ?? nil
        }
    }

    /// Whether `file` holds what it held when its last change was handled (and remembers it).
    package func isUnchanged(appGroupFile file: String) -> Bool {
        guard let contents = (try? appGroups.contents(of: file, in: plan.appGroup)) ?? nil else { return false }
        defer { appGroupContents[file] = contents }
        return appGroupContents[file] == contents
    }

    /// Button events to bindings. Every press re-arms the idle timer; a press that wakes the
    /// face runs nothing, and neither do the rest of its gestures (its click, long press…).
    package func dispatch(_ events: [ButtonEvent]) async -> [Frame] {
        var frames = [Frame]()
        for event in events {
            frames += await dispatch(button: event.button, gesture: event.kind.gesture, synthetic: false)
        }
        return frames
    }

    package func dispatch(button: ButtonID, gesture: ButtonGesture, synthetic: Bool) async -> [Frame] {
        let made = FaceSnapshot.Gesture(button: button, gesture: gesture)
        recent.append(made)
        if recent.count > 50 { recent.removeFirst(recent.count - 50) }
        madeGestures.append(made)
        changed = true
        var frames = [Frame]()
        if gesture == .press || synthetic {
            let (woke, activity) = await runtime.buttonActivity()
            frames += activity
            if woke { swallowing.insert(button) } else { swallowing.remove(button) }
        }
        guard !swallowing.contains(button), let action = plan.bindings[FacePlan.BindingKey(button: button, gesture: gesture)] else {
            return frames
        }
        if case .intent(let intent) = action {
            intents.append(intent.name)
            if intents.count > 50 { intents.removeFirst(intents.count - 50) }
        }
        return frames + (await runtime.send(action))
    }

    /// SIGHUP: the face file again; the running face stays when it cannot be read.
    package func reloadFace() async -> [Frame] {
        guard let loadFace else { return [] }
        do {
            guard let (plan, runtime) = try await loadFace() else {
                logger.notice("SIGHUP: no face file to read again")
                return []
            }
            logger.notice("SIGHUP: face file read again; \(counted(plan.face.slots.count, "slot"))")
            var state = await self.runtime.savedState
            // Reading the face file again is new input for quarantined widgets: they run again.
            state.quarantined = []
            self.runtime.onChange(nil)
            await runtime.restore(state)
            let inbox = self.inbox, doorbell = self.doorbell
            runtime.onChange { Self.post(.changed, inbox: inbox, doorbell: doorbell) }
            if plan.appGroup != self.plan.appGroup {
                let folder = appGroups.directory(of: plan.appGroup)
                for follower in folderFollowers { follower.yield(folder) }
            }
            self.plan = plan
            self.runtime = runtime
            swallowing = []
            // A new plan is news for listeners even when the glass stays the same (its bindings, its mqtt: section).
            changed = true
            return await runtime.start()
        } catch {
            logger.error("SIGHUP: keeping the running face: \(error)")
            return []
        }
    }

}
