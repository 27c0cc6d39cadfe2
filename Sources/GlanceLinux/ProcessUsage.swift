import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// This process's resource use, read from the kernel (`getrusage`, `/proc/self`).
public struct ProcessUsage: Sendable {
    /// User plus system CPU time, in seconds, over all threads.
    public var cpuSeconds: Double
    /// Voluntary context switches of every thread, ended ones too: how often the process
    /// blocked and woke up.
    public var voluntarySwitches: Int
    /// Peak resident set size in kilobytes (`VmHWM`).
    public var peakResidentKilobytes: Int
    /// Seconds since the process started.
    public var elapsed: Double

    /// Reads the counters now.
    public static func read() -> ProcessUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        // RUSAGE_SELF sums every thread's counters, those of threads that have ended included
        // (libdispatch's and the executor's workers come and go).
        return ProcessUsage(cpuSeconds: cpu, voluntarySwitches: usage.ru_nvcsw, peakResidentKilobytes: peakResident(),
                            elapsed: secondsSinceStart())
    }

    /// The CPU time of every thread of the process so far (`CLOCK_PROCESS_CPUTIME_ID`, in
    /// nanoseconds, where `getrusage` counts in ticks).
    public static func cpuTime() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// The names of this process's threads now (`/proc/self/task/*/comm`; the kernel keeps at
    /// most 15 bytes of a name).
    public static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
        }.sorted()
    }

    /// The shared libraries mapped into this process now (`/proc/self/maps`), by file name.
    public static func sharedLibraries() -> [String] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        let names = maps.split(separator: "\n").compactMap { line -> String? in
            guard let slash = line.lastIndex(of: "/") else { return nil }
            let name = line[line.index(after: slash)...]
            return name.contains(".so") ? String(name) : nil
        }
        return Set(names).sorted()
    }

    private static func peakResident() -> Int {
        field("VmHWM", in: "/proc/self/status") ?? 0
    }

    private static func field(_ name: String, in path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// Seconds since the process started: boot time now minus the start time in
    /// `/proc/self/stat` (clock ticks after boot, field 22).
    public static func secondsSinceStart() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields after the command: state is field 3, so starttime (22) is index 19 here.
        guard fields.count > 19, let start = Double(fields[19]) else { return 0 }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - start / ticks
    }
}
