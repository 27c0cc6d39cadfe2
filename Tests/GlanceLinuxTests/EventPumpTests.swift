import Foundation
@testable import GlanceLinux
import Testing
#if canImport(Glibc)
import Glibc
#endif

private struct Boom: Error, Equatable {}

/// Counts cleanups across threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Reads what is waiting on a pipe, one element per byte; nil at end of input.
@Sendable private func readBytes(_ fd: Int32) throws -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(fd, &buffer, buffer.count)
    if count < 0 { throw Boom() }
    return count == 0 ? nil : Array(buffer.prefix(count))
}

@Suite struct EventPumpTests {
    @Test func deliversInOrderAndStopsCleanly() async throws {
        let pipe = Pipe2()
        let cleanups = Counter()
        let pump = try EventPump<UInt8>.start(name: "test", descriptors: [pipe.read], read: readBytes, cleanup: cleanups.increment)
        pipe.send([1, 2, 3])
        var iterator = pump.stream.makeAsyncIterator()
        var received: [UInt8] = []
        while received.count < 3, let byte = try await iterator.next() { received.append(byte) }
        #expect(received == [1, 2, 3])
        await pump.stop()
        #expect(cleanups.value == 1)
        #expect(try await iterator.next() == nil, "the stream finishes after stop()")
        await pump.stop()  // a second stop returns at once
        #expect(cleanups.value == 1)
    }

    @Test func theEndOfTheSourceFinishesTheStream() async throws {
        let pipe = Pipe2()
        let pump = try EventPump<UInt8>.start(name: "test", descriptors: [pipe.read], read: readBytes)
        pipe.send([7, 8])
        pipe.closeWriter()
        var received: [UInt8] = []
        for try await byte in pump.stream { received.append(byte) }
        #expect(received == [7, 8])
    }

    @Test func aFailedReadFinishesTheStreamWithItsError() async throws {
        let pipe = Pipe2()
        let pump = try EventPump<UInt8>.start(name: "test", descriptors: [pipe.read]) { _ in throw Boom() }
        pipe.send([1])
        await #expect(throws: Boom.self) {
            for try await _ in pump.stream {}
        }
    }

    @Test func severalSourcesAreWatchedUntilAllEnd() async throws {
        let first = Pipe2()
        let second = Pipe2()
        let pump = try EventPump<UInt8>.start(name: "test", descriptors: [first.read, second.read], read: readBytes)
        first.send([1])
        first.closeWriter()
        second.send([2])
        second.closeWriter()
        var received: [UInt8] = []
        for try await byte in pump.stream { received.append(byte) }
        #expect(received.sorted() == [1, 2])
    }

    @Test func cancellingTheConsumerReleasesTheThread() async throws {
        let pipe = Pipe2()
        let cleanups = Counter()
        let pump = try EventPump<UInt8>.start(name: "test", descriptors: [pipe.read], read: readBytes, cleanup: cleanups.increment)
        let consumer = Task { for try await _ in pump.stream {} }
        consumer.cancel()
        _ = await consumer.result
        await pump.stop()
        #expect(cleanups.value == 1)
    }
}
