import Foundation
import GlanceLinux
import GlanceTesting
import Testing
@testable import GlanceHost

/// Issue 15, item 9: the systemd unit `glance service install` writes.
@Suite struct ServiceTests {
    private func options(_ arguments: [String]) throws -> ServiceCommand.Options {
        try ServiceCommand.Options.parse(arguments)
    }

    private func unit(_ arguments: [String], groups: [String] = ["i2c", "spi", "gpio"]) throws -> String {
        let options = try options(arguments)
        return try ServiceCommand.unit(executable: "/usr/local/bin/glance", options: options,
                                       board: try BoardCatalog.board(options.board), groups: groups)
    }

    @Test func theUnitRunsAsItsOwnUserWithOnlyTheBoardsDevices() throws {
        let text = try unit(["--board", "adafruit-oled-bonnet", "--config", "/etc/glance/glance.yaml"])
        let lines = Set(text.split(separator: "\n").map(String.init))
        for expected in ["User=glance", "SupplementaryGroups=i2c spi gpio", "DevicePolicy=closed", "DeviceAllow=/dev/i2c-1 rw",
                         "DeviceAllow=char-gpiochip rw", "NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes",
                         "SystemCallFilter=@system-service", "RuntimeDirectoryMode=0700",
                         #"ExecStart="/usr/local/bin/glance" "run" "--headless" "--board" "adafruit-oled-bonnet" "--config" "/etc/glance/glance.yaml""#] {
            #expect(lines.contains(expected), "missing \(expected)")
        }
        // An e-paper HAT on SPI: its spidev node; the simulator opens no device at all.
        #expect(try unit(["--board", "waveshare-epaper-2.13in-v4"]).contains("DeviceAllow=/dev/spidev0.0 rw"))
        let simulator = try unit(["--board", "simulator"], groups: ["gpio"])
        #expect(!simulator.contains("DeviceAllow=") && simulator.contains("DevicePolicy=closed"))
        #expect(simulator.contains("SupplementaryGroups=gpio\n"), "only groups this system has")
    }

    @Test func argumentsCannotInjectDirectives() throws {
        let error = #expect(throws: CommandFailure.self) {
            try unit(["--board", "simulator", "--config", "/tmp/x.yaml\nExecStartPre=/bin/rm -rf /"])
        }
        #expect(error?.description.contains("holds a control character (U+A)") == true)
        // Quotes, specifiers and variables stay literal.
        let text = try unit(["--board", "simulator", "--config", #"/srv/my "face" 100%$HOME.yaml"#])
        #expect(text.contains(#""--config" "/srv/my \"face\" 100%%$$HOME.yaml""#))
        #expect(throws: CommandFailure.self) { try unit(["--board", "simulator", "--user", "pi\nUser=root"]) }
    }

    /// `systemd-analyze security` rates the sandbox; Docs/Service.md records the figure.
    @Test func systemdRatesTheSandboxOK() async throws {
        let analyze = "/usr/bin/systemd-analyze"
        try #require(FileManager.default.isExecutableFile(atPath: analyze), "make test installs Debian's systemd package for systemd-analyze")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-unit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("glance.service")
        try Data(unit(["--board", "adafruit-oled-bonnet", "--config", "/etc/glance/glance.yaml"]).utf8).write(to: file)
        let text = try await runToEnd(URL(fileURLWithPath: analyze), ["security", "--offline=yes", "--no-pager", file.path]).output
        let line = try #require(text.split(separator: "\n").first { $0.contains("Overall exposure level") }, "\(text)")
        let words = line.split(separator: " ")
        let score = try #require(words.compactMap { Double($0) }.first)
        #expect(score <= 2.0, "\(line)")
        #expect(["OK", "SAFE", "PERFECT"].contains { line.contains($0) }, "\(line)")
    }
}
