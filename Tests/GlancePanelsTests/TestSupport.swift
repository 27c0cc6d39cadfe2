import Foundation
import GlancePanels
import GlanceTesting

/// Kinds of change between consecutive pictures in property tests.
enum FrameChange: CaseIterable {
    case random, sparse, clockTick, unchanged
}

/// Generates picture sequences: whole random frames, a few random rectangles, or a
/// clock-like digit area redrawn.
struct FrameGenerator {
    var random: SplitMix64
    let size: Size

    init(size: Size, seed: UInt64) {
        self.size = size
        random = SplitMix64(seed: seed)
    }

    mutating func randomPicture() -> Bitmap {
        var bitmap = Bitmap(size: size)
        var bits: UInt64 = 0
        for index in bitmap.pixels.indices {
            if index & 7 == 0 { bits = random.next() }
            bitmap.pixels[index] = UInt8(truncatingIfNeeded: bits)
            bits >>= 8
        }
        return bitmap
    }

    mutating func next(after previous: Bitmap) -> Bitmap {
        let roll = Int.random(in: 0..<20, using: &random)
        switch roll {
        case 0..<2: return randomPicture()
        case 2..<3: return previous
        case 3..<11:
            var bitmap = previous
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let w = Int.random(in: 1...max(1, size.width / 4), using: &random)
                let h = Int.random(in: 1...max(1, size.height / 4), using: &random)
                let rect = Rect(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random), width: w, height: h)
                bitmap.fill(rect, value: [0, 255, 96, 200].randomElement(using: &random)!)
            }
            return bitmap
        default:
            // A clock tick: one digit cell (10×14 at a fixed place) redrawn with strokes.
            var bitmap = previous
            let cell = Rect(x: size.width / 3, y: size.height / 4, width: min(10, size.width), height: min(14, size.height))
            bitmap.fill(cell, value: 0)
            for _ in 0..<3 {
                let horizontal = Bool.random(using: &random)
                let x = cell.minX + Int.random(in: 0..<cell.width, using: &random), y = cell.minY + Int.random(in: 0..<cell.height, using: &random)
                bitmap.fill(horizontal ? Rect(x: cell.minX, y: y, width: cell.width, height: 2) : Rect(x: x, y: cell.minY, width: 2, height: cell.height), value: 255)
            }
            return bitmap
        }
    }
}

/// An I2C device that fails on demand: a number of writes, or every write while unplugged.
actor FlakyI2CDevice: I2CDevice {
    struct Unplugged: Error, CustomStringConvertible {
        var description: String { "no device acknowledged at 0x3c on /dev/i2c-1 (test)" }
    }

    nonisolated let inner: any I2CDevice
    nonisolated var bus: Int { inner.bus }
    nonisolated var address: UInt8 { inner.address }
    nonisolated var maximumTransactionLength: Int { inner.maximumTransactionLength }
    var failuresLeft = 0
    var unplugged = false
    private(set) var failedWrites = 0

    init(_ inner: any I2CDevice) { self.inner = inner }

    func failNext(_ count: Int) { failuresLeft = count }
    func setUnplugged(_ value: Bool) { unplugged = value }

    func write(_ bytes: [UInt8]) async throws {
        if unplugged || failuresLeft > 0 {
            failuresLeft = max(0, failuresLeft - 1)
            failedWrites += 1
            throw Unplugged()
        }
        try await inner.write(bytes)
    }
}

/// Collects pipeline events synchronously (the report closure is synchronous), for assertions.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [PanelPipeline.Event] = []
    func append(_ event: PanelPipeline.Event) { lock.withLock { stored.append(event) } }
    var events: [PanelPipeline.Event] { lock.withLock { stored } }
    var failures: Int { events.filter { if case .failed = $0 { true } else { false } }.count }
    var recoveries: Int { events.filter { if case .recovered = $0 { true } else { false } }.count }
}

extension PanelPipeline.Outcome {
    var isWritten: Bool { if case .written = self { true } else { false } }
    var isDeferred: Bool { if case .deferred = self { true } else { false } }
    var isFailed: Bool { if case .failed = self { true } else { false } }
}
