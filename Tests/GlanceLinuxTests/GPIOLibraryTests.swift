@testable import GlanceLinux
import Testing

@Suite struct GPIOLibraryTests {
    @Test func theProcessLoadsOneOfTheTwoAPIs() throws {
        let api = try GPIOLibrary.load()
        #expect([1, 2].contains(api))
        #expect(try GPIOLibrary.load() == api)
    }

    @Test func neitherLibraryIsTheErrorNamingWhatIsMissingAndHowToInstallIt() {
        let candidates = [
            GPIOLibrary.Candidate(file: "libgpiod-glance-test-absent.so.3", api: 2),
            GPIOLibrary.Candidate(file: "libgpiod-glance-test-absent.so.2", api: 1),
        ]
        let error = #expect(throws: GPIOError.self) { try GPIOLibrary.probe(candidates) }
        let missing = "cannot open shared object file: No such file or directory"
        #expect(error == .libgpiodUnavailable(
            reasons: "libgpiod-glance-test-absent.so.3: \(missing); libgpiod-glance-test-absent.so.2: \(missing)"))
        #expect(error?.description == "GPIO needs libgpiod, and it could not be loaded (libgpiod-glance-test-absent.so.3: \(missing); "
            + "libgpiod-glance-test-absent.so.2: \(missing)); install it with sudo apt install libgpiod3 (Raspberry Pi OS or "
            + "Debian trixie) or libgpiod2 (bookworm)")
    }

    @Test func aLibraryWithoutTheAPIsFunctionsIsRefusedAndTheNextOneTried() {
        let candidates = [
            GPIOLibrary.Candidate(file: "libc.so.6", api: 2),
            GPIOLibrary.Candidate(file: "libm.so.6", api: 1),
        ]
        #expect(throws: GPIOError.libgpiodUnavailable(reasons: "libc.so.6: has no gpiod_chip_open (not the libgpiod 2.x API); "
            + "libm.so.6: has no gpiod_chip_open (not the libgpiod 1.x API)")) { try GPIOLibrary.probe(candidates) }
    }

    @Test func anAPIThisBuildDoesNotKnowIsRefused() {
        #expect(throws: GPIOError.libgpiodUnavailable(reasons: "libc.so.6: not a libgpiod API this build knows (1 or 2)")) {
            try GPIOLibrary.probe([.init(file: "libc.so.6", api: 3)])
        }
        #expect(throws: GPIOError.libgpiodUnavailable(reasons: "libgpiod: no library to try")) { try GPIOLibrary.probe([]) }
    }

    @Test func aProbeFindsTheProcesssOwnLibraryWithoutChangingIt() throws {
        let api = try GPIOLibrary.load()
        let file = api == 2 ? "libgpiod.so.3" : "libgpiod.so.2"
        #expect(try GPIOLibrary.probe([.init(file: "libgpiod-glance-test-absent.so", api: 2), .init(file: file, api: api)]) == api)
        #expect(try GPIOLibrary.load() == api)
    }
}
