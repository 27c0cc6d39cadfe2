// Reading SystemStatus from /proc and /sys under an injectable root.
import Glance

/// Reads `SystemStatus` from the files under a root directory: `/` on the machine, a folder
/// of fixture files in tests.
public struct SystemStatusReader: Sendable {
    /// The directory `proc/…` and `sys/…` are read under.
    public var root: URL

    /// A reader of the files under `root` (the machine's own by default).
    public init(root: URL = URL(fileURLWithPath: "/", isDirectory: true)) {
        self.root = root
    }

    /// Reads every file; a missing or unreadable one leaves its value nil.
    public func read() -> SystemStatus {
        let memory = text("proc/meminfo").map(Self.parseMeminfo) ?? [:]
        return SystemStatus(
            cpuTemperature: text("sys/class/thermal/thermal_zone0/temp").flatMap(Self.parseTemperature),
            load: text("proc/loadavg").flatMap(Self.parseLoadAverage),
            cpuCount: text("sys/devices/system/cpu/online").flatMap(Self.parseCPUList),
            memoryTotal: memory["MemTotal"],
            memoryAvailable: memory["MemAvailable"] ?? Self.sum(memory, ["MemFree", "Buffers", "Cached"]),
            uptime: text("proc/uptime").flatMap(Self.parseUptime))
    }

    /// The contents of a file under the root. Files in /proc report a size of 0, so this
    /// reads until the end rather than trusting the size.
    private func text(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: root.appendingPathComponent(path).path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Parsing

    /// Millidegrees Celsius, as the thermal zone writes them ("47236\n" → 47.236); some
    /// drivers write whole degrees, which are taken as they are.
    static func parseTemperature(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let celsius = abs(value) >= 1000 ? value / 1000 : value
        return (-60...200).contains(celsius) ? celsius : nil
    }

    /// The first field of `/proc/loadavg` ("0.42 0.30 0.25 1/123 4567" → 0.42).
    static func parseLoadAverage(_ text: String) -> Double? {
        text.split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// How many CPUs a list such as "0-3" or "0,2-3" names.
    static func parseCPUList(_ text: String) -> Int? {
        var count = 0
        for part in text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",") {
            let bounds = part.split(separator: "-").map { Int($0) }
            switch bounds.count {
            case 1:
                guard bounds[0] != nil else { return nil }
                count += 1
            case 2:
                guard let low = bounds[0], let high = bounds[1], high >= low else { return nil }
                count += high - low + 1
            default:
                return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// `/proc/meminfo` lines ("MemTotal:  3981000 kB") as bytes by name.
    /// Cut by bytes: the kernel writes ASCII, and cutting sixty lines by `Character` (with a
    /// Unicode whitespace lookup per character) cost about 4 M instructions a read.
    static func parseMeminfo(_ text: String) -> [String: Int] {
        var values = [String: Int]()
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: " ") || (9...13).contains($0) }
            guard fields.count >= 2, let number = Int(Substring(fields[1])) else { continue }
            let unit = fields.count >= 3 ? Substring(fields[2]).lowercased() : ""
            values[String(Substring(fields[0]))] = unit == "kb" ? number * 1024 : number
        }
        return values
    }

    /// The first field of `/proc/uptime` ("273156.42 1020311.86" → 273156.42).
    static func parseUptime(_ text: String) -> TimeInterval? {
        text.split(whereSeparator: \.isWhitespace).first.flatMap { TimeInterval($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    private static func sum(_ values: [String: Int], _ names: [String]) -> Int? {
        let parts = names.compactMap { values[$0] }
        return parts.count == names.count ? parts.reduce(0, +) : nil
    }
}
