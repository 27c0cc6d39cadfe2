// What the system widget shows: the machine's vital signs.
import Glance

/// The machine's vital signs at one moment; each is nil when its file is missing or unreadable.
public struct SystemStatus: Sendable, Hashable {
    /// The CPU temperature in °C (`/sys/class/thermal/thermal_zone0/temp`).
    public var cpuTemperature: Double?
    /// The one-minute load average (`/proc/loadavg`).
    public var load: Double?
    /// The number of CPUs online (`/sys/devices/system/cpu/online`).
    public var cpuCount: Int?
    /// Total memory in bytes (`MemTotal` in `/proc/meminfo`).
    public var memoryTotal: Int?
    /// Memory available to programs in bytes (`MemAvailable`, else `MemFree` + `Buffers` + `Cached`).
    public var memoryAvailable: Int?
    /// Seconds since boot (`/proc/uptime`).
    public var uptime: TimeInterval?

    /// Creates a status.
    public init(cpuTemperature: Double? = nil, load: Double? = nil, cpuCount: Int? = nil, memoryTotal: Int? = nil,
                memoryAvailable: Int? = nil, uptime: TimeInterval? = nil) {
        self.cpuTemperature = cpuTemperature
        self.load = load
        self.cpuCount = cpuCount
        self.memoryTotal = memoryTotal
        self.memoryAvailable = memoryAvailable
        self.uptime = uptime
    }

    /// Memory in use, 0…1.
    public var memoryUsed: Double? {
        guard let total = memoryTotal, let available = memoryAvailable, total > 0 else { return nil }
        return min(max(Double(total - available) / Double(total), 0), 1)
    }

    /// The load per CPU, 0… (1 means every CPU busy).
    public var loadPerCPU: Double? {
        guard let load else { return nil }
        return load / Double(max(cpuCount ?? 1, 1))
    }

    /// A Raspberry Pi 4 at rest, for placeholders and previews.
    static let sample = SystemStatus(cpuTemperature: 47.2, load: 0.42, cpuCount: 4, memoryTotal: 3_981_000_000,
                                     memoryAvailable: 3_120_000_000, uptime: 3 * 86_400 + 4 * 3600 + 12 * 60)
}
