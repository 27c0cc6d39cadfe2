import Foundation
import GlanceInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys typed in the terminal, read on a dedicated thread and delivered as a stream.
///
/// Pair it with `TerminalRawMode` so keys arrive one at a time. A lone ESC is told apart from
/// the start of an escape sequence by waiting `escapeDelay` for more bytes on the reading
/// thread. The stream finishes at end of input, after `stop()`, or when the consumer stops
/// iterating.
public final class TerminalKeys: Sendable {
    /// Keys in the order they were typed.
    public let keys: AsyncThrowingStream<Key, Error>
    private let pump: EventPump<Key>

    private init(pump: EventPump<Key>) {
        self.pump = pump
        keys = pump.stream
    }

    /// Starts reading keys from `descriptor` (standard input by default).
    /// - Parameter escapeDelay: How long a lone ESC waits for the rest of a sequence (50 ms).
    /// - Throws: `PollError` when the reading thread cannot be set up.
    public static func open(descriptor: Int32 = STDIN_FILENO, escapeDelay: Duration = .milliseconds(50)) throws -> TerminalKeys {
        let decoder = DecoderBox()
        let delay = Int32(clamping: escapeDelay.nanoseconds / 1_000_000)
        let pump = try EventPump<Key>.start(name: "glance.terminal-keys", descriptors: [descriptor]) { fd in
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { return [] }
                throw TerminalError.attributes(operation: "reading keys from", errno: errno)
            }
            if count == 0 { return decoder.finish() }
            var keys = decoder.feed(buffer.prefix(count))
            if decoder.hasPending {
                var more = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&more, 1, delay) == 0 { keys += decoder.flush() }
            }
            return keys
        }
        return TerminalKeys(pump: pump)
    }

    /// Stops reading; returns once the reading thread has left.
    public func stop() async {
        await pump.stop()
    }
}

/// The decoder's state, used only on the reading thread.
private final class DecoderBox: @unchecked Sendable {
    private var decoder = TerminalKeyDecoder()
    private var ended = false

    var hasPending: Bool { decoder.hasPending }

    func feed(_ bytes: ArraySlice<UInt8>) -> [Key] { decoder.feed(bytes) }

    func flush() -> [Key] { decoder.flush() }

    /// End of input: the pending keys once, then nil (the source has ended).
    func finish() -> [Key]? {
        if ended { return nil }
        ended = true
        let keys = decoder.flush()
        return keys.isEmpty ? nil : keys
    }
}
