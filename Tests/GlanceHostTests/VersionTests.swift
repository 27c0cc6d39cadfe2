import Foundation
import GlanceTesting
import Testing
@testable import GlanceHost

/// Issue 35: `glance --version` prints the version the program was built from, in the form the
/// release tags have (Docs/Versions.md).
@Suite struct VersionTests {
    @Test func theVersionHasTheTagsForm() {
        let parts = GlanceVersion.current.split(separator: "-", maxSplits: 1)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        #expect(numbers.count == 3 && numbers.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) && ($0 == "0" || $0.first != "0") }, "\(GlanceVersion.current)")
        #expect(parts.count == 1 || parts[1] == "dev", "\(GlanceVersion.current)")
    }

    @Test func versionOptionPrintsIt() throws {
        #expect(GlanceCommand.configuration.version == GlanceVersion.current)
        do {
            _ = try GlanceCommand.parseAsRoot(["--version"])
            Issue.record("--version parsed as a command")
        } catch {
            #expect(GlanceCommand.message(for: error) == GlanceVersion.current)
            #expect(GlanceCommand.exitCode(for: error) == .success)
        }
    }

    @Test func theProgramPrintsIt() async throws {
        let run = try await runToEnd(ProcessTests.glance, ["--version"])
        #expect(run.status == 0)
        #expect(run.output == GlanceVersion.current + "\n")
    }
}
