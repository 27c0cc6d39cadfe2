#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The compiler's plugin channel: each message is a 64-bit little-endian byte count followed by
/// that many bytes of JSON, read from one file descriptor and written to another.
public struct PluginConnection {
    /// Why the channel cannot go on.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// `read` or `write` failed with `errno`.
        case system(call: String, errno: Int32)
        /// The input ended inside a frame.
        case truncated(expected: Int, got: Int)
        /// A frame's length is larger than any message the compiler sends.
        case tooLong(UInt64)

        public var description: String {
            switch self {
            case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
            case .truncated(let expected, let got): "the compiler's message ended after \(got) of \(expected) bytes"
            case .tooLong(let count): "a message of \(count) bytes announced: more than the \(PluginConnection.maximumLength) a plugin message may have"
            }
        }
    }

    /// The largest message accepted: far above any source file's size.
    public static let maximumLength = 64 << 20

    private let input: Int32
    private let output: Int32

    /// A channel reading frames from `input` and writing them to `output`.
    public init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next message, or `nil` when the compiler closed the channel (end of input before a
    /// frame, or an empty frame).
    /// - Throws: `Failure` when reading fails or the input ends inside a frame.
    public func receive() throws(Failure) -> [UInt8]? {
        let header = try read(count: 8, endAllowed: true)
        guard let header else { return nil }
        let length = header.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard length <= UInt64(Self.maximumLength) else { throw .tooLong(length) }
        if length == 0 { return nil }
        return try read(count: Int(length), endAllowed: false)
    }

    /// Writes `message` as one frame.
    /// - Throws: `Failure.system` when writing fails.
    public func send(_ message: [UInt8]) throws(Failure) {
        let length = UInt64(message.count)
        let frame = (0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + message
        var written = 0
        while written < frame.count {
            let result = frame.withUnsafeBytes { write(output, $0.baseAddress! + written, frame.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(call: "write", errno: errno)
            }
            written += result
        }
    }

    /// Reads exactly `count` bytes; `nil` if the input ends before the first when `endAllowed`.
    private func read(count: Int, endAllowed: Bool) throws(Failure) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let result = bytes.withUnsafeMutableBytes { systemRead(input, $0.baseAddress! + got, count - got) }
            if result < 0 {
                if errno == EINTR { continue }
                throw .system(call: "read", errno: errno)
            }
            if result == 0 {
                if got == 0 && endAllowed { return nil }
                throw .truncated(expected: count, got: got)
            }
            got += result
        }
        return bytes
    }
}

/// The C library's `read`, which the method of the same name hides.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
