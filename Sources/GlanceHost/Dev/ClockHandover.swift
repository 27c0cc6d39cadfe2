import Foundation
import GlanceLinux

/// The face's simulated time as one `glance run --clock simulated` leaves it for the next
/// (`--clock-state FILE`): `glance dev` restarts the face after every build, and the new
/// process goes on from the old one's time, paused if it was paused, fast-forwarding if it was.
///
/// The file holds the face's time, its rate and the real time it was written at, so the time
/// between two processes passes at the rate the face had: nothing while paused, real time at
/// rate 1, ten minutes a second while fast-forwarding.
struct ClockHandover: Codable, Equatable, Sendable {
    /// The face's time when the file was written.
    var faceTime: Date
    /// Seconds of face time per real second: 0 paused, 1 real time, `SimulatedClock.fastRate`.
    var rate: Double
    /// The real wall-clock time the file was written at.
    var writtenAt: Date

    /// The face's time at the real time `realNow`, as if the face's clock had run on at its
    /// rate in between (a real clock set back counts as no time at all).
    func faceTime(atReal realNow: Date) -> Date {
        let ran = max(0, realNow.timeIntervalSince(writtenAt)) * rate
        return min(Self.latest, faceTime.addingTimeInterval(ran))
    }

    /// Times a handover may hold: from 1970 to 2200, well inside what the process clock's
    /// nanoseconds hold (CSimulatedTime), so no file can make the clock overflow.
    static let earliest = Date(timeIntervalSince1970: 0)
    static let latest = Date(timeIntervalSince1970: 7_258_118_400)

    /// The most a handover file may hold: it is three numbers.
    static let sizeLimit = 4096

    /// Reads the handover `url` holds, or nil when there is none yet.
    /// - Throws: `StateFileError` when the file is there but is not a handover (it is set aside
    ///   as `NAME.bad`).
    static func read(_ url: URL) throws(StateFileError) -> ClockHandover? {
        try StateFile.read(url, limit: sizeLimit, what: "the face's clock (--clock-state)") { bytes in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            let handover = try decoder.decode(ClockHandover.self, from: Data(bytes))
            for (name, time) in [("faceTime", handover.faceTime), ("writtenAt", handover.writtenAt)] where !(earliest...latest).contains(time) {
                throw CommandFailure("its \(name) \(time.timeIntervalSince1970) is not a time between 1970 and 2200")
            }
            guard handover.rate.isFinite, handover.rate >= 0, handover.rate <= SimulatedClock.fastRate else {
                throw CommandFailure("its rate \(handover.rate) is not between 0 and \(Int(SimulatedClock.fastRate))")
            }
            return handover
        }
    }

    /// Writes the handover to `url` atomically.
    /// - Throws: The file system's error.
    func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: url)
    }
}
