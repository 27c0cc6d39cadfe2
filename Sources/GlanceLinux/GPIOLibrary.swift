import CGPIODShim
#if canImport(Glibc)
import Glibc
#endif

/// libgpiod, the C library every GPIO operation goes through, opened when the process first
/// opens a chip: libgpiod.so.3 (libgpiod 2.x, Debian and Raspberry Pi OS trixie) with its API,
/// else libgpiod.so.2 (libgpiod 1.6, bookworm) with the older one. The same binary runs with
/// either, and a face that uses no GPIO line never loads it.
public enum GPIOLibrary {
    /// A shared library that may be libgpiod, and the libgpiod API to use it with.
    public struct Candidate: Hashable, Sendable {
        /// What `dlopen` is given: a file name (searched as the dynamic loader searches) or a path.
        public var file: String
        /// 1 for libgpiod 1.x's API, 2 for 2.x's.
        public var api: Int

        /// Creates a candidate.
        public init(file: String, api: Int) {
            self.file = file
            self.api = api
        }
    }

    /// Loads libgpiod for this process on the first call (later calls give the same answer) and
    /// returns the API in use: 1 (libgpiod 1.x) or 2 (libgpiod 2.x).
    /// - Throws: `GPIOError.libgpiodUnavailable` naming each library tried and why it failed.
    @discardableResult
    public static func load() throws(GPIOError) -> Int {
        try answer { error, capacity in glance_gpio_load(error, capacity) }
    }

    /// The API the first of `candidates` that loads would give, as `load()` tries its own two,
    /// without making it the process's libgpiod (the library is closed again).
    /// - Throws: `GPIOError.libgpiodUnavailable` when none loads, with each one's reason.
    public static func probe(_ candidates: [Candidate]) throws(GPIOError) -> Int {
        let files = candidates.map { strdup($0.file) }
        defer { files.forEach { free($0) } }
        let libraries = zip(files, candidates).map { glance_gpio_library(file: $0, api: Int32($1.api)) }
        return try answer { error, capacity in glance_gpio_probe(libraries, libraries.count, error, capacity) }
    }

    private static func answer(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(GPIOError) -> Int {
        var reasons = [CChar](repeating: 0, count: 1024)
        let api = reasons.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
        guard api != 0 else {
            throw .libgpiodUnavailable(reasons: String(decoding: reasons.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Int(api)
    }
}
