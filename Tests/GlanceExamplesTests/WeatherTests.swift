import Foundation
import Glance
import GlanceTesting
import Testing
@testable import GlanceExamples

private let berlin = """
    {
      "location": "Berlin",
      "temperature": 12.4,
      "condition": "Partly Cloudy",
      "symbol": "cloud.sun.fill",
      "low": 6,
      "high": 15,
      "updated": "2026-11-21T10:30:00Z"
    }
    """

@Suite struct WeatherTests {
    @Test func readsTheReportAndAsksAgainInHalfAnHour() throws {
        let folder = try TemporaryDirectory()
        try folder.write(berlin, to: "glance/weather.json")
        let timeline = WeatherProvider(group: folder.group, now: { t0 }).timeline(at: t0)
        let expected = WeatherReport(location: "Berlin", temperature: 12.4, condition: "Partly Cloudy", symbol: "cloud.sun.fill",
                                     low: 6, high: 15, updated: Date(timeIntervalSince1970: 1_795_257_000))
        #expect(timeline.entries.map(\.content) == [.report(expected, isOutdated: false)])
        #expect(timeline.entries.map(\.date) == [t0])
        #expect(timeline.policy == .after(t0.addingTimeInterval(30 * 60)))
    }

    @Test func aMissingFileSaysHowToMakeOneAndRetries() throws {
        let folder = try TemporaryDirectory()
        let timeline = WeatherProvider(group: folder.group, now: { t0 }).timeline(at: t0)
        #expect(timeline.entries.map(\.content) == [.missing])
        #expect(timeline.policy == .after(t0.addingTimeInterval(10 * 60)))
        let text = render(WeatherView(entry: timeline.entries[0]), .accessoryRectangular)
        #expect(litCount(text.bitmap) > 0)
    }

    @Test(arguments: [
        ("not json", "not valid JSON"),
        (#"{"location": "Berlin"}"#, "missing key 'temperature'"),
        (#"{"location": "Berlin", "temperature": "warm", "condition": "", "symbol": "", "low": 1, "high": 2, "updated": "2026-11-21T10:30:00Z"}"#,
         "'temperature' should be Double"),
        (#"{"location": "Berlin", "temperature": 1, "condition": "", "symbol": "", "low": 1, "high": 2, "updated": "yesterday"}"#,
         "ISO8601"),
        // Issue 15, item 1: drawing 1e19 trapped converting it to Int, for ever under systemd.
        (#"{"location": "Berlin", "temperature": 1e19, "condition": "", "symbol": "", "low": 1, "high": 2, "updated": "2026-11-21T10:30:00Z"}"#,
         "'temperature' is 1e+19; expected a temperature between -1000 and 1000"),
        (#"{"location": "Berlin", "temperature": 1, "condition": "", "symbol": "", "low": -1e308, "high": 2, "updated": "2026-11-21T10:30:00Z"}"#,
         "'low' is -1e+308"),
    ])
    func aMalformedFileIsReportedNotFatal(_ contents: String, _ reason: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write(contents, to: "glance/weather.json")
        let timeline = WeatherProvider(group: folder.group, now: { t0 }).timeline(at: t0)
        guard case .unreadable(let message) = timeline.entries.first?.content else {
            Issue.record("expected an unreadable entry, got \(timeline.entries)")
            return
        }
        #expect(message.contains("weather.json"))
        #expect(message.lowercased().contains(reason.lowercased()), "\(message)")
        #expect(timeline.policy == .after(t0.addingTimeInterval(10 * 60)))
    }

    /// A report made in code is not checked as a decoded one is: it draws clamped.
    @Test func anImplausibleReportMadeInCodeDrawsWithoutTrapping() {
        let report = WeatherReport(location: "X", temperature: 1e19, condition: "", symbol: "", low: .nan, high: -.infinity,
                                   updated: t0)
        #expect(report.shownTemperature == 1000)
        #expect([report.shownLow, report.shownHigh].allSatisfy { (-1000...1000).contains($0) } && report.range.lowerBound < report.range.upperBound)
        let entry = WeatherEntry(date: t0, content: .report(report, isOutdated: false))
        #expect(litCount(render(WeatherView(entry: entry), .accessoryRectangular).bitmap) > 0)
    }

    /// Issue 15, item 4: a FIFO (which blocked the face waiting for a writer), a link to
    /// /dev/zero (read without end), a huge file and a linked folder cost the widget its data.
    @Test func hostileFilesInTheAppGroupAreRefusedAtOnce() throws {
        let folder = try TemporaryDirectory()
        let group = folder.url.appendingPathComponent("glance")
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        let weather = group.appendingPathComponent("weather.json")
        func refusal() -> String {
            let timeline = WeatherProvider(group: folder.group, now: { t0 }).timeline(at: t0)
            guard case .unreadable(let message) = timeline.entries.first?.content else { return "\(timeline.entries)" }
            return message
        }
        #expect(mkfifo(weather.path, 0o600) == 0)
        #expect(refusal().hasSuffix("weather.json is not read: it is a FIFO; only regular files are read"))
        try FileManager.default.removeItem(at: weather)
        try FileManager.default.createSymbolicLink(atPath: weather.path, withDestinationPath: "/dev/zero")
        #expect(refusal().hasSuffix("weather.json is not read: it is a symbolic link; only regular files are read"))
        try FileManager.default.removeItem(at: weather)
        try Data(count: AppGroup.fileSizeLimit + 1).write(to: weather)
        #expect(refusal().hasSuffix("weather.json is not read: it holds 4194305 bytes; at most 4194304 are read"))
        // A folder inside the group that links out of it.
        try FileManager.default.createSymbolicLink(atPath: group.appendingPathComponent("out").path, withDestinationPath: "/etc")
        let error = #expect(throws: AppGroupError.self) { try folder.group.read([String: String].self, from: "out/hostname") }
        #expect(error?.description.contains("/out is a symbolic link; only files inside the app group are read") == true)
    }

    @Test func anOldReportSaysHowOldOnceItIsOutdated() throws {
        let folder = try TemporaryDirectory()
        try folder.write(berlin, to: "glance/weather.json")
        let updated = Date(timeIntervalSince1970: 1_795_257_000)
        // 2 h 50 min after the update: fresh now, outdated in 10 minutes, before the reload.
        let now = updated.addingTimeInterval(2 * 3600 + 50 * 60)
        let timeline = WeatherProvider(group: folder.group, now: { now }).timeline(at: now)
        #expect(timeline.entries.map(\.date) == [now, updated.addingTimeInterval(3 * 3600)])
        #expect(timeline.entries.map(\.content.isOutdated) == [false, true])
        let later = updated.addingTimeInterval(5 * 3600)
        #expect(WeatherProvider(group: folder.group).timeline(at: later).entries.map(\.content.isOutdated) == [true])
    }

    @Test func displayValuesSurviveOddData() {
        var odd = WeatherReport(location: "  ", temperature: 21.5, condition: "Light drizzle", symbol: "sun.rain.fill",
                                low: 18, high: 14, updated: t0)
        #expect(odd.shownLocation == "—")
        #expect(odd.shownSymbol == "cloud.rain.fill")
        #expect(odd.range == 14...18)
        #expect((odd.shownLow, odd.shownHigh, odd.shownTemperature) == (14, 18, 22))
        odd.low = 18
        odd.high = 18
        #expect(odd.range == 18...19, "a gauge needs a span")
        #expect(WeatherReport.symbol(for: "Clear") == "sun.max.fill")
        #expect(WeatherReport.symbol(for: "Heavy snow showers") == "snowflake")
        #expect(WeatherReport.symbol(for: "Volcanic ash") == "thermometer")
    }

    @Test func theSnapshotShowsTheSampleUntilTheScriptHasRun() async throws {
        let folder = try TemporaryDirectory()
        let widget = try #require(WeatherWidget(group: folder.group, now: { t0 }).descriptors.first)
        let bitmap = try await WidgetPreview.render(widget, family: .accessoryRectangular, time: ManualClock(now: t0),
                                                    timeZone: utc)
        #expect(bitmap == render(WeatherView(entry: WeatherEntry(date: t0, content: .report(.sample, isOutdated: false))),
                                 .accessoryRectangular).bitmap)
    }
}

extension WeatherEntry.Content {
    var isOutdated: Bool? {
        if case .report(_, let isOutdated) = self { return isOutdated }
        return nil
    }
}

/// Examples/weather-update.sh, run with `sh` as cron would run it.
@Suite struct WeatherScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/weather-update.sh").standardized.path

    /// Runs the script with `arguments` in `environment`; returns status, output and errors.
    func run(_ arguments: [String], environment: [String: String]) async throws -> (status: Int32, output: String, errors: String) {
        var base = ["PATH": "/usr/local/bin:/usr/bin:/bin"]
        base.merge(environment) { $1 }
        let finished = try await runToEnd(URL(fileURLWithPath: "/bin/sh"), [Self.script] + arguments, environment: base, separateErrors: true)
        return (finished.status, finished.output, finished.errors)
    }

    @Test func writesTheSampleWhereTheWidgetReadsIt() async throws {
        let folder = try TemporaryDirectory()
        let result = try await run([], environment: ["GLANCE_STATE_DIR": folder.url.path, "HOME": folder.url.path])
        #expect(result.status == 0, "\(result.errors)")
        let entry = WeatherProvider(group: folder.group).timeline(at: Date()).entries[0]
        guard case .report(let report, false) = entry.content else {
            Issue.record("expected a fresh report, got \(entry.content)")
            return
        }
        #expect((report.location, report.temperature, report.condition, report.symbol, report.low, report.high)
                == ("Berlin", 12, "Partly Cloudy", "cloud.sun.fill", 6, 15))
        // Atomic: nothing but the file is left in the container.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.group.directory.path) == ["weather.json"])
    }

    @Test func takesTheLocationAndValuesAsArguments() async throws {
        let folder = try TemporaryDirectory()
        let result = try await run([#"Lisbon "Baixa""#, "19.5", "Light Rain", "-2", "21"],
                             environment: ["GLANCE_STATE_DIR": folder.url.path, "HOME": folder.url.path])
        #expect(result.status == 0, "\(result.errors)")
        let report = try folder.group.read(WeatherReport.self, from: "weather.json", decoder: WeatherReport.decoder)
        #expect((report.location, report.temperature, report.condition, report.symbol, report.low, report.high)
                == (#"Lisbon "Baixa""#, 19.5, "Light Rain", "cloud.rain.fill", -2, 21))
    }

    @Test(arguments: [["Oslo", "warm"], ["Oslo", "1", "Snow", "1-2"], ["--nonsense"]])
    func refusesBadArgumentsAndWritesNothing(_ arguments: [String]) async throws {
        let folder = try TemporaryDirectory()
        let result = try await run(arguments, environment: ["GLANCE_STATE_DIR": folder.url.path, "HOME": folder.url.path])
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("weather-update.sh: "))
        #expect(folder.read("glance/weather.json") == nil)
    }

    /// `--where` names the file in the folder `AppGroup` uses, for each way of choosing it.
    @Test func findsTheSameFolderAsTheSwiftCode() async throws {
        let environments: [[String: String]] = [
            ["GLANCE_STATE_DIR": "/srv/glance-state", "HOME": "/home/pi"],
            ["XDG_STATE_HOME": "/home/pi/.state", "HOME": "/home/pi"],
            ["XDG_STATE_HOME": "relative/ignored", "HOME": "/home/pi"],
            ["HOME": "/home/pi"],
            ["HOME": "/home/pi", "GLANCE_APP_GROUP": "desk"],
        ]
        for environment in environments {
            let result = try await run(["--where"], environment: environment)
            let group = AppGroup(name: environment["GLANCE_APP_GROUP"] ?? "glance", root: AppGroup.defaultRoot(environment: environment))
            let expected = try group.url(for: "weather.json").path
            #expect(result.output == expected + "\n", "\(environment)")
        }
    }
}
