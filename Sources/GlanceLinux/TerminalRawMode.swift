#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the terminal could not be put in raw mode.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The descriptor is not a terminal (input is piped or redirected).
    case notATerminal(descriptor: Int32)
    /// Another `TerminalRawMode` is active; only one may be.
    case alreadyRaw
    /// Reading or setting the terminal attributes failed.
    case attributes(operation: String, errno: Int32)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .notATerminal(let descriptor):
            "descriptor \(descriptor) is not a terminal, so keys cannot be read one at a time (run glance in a terminal, not with input piped or redirected)"
        case .alreadyRaw:
            "the terminal is already in raw mode"
        case .attributes(let operation, let code):
            "\(operation) the terminal attributes failed: \(errnoDescription(code)) (errno \(code))"
        }
    }
}

// The saved state lives in globals because a signal handler can reach nothing else. It is kept
// in raw allocations so the handler does plain loads (no Swift runtime calls, which are not
// async-signal-safe). Only `TerminalRawMode` writes it, under `rawModeLock`.
nonisolated(unsafe) private var savedDescriptor: Int32 = -1
nonisolated(unsafe) private let savedAttributes: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
}()
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 4)
    pointer.initialize(repeating: sigaction(), count: 4)
    return pointer
}()
nonisolated(unsafe) private var exitHookInstalled = false
nonisolated(unsafe) private let rawModeLock: UnsafeMutablePointer<pthread_mutex_t> = {
    let pointer = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(pointer, nil)
    return pointer
}()

private func withRawModeLock<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(rawModeLock)
    defer { pthread_mutex_unlock(rawModeLock) }
    return try body()
}

/// The slot of `signal` in `previousActions` (the order of `TerminalRawMode.restoringSignals`).
private func actionSlot(_ signal: Int32) -> Int {
    switch signal {
    case SIGINT: 0
    case SIGTERM: 1
    case SIGHUP: 2
    default: 3
    }
}

/// Restores the saved attributes; async-signal-safe (tcsetattr and plain loads only).
private func restoreSavedAttributes() {
    if savedDescriptor >= 0 { _ = tcsetattr(savedDescriptor, TCSANOW, savedAttributes) }
}

/// Puts a terminal in raw mode (keys arrive one at a time, unechoed) and guarantees it comes back.
///
/// The original attributes are restored by `restore()`, when `withRawMode` ends by return or
/// throw, at `exit()`, and on SIGINT, SIGTERM, SIGHUP and SIGQUIT (the handler restores, then
/// re-raises the signal with the handler that was there before, so the program still stops).
/// Ctrl-C keeps generating SIGINT, and output processing stays on, so `\n` still starts a new line.
public final class TerminalRawMode: Sendable {
    /// The signals after which the terminal is restored.
    public static let restoringSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The terminal descriptor in raw mode.
    public let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Switches `descriptor` to raw mode.
    /// - Throws: `TerminalError.notATerminal` when input is not a terminal, `.alreadyRaw`, or `.attributes`.
    public static func enter(descriptor: Int32 = STDIN_FILENO) throws -> TerminalRawMode {
        guard isatty(descriptor) == 1 else { throw TerminalError.notATerminal(descriptor: descriptor) }
        return try withRawModeLock {
            guard savedDescriptor < 0 else { throw TerminalError.alreadyRaw }
            var original = termios()
            guard tcgetattr(descriptor, &original) == 0 else { throw TerminalError.attributes(operation: "reading", errno: errno) }
            var raw = original
            makeRaw(&raw)
            savedAttributes.pointee = original
            savedDescriptor = descriptor
            installHandlers()
            guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else {
                let code = errno
                uninstallHandlers()
                savedDescriptor = -1
                throw TerminalError.attributes(operation: "setting", errno: code)
            }
            return TerminalRawMode(descriptor: descriptor)
        }
    }

    /// Runs `body` with `descriptor` in raw mode, restoring it however `body` ends.
    public static func withRawMode<T>(descriptor: Int32 = STDIN_FILENO, _ body: (TerminalRawMode) throws -> T) throws -> T {
        let mode = try enter(descriptor: descriptor)
        defer { mode.restore() }
        return try body(mode)
    }

    /// Restores the original attributes and signal handlers (again is harmless).
    public func restore() {
        withRawModeLock {
            guard savedDescriptor == descriptor else { return }
            restoreSavedAttributes()
            Self.uninstallHandlers()
            savedDescriptor = -1
        }
    }

    /// What the signal handler does before re-raising: restore the saved attributes. Exposed so
    /// tests can check it without sending a signal.
    package static func restoreForSignal() {
        restoreSavedAttributes()
    }

    /// The raw attributes for `attributes`: no line editing, echo or flow control; 8-bit input;
    /// reads return as soon as one byte is there. Signals and output processing stay on.
    package static func makeRaw(_ attributes: inout termios) {
        attributes.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        attributes.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | IEXTEN)
        attributes.c_lflag |= tcflag_t(ISIG)
        attributes.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        attributes.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &attributes.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
    }

    private static func installHandlers() {
        if !exitHookInstalled {
            exitHookInstalled = true
            atexit { restoreSavedAttributes() }
        }
        for signal in restoringSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                restoreSavedAttributes()
                // Hand the signal to whoever handled it before (usually the default: stop).
                sigaction(signal, previousActions + actionSlot(signal), nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previousActions + actionSlot(signal))
        }
    }

    private static func uninstallHandlers() {
        for signal in restoringSignals {
            sigaction(signal, previousActions + actionSlot(signal), nil)
        }
    }
}
