import Foundation
import GlanceCore
import GlanceInput

/// A moment a listener of the loop wants to be woken at (`FaceHost.setAlarm`).
package enum FaceAlarm: Sendable, Equatable {
    /// On the clock's wall time, which widgets and the dates they read follow.
    case wall(Date)
    /// On the clock's `uptime`: real time whatever a simulated clock's pace.
    case uptime(Duration)

    func isDue(now: Date, uptime: Duration) -> Bool {
        switch self {
        case .wall(let date): date <= now
        case .uptime(let moment): moment <= uptime
        }
    }
}

/// The loop's deadlines, and listeners' alarms among them: a listener's timer (the MQTT
/// bridge's message expiry and glass interval) is one of the loop's deadlines, never a sleep of
/// its own.
extension FaceHost {
    /// The next moment something is due: the runtime's wake-up, a gesture decision, the
    /// display's shift step, refresh or retry, a listener's alarm, the end of the run.
    package func nextDeadline() async -> Date? {
        let now = clock.now, uptime = clock.uptime
        var candidates = [await runtime.nextWakeUp, await assembly.display.nextDeadline, await assembly.display.nextRetry, stopAt]
        if let deadline = input.nextDeadline {
            candidates.append(now.addingTimeInterval(max(.zero, deadline - clock.inputTime).timeInterval))
        }
        let alarms = alarmMoments()
        candidates += alarms.wall
        candidates += alarms.uptime.map { now.addingTimeInterval(max(.zero, $0 - uptime).timeInterval) }
        return candidates.compactMap { $0 }.min()
    }

    /// How long the live loop may wait, on the clock's `uptime`: until the next wall-clock
    /// deadline (the runtime's wake-up, the display's, the end of the run) as the clock
    /// counts it, or the next deadline of `uptime` itself (a gesture decision, a panel retry),
    /// whichever comes first; nil when nothing is due without an event.
    func nextWait() async -> Duration? {
        let uptime = clock.uptime, alarms = alarmMoments()
        let wallDeadlines = [await runtime.nextWakeUp, await assembly.display.nextDeadline, stopAt] + alarms.wall
        var waits: [Duration?] = alarms.uptime.map { max(.zero, $0 - uptime) }
        let wall = wallDeadlines.compactMap { $0 }.min()
        waits.append(wall.flatMap { clock.waitingTime(until: $0) })
        if let deadline = input.nextDeadline {
            waits.append(max(.zero, deadline - clock.inputTime))
        }
        if let attempt = await assembly.pipeline.nextAttempt {
            waits.append(max(.zero, attempt - uptime))
        }
        return waits.compactMap { $0 }.min()
    }

    /// Asks the loop to publish a snapshot once `alarm` is due (nil: no longer), under `name`,
    /// which replaces that name's earlier alarm.
    package nonisolated func setAlarm(_ name: String, _ alarm: FaceAlarm?) {
        let changed = alarms.withLock { alarms in
            defer { alarms[name] = alarm }
            return alarms[name] != alarm
        }
        // The loop counts its wait again.
        if changed { doorbell.yield() }
    }

    /// The alarms set, split by the clock they are on.
    func alarmMoments() -> (wall: [Date], uptime: [Duration]) {
        var moments: (wall: [Date], uptime: [Duration]) = ([], [])
        for alarm in alarms.withLock({ Array($0.values) }) {
            switch alarm {
            case .wall(let date): moments.wall.append(date)
            case .uptime(let moment): moments.uptime.append(moment)
            }
        }
        return moments
    }

    /// Takes away the alarms due at `now` (and the clock's uptime now).
    /// - Returns: Whether any was.
    func ringDueAlarms(now: Date) -> Bool {
        let uptime = clock.uptime
        return alarms.withLock { alarms in
            let due = alarms.filter { $0.value.isDue(now: now, uptime: uptime) }
            for name in due.keys { alarms[name] = nil }
            return !due.isEmpty
        }
    }
}
