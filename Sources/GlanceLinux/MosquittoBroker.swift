import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A private Mosquitto broker on a free loopback port, for the tests and `glance bench`: its
/// own configuration, persistence and (optionally) password file in `directory`. Debian's
/// `mosquitto` package provides the program (`make test` installs it).
package final class MosquittoBroker: Sendable {
    /// The TCP port on 127.0.0.1 (another, when the first was taken before the broker bound it).
    package var port: Int { listening.withLock { $0 } }
    /// The broker's folder: configuration, persistence database, log.
    package let directory: URL
    private let process = Mutex<pid_t?>(nil)
    private let listening: Mutex<Int>
    /// The configuration but its listener line.
    private let settings: [String]

    /// Where Debian installs the broker.
    package static let programPath = "/usr/sbin/mosquitto"

    /// Writes the broker's configuration; `users` (name → password) turns anonymous access off;
    /// `port` is the first port tried (a free one when nil).
    /// - Throws: `MQTTError` when mosquitto is not installed or the files cannot be written.
    package init(directory: URL, users: [String: String] = [:], port: Int? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.programPath) else {
            throw MQTTError(description: "\(Self.programPath) is missing: install Debian's mosquitto package (make test does)")
        }
        self.directory = directory
        listening = Mutex(try port ?? Self.freePort())
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var lines = [
            "persistence true",
            "persistence_location \(directory.path)/",
            "log_dest stderr",
            "log_type error",
            "log_type warning",
            "log_type notice",
            "log_type information",
        ]
        // As root, mosquitto would switch to its own user, who cannot write the test's folder.
        if getuid() == 0 { lines.append("user root") }
        if users.isEmpty {
            lines.append("allow_anonymous true")
        } else {
            let passwords = directory.appendingPathComponent("passwords")
            try Data(users.map { "\($0.key):\($0.value)\n" }.joined().utf8).write(to: passwords)
            let hashed = Process()
            hashed.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_passwd")
            hashed.arguments = ["-U", passwords.path]
            try hashed.run()
            hashed.waitUntilExit()
            guard hashed.terminationStatus == 0 else { throw MQTTError(description: "mosquitto_passwd -U failed (\(hashed.terminationStatus))") }
            lines += ["allow_anonymous false", "password_file \(passwords.path)"]
        }
        settings = lines
        try writeConfiguration()
    }

    private func writeConfiguration() throws {
        let lines = ["listener \(port) 127.0.0.1"] + settings
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: directory.appendingPathComponent("mosquitto.conf"))
    }

    deinit {
        stop()
    }

    /// Starts the broker and returns once it accepts connections (it says so in its log,
    /// which is kept in `broker.log`). A port taken between choosing it and the broker binding
    /// it (another test's server, at that moment) is replaced by another free one, up to five times.
    /// - Throws: `MQTTError` when it cannot start or does not say it is running within `timeout` seconds.
    package func start(timeout: Double = 15) throws {
        for attempt in 1...5 {
            guard try launch(timeout: timeout) == .addressInUse else { return }
            guard attempt < 5 else { break }
            let next = try Self.freePort()
            listening.withLock { $0 = next }
            try writeConfiguration()
        }
        throw MQTTError(description: "mosquitto found its port in use five times in a row (last \(port))")
    }

    private enum Launch { case running, addressInUse }

    private func launch(timeout: Double) throws -> Launch {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw MQTTError(description: "no pipe for mosquitto's log: \(errnoDescription(errno))") }
        let pid: pid_t
        do {
            // ChildProcess: signals unblocked in the broker (Dispatch's threads block SIGTERM,
            // which a child would inherit and then never stop).
            pid = try ChildProcess.spawn(Self.programPath, ["-c", directory.appendingPathComponent("mosquitto.conf").path], output: ends[1])
        } catch {
            close(ends[0]); close(ends[1])
            throw MQTTError(description: "\(error)")
        }
        close(ends[1])
        process.withLock { $0 = pid }
        let ready = DispatchSemaphore(value: 0)
        let reader = ends[0], logPath = directory.appendingPathComponent("broker.log").path
        let seen = Mutex("")
        // Copies the log into broker.log until the broker exits (a full pipe would stall it).
        Thread.detachNewThread {
            let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            var buffer = [UInt8](repeating: 0, count: 4096)
            var signalled = false
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                if log >= 0 { _ = write(log, buffer, count) }
                if !signalled {
                    let text = seen.withLock { $0 += String(decoding: buffer[0..<count], as: UTF8.self); return $0 }
                    if text.contains(" running") || text.contains("Address already in use") { signalled = true; ready.signal() }
                }
            }
            if !signalled { ready.signal() }
            close(reader)
            if log >= 0 { close(log) }
        }
        let waited = ready.wait(timeout: .now() + timeout)
        let log = seen.withLock { $0 }
        if log.contains("Address already in use") {
            stop()
            return .addressInUse
        }
        guard waited == .success, log.contains(" running") else {
            stop()
            throw MQTTError(description: "mosquitto did not start on port \(port) within \(Int(timeout)) s: \(log)")
        }
        return .running
    }

    /// Stops the broker (SIGTERM: it saves its database) and waits for it to exit.
    package func stop() {
        guard let pid = process.withLock({ process -> pid_t? in defer { process = nil }; return process }) else { return }
        kill(pid, SIGTERM)
        _ = ChildProcess.wait(pid)
    }

    /// A port on 127.0.0.1 that nothing listens on at the moment.
    package static func freePort() throws -> Int {
        let socket = try LoopbackSocket()
        close(socket.descriptor)
        return socket.port
    }
}
