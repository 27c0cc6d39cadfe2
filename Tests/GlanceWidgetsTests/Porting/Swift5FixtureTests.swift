import Foundation
import GlanceTesting
import Testing

/// Issue 14, language mode: widget code in the Swift 5 language mode compiles as in Xcode.
///
/// SwiftPM compiles every target of this package in Swift 6 mode, so the Swift 5 widgets live
/// outside any target (`Tests/Fixtures/Swift5Widgets`) and are type-checked here with
/// `swiftc -swift-version 5` against the `GlanceWidgets` module this test build made.
@Suite struct Swift5FixtureTests {
    @Test func swift5LanguageModeFixtureTypeChecks() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let fixture = root.appendingPathComponent("Tests/Fixtures/Swift5Widgets")
        let sources = try FileManager.default.contentsOfDirectory(atPath: fixture.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(sources == ["Delivery.swift", "OlderWidget.swift", "SmartHome.swift"])
        // The test executable sits in the build directory, next to the modules it was built with.
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let modules = buildDirectory.appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("GlanceWidgets.swiftmodule").path),
                     "no GlanceWidgets module next to the test executable at \(buildDirectory.path)")
        // The C modules GlanceWidgets imports, and the plugin that expands #Preview. The
        // compiler runs for up to a minute: off the cooperative pool.
        let typecheck = try await runToEnd(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck", "-swift-version", "5", "-I", modules.path,
                             "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CPNG/module.modulemap").path,
                             "-Xcc", "-fmodule-map-file=" + buildDirectory.appendingPathComponent("CPreviewDiscovery.build/module.modulemap").path,
                             "-load-plugin-executable", buildDirectory.appendingPathComponent("GlancePreviewMacros-tool").path + "#GlancePreviewMacros"]
            + sources.map { fixture.appendingPathComponent($0).path })
        let text = typecheck.output
        #expect(typecheck.status == 0, "swiftc -swift-version 5 failed:\n\(text)")
        // No warning at all: entries holding classes and class providers compile as in Xcode.
        let diagnostics = text.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(diagnostics.isEmpty, "unexpected diagnostics:\n\(diagnostics.joined(separator: "\n"))")
    }
}
