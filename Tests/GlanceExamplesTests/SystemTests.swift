import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples

/// /proc and /sys as a Raspberry Pi 4 shows them.
private func piFixture() throws -> TemporaryDirectory {
    let root = try TemporaryDirectory()
    try root.write("47236\n", to: "sys/class/thermal/thermal_zone0/temp")
    try root.write("0.42 0.30 0.25 1/123 4567\n", to: "proc/loadavg")
    try root.write("0-3\n", to: "sys/devices/system/cpu/online")
    try root.write("273156.42 1020311.86\n", to: "proc/uptime")
    try root.write("""
        MemTotal:        3887768 kB
        MemFree:         2702196 kB
        MemAvailable:    3046952 kB
        Buffers:           57160 kB
        Cached:           386132 kB
        SwapCached:            0 kB
        HugePages_Total:       0

        """, to: "proc/meminfo")
    return root
}

@Suite struct SystemTests {
    @Test func readsEveryValueFromTheFiles() throws {
        let root = try piFixture()
        let status = SystemStatusReader(root: root.url).read()
        #expect(status == SystemStatus(cpuTemperature: 47.236, load: 0.42, cpuCount: 4, memoryTotal: 3_887_768 * 1024,
                                       memoryAvailable: 3_046_952 * 1024, uptime: 273_156.42))
        #expect(abs((status.memoryUsed ?? 0) - 0.2163) < 0.0001)
        #expect(status.loadPerCPU == 0.105)
    }

    @Test func missingFilesLeaveTheirValuesEmptyAndShowADash() throws {
        let root = try TemporaryDirectory()
        try root.write("0.42 0.30 0.25 1/123 4567\n", to: "proc/loadavg")
        let status = SystemStatusReader(root: root.url).read()
        #expect(status == SystemStatus(load: 0.42))
        let inline = render(SystemView(entry: SystemEntry(date: t0, status: status)), .accessoryInline)
        let expected = render(Text("load 0.42 · mem —"), .accessoryInline)
        #expect(inline.bitmap == expected.bitmap)
    }

    @Test func olderKernelsWithoutMemAvailableAddFreeBuffersAndCache() {
        let memory = SystemStatusReader.parseMeminfo("MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 50 kB\nCached: 250 kB\n")
        #expect(memory == ["MemTotal": 1_024_000, "MemFree": 102_400, "Buffers": 51_200, "Cached": 256_000])
        // As the kernel pads them, a count without a unit, a tab, a line that is no field.
        let kernel = SystemStatusReader.parseMeminfo("MemTotal:       16318320 kB\nHugePages_Total:       0\nMemAvailable:\t 2048 KB\r\nnonsense\n")
        #expect(kernel == ["MemTotal": 16_318_320 * 1024, "HugePages_Total": 0, "MemAvailable": 2048 * 1024])
    }

    @Test func parsersRefuseWhatTheyDoNotUnderstand() {
        #expect(SystemStatusReader.parseTemperature("47236\n") == 47.236)
        #expect(SystemStatusReader.parseTemperature("52\n") == 52, "some drivers write whole degrees")
        #expect(SystemStatusReader.parseTemperature("") == nil)
        #expect(SystemStatusReader.parseTemperature("999999999") == nil)
        #expect(SystemStatusReader.parseLoadAverage("garbage") == nil)
        #expect(SystemStatusReader.parseUptime("12.5 40.0") == 12.5)
        #expect(SystemStatusReader.parseUptime("-1 0") == nil)
        #expect(SystemStatusReader.parseCPUList("0-3") == 4)
        #expect(SystemStatusReader.parseCPUList("0,2-3\n") == 3)
        #expect(SystemStatusReader.parseCPUList("3-1") == nil)
        #expect(SystemStatusReader.parseCPUList("") == nil)
    }

    @Test func readsAgainEveryMinute() throws {
        let root = try piFixture()
        let timeline = SystemProvider(reader: SystemStatusReader(root: root.url), now: { t0 }).timeline(at: t0)
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries[0].bootDate == t0.addingTimeInterval(-273_156.42))
        #expect(timeline.policy == .after(t0.addingTimeInterval(60)))
    }

    /// The machine running the tests has /proc: the reader gets at least load and memory.
    @Test func readsThisMachine() {
        let status = SystemStatusReader().read()
        #expect(status.load != nil && status.memoryUsed != nil && status.uptime != nil)
    }
}
