extension InputLine {
    /// Waits for an e-paper BUSY line: sleeps `expected` on `clock` (the usual duration, so the
    /// line is not polled needlessly), then polls every `pollInterval` until it reads inactive.
    /// - Returns: nil once the line is inactive; how long was waited when it was still active
    ///   after `timeout` (the caller resets the panel and reports it).
    /// - Throws: The line's or the clock's error.
    func waitWhileActive(clock: any HostClock, expected: Duration, timeout: Duration, pollInterval: Duration) async throws -> Duration? {
        let start = clock.uptime
        if expected > .zero { try await clock.sleep(for: expected) }
        while try await read() {
            let waited = clock.uptime - start
            if waited >= timeout { return waited }
            try await clock.sleep(for: pollInterval)
        }
        return nil
    }
}
