import ArgumentParser
import Foundation
import GlanceLinux
import Testing
@testable import GlanceHost

/// Issue 35, item 2: `glance doctor`'s reasoning, on made-up machines.
@Suite struct DoctorTests {
    // MARK: - Boards

    /// The two-buttons example: the 4-pin SSD1306 at 0x3C on i2c-1, buttons on GPIO 17 and 27.
    private static let twoButtons = """
        preset: ssd1306-128x64-i2c
        name: two-buttons
        buttons:
          chip: [pinctrl-rp1, pinctrl-bcm2711, pinctrl-bcm2835]
          lines:
            A: {line: 17, key: a}
            B: {line: 27, key: b}
        """

    private func doctor(_ machine: FakeSystem, board yaml: String = twoButtons, reference: String = "board.yaml") throws -> Doctor {
        Doctor(board: try BoardConfiguration(yaml: yaml, file: reference), boardReference: reference, probe: machine,
               unitPath: "/etc/systemd/system/glance.service", program: "glance")
    }

    private func check(_ name: String, in checks: [DoctorCheck]) throws -> DoctorCheck {
        try #require(checks.first { $0.name == name }, "no check named \(name) in \(checks.map(\.name))")
    }

    // MARK: - The whole report

    @Test func workingPiPassesEveryCheck() throws {
        let checks = try doctor(.raspberryPi()).checks()
        #expect(DoctorCommand.report(summary: try doctor(.raspberryPi()).boardSummary, checks: checks) == """
            glance doctor: board two-buttons: ssd1306 128x64 on i2c-1 at 0x3c, 2 buttons
            ✓ I2C bus: /dev/i2c-1 is there (bcm2835 (i2c@7e804000))
            ✓ access to /dev/i2c-1: opens for reading and writing (as pi)
            ✓ device at 0x3c: a device answers at 0x3c on /dev/i2c-1
            – controller: cannot tell: SSD1306, SSD1309, SSD1315, SH1106 and SH1107 modules all answer at 0x3c, and what one returns \
            to a read depends on what was last written to it, which doctor never does; the board says ssd1306. Garbage on the lit glass \
            suggests an SH1106 driven as an SSD1306 (page addressing only, Docs/Panels.md): try the sh1106-1.3in preset
            ✓ libgpiod: libgpiod 1.6 (libgpiod.so.2) loads
            ✓ GPIO chip: pinctrl-bcm2711 (/dev/gpiochip0, 58 lines)
            ✓ button A: GPIO17 (line 17) of pinctrl-bcm2711 is free
            ✓ button B: GPIO27 (line 27) of pinctrl-bcm2711 is free
            – service: not installed (no /etc/systemd/system/glance.service): to run the face at boot, sudo glance service install (Docs/Service.md)
            Nothing in the way: 7 checks passed.
            """)
    }

    @Test func reportCountsFailuresAndIndentsFixes() {
        let checks = [DoctorCheck.pass("one", "fine"), .fail("two", "broken", fix: ["first", "second"]), .skip("three", "not checked")]
        #expect(DoctorCommand.report(summary: "board b", checks: checks) == """
            glance doctor: board b
            ✓ one: fine
            ✗ two: broken
                fix: first
                     second
            – three: not checked
            1 of 2 checks failed.
            """)
    }

    @Test func jsonHasEveryCheckAndTheFailureCount() throws {
        let text = try DoctorCommand.json(summary: "board b", checks: [.fail("two", "broken", fix: ["sudo reboot"])])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["failed"] as? Int == 1)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.first?["status"] as? String == "fail")
        #expect(checks.first?["fix"] as? [String] == ["sudo reboot"])
    }

    // MARK: - The bus

    @Test func i2cNotEnabledOnAPiSaysRaspiConfig() throws {
        var machine = FakeSystem.raspberryPi()
        machine.files["/dev/i2c-1"] = nil
        let checks = try doctor(machine).checks()
        let bus = try check("I2C bus", in: checks)
        #expect(bus.status == .fail)
        #expect(bus.detail == "/dev/i2c-1 does not exist: I2C is not enabled on this Raspberry Pi 4 Model B Rev 1.4 (no dtparam=i2c_arm=on in /boot/firmware/config.txt)")
        #expect(bus.fix == ["sudo raspi-config nonint do_i2c 0", "sudo reboot"])
        #expect(try check("device at 0x3c", in: checks).status == .skip)
    }

    @Test func i2cEnabledButNotYetBootedSaysReboot() throws {
        var machine = FakeSystem.raspberryPi()
        machine.files["/dev/i2c-1"] = nil
        machine.texts["/boot/firmware/config.txt"] = "# settings\n#dtparam=i2c_arm=off\ndtparam=audio=on,i2c_arm=on\n"
        let bus = try check("I2C bus", in: try doctor(machine).checks())
        #expect(bus.fix == ["sudo reboot"])
        #expect(bus.detail.contains("turns it on"))
    }

    @Test func adapterWithoutDeviceNodeSaysModprobe() throws {
        var machine = FakeSystem.raspberryPi()
        machine.files["/dev/i2c-1"] = nil
        machine.files["/sys/bus/i2c/devices/i2c-1"] = FileStatus(kind: .directory, permissions: 0o755, owner: 0, group: 0)
        let bus = try check("I2C bus", in: try doctor(machine).checks())
        #expect(bus.detail.hasSuffix("the i2c-dev module is not loaded"))
        #expect(bus.fix.first == "sudo modprobe i2c-dev")
    }

    @Test func missingBusElsewhereListsTheBusesThereAre() throws {
        var machine = FakeSystem.raspberryPi()
        machine.texts["/proc/device-tree/model"] = nil
        machine.files["/dev/i2c-1"] = nil
        machine.files["/dev/i2c-20"] = FileStatus(kind: .characterDevice, permissions: 0o660, owner: 0, group: 998)
        let bus = try check("I2C bus", in: try doctor(machine).checks())
        #expect(bus.detail == "/dev/i2c-1 does not exist; this machine has /dev/i2c-20")
        #expect(bus.fix.last == "if the panel is on one of those buses, set bus: i2c-N under panel: in the board file")
    }

    // MARK: - Permissions

    @Test func userNotInTheGroupIsToldToJoinIt() throws {
        var machine = FakeSystem.raspberryPi()
        machine.me.groupIDs = [1000]
        machine.groups = machine.groups.map { var group = $0; group.members.removeAll { $0 == "pi" }; return group }
        machine.openErrors["/dev/i2c-1"] = EACCES
        let access = try check("access to /dev/i2c-1", in: try doctor(machine).checks())
        #expect(access.status == .fail)
        #expect(access.detail == "permission denied: /dev/i2c-1 is crw-rw----, owner root, group i2c, and pi is not in the i2c group")
        #expect(access.fix == ["sudo usermod -aG i2c $USER", "then log out and in again"])
    }

    @Test func groupJoinedSinceLoginSaysLogOutAndIn() throws {
        var machine = FakeSystem.raspberryPi()
        machine.me.groupIDs = [1000]   // this login began before usermod; the group file lists pi
        machine.openErrors["/dev/i2c-1"] = EACCES
        let access = try check("access to /dev/i2c-1", in: try doctor(machine).checks())
        #expect(access.detail.hasSuffix("pi joined i2c after this login began"))
        #expect(access.fix == ["log out and in again (or, in this shell only: newgrp i2c)"])
    }

    @Test func rootOnlyDeviceGetsAUdevRule() throws {
        var machine = FakeSystem.raspberryPi()
        machine.files["/dev/i2c-1"] = FileStatus(kind: .characterDevice, permissions: 0o600, owner: 0, group: 0)
        machine.openErrors["/dev/i2c-1"] = EACCES
        let checks = try doctor(machine).checks()
        let access = try check("access to /dev/i2c-1", in: checks)
        #expect(access.detail == "permission denied: /dev/i2c-1 is crw-------, owner root, group root, so only root may open it (you are pi)")
        #expect(access.fix[1] == #"echo 'SUBSYSTEM=="i2c-dev", GROUP="i2c", MODE="0660"' | sudo tee /etc/udev/rules.d/99-i2c.rules"#)
        #expect(try check("device at 0x3c", in: checks).detail == "not probed: /dev/i2c-1 does not open")
    }

    // MARK: - The device

    @Test func deviceAtTheOtherAddressOfAPresetSaysHowToChangeIt() throws {
        var machine = FakeSystem.raspberryPi()
        machine.buses[1] = [0x3D: .answered]
        let preset = try #require(EmbeddedBoards.files["ssd1306-128x64-i2c.yaml"])
        let device = try check("device at 0x3c", in: try doctor(machine, board: preset, reference: "ssd1306-128x64-i2c").checks())
        #expect(device.status == .fail)
        #expect(device.detail == "nobody answers at 0x3c on /dev/i2c-1, but a device answers at 0x3d: the module is set to 0x3d, the board says 0x3c")
        #expect(device.fix == [
            "make a board file that takes the preset with the module's address, and use it:",
            #"printf 'preset: ssd1306-128x64-i2c\npanel: {address: 0x3d}\n' > board.yaml"#,
            "glance doctor --board board.yaml   (and board: board.yaml in glance.yaml)",
        ])
    }

    @Test func deviceAtTheOtherAddressOfABoardFileNamesTheFile() throws {
        var machine = FakeSystem.raspberryPi()
        machine.buses[1] = [0x3D: .answered]
        let device = try check("device at 0x3c", in: try doctor(machine, reference: "/home/pi/desk/board.yaml").checks())
        #expect(device.fix.first == "in /home/pi/desk/board.yaml, set the module's address under panel: (address: 0x3d), or with a preset: panel: {address: 0x3d}")
    }

    @Test func nobodyOnTheBusGivesTheHeaderPins() throws {
        var machine = FakeSystem.raspberryPi()
        machine.buses[1] = [:]
        let checks = try doctor(machine).checks()
        let device = try check("device at 0x3c", in: checks)
        #expect(device.detail == "nobody answers on /dev/i2c-1 at all (probed 0x08–0x77)")
        #expect(device.fix.first == "with the power off, check the wiring: VCC to pin 1 (3.3 V), GND to pin 6, SDA to pin 3, SCL to pin 5 (Docs/Wiring.md)")
        #expect(device.fix.last == "then i2cdetect -y 1 (from i2c-tools) should show 3c in its table")
        #expect(!checks.contains { $0.name == "controller" })
    }

    @Test func anotherDeviceOnTheBusIsNamed() throws {
        var machine = FakeSystem.raspberryPi()
        machine.buses[1] = [0x76: .answered]
        let device = try check("device at 0x3c", in: try doctor(machine).checks())
        #expect(device.detail == "nobody answers at 0x3c or 0x3d on /dev/i2c-1; the bus has a device at 0x76, where displays do not sit")
    }

    @Test func addressClaimedByAnOverlaySaysWhichLineToRemove() throws {
        var machine = FakeSystem.raspberryPi()
        machine.buses[1] = [0x3C: .claimed]
        machine.links["/sys/bus/i2c/devices/1-003c/driver"] = "../../../../bus/i2c/drivers/ssd130x-i2c"
        machine.texts["/boot/firmware/config.txt"] = "dtparam=i2c_arm=on\ndtoverlay=ssd1306,inverted\n"
        let device = try check("device at 0x3c", in: try doctor(machine).checks())
        #expect(device.detail == "a device answers at 0x3c, but the kernel driver 'ssd130x-i2c' has claimed it, so Glance may not drive it")
        #expect(device.fix == ["remove the line dtoverlay=ssd1306,inverted from /boot/firmware/config.txt, then sudo reboot"])
    }

    // MARK: - GPIO

    @Test func lineHeldByAnotherProgramNamesIt() throws {
        var machine = FakeSystem.raspberryPi()
        machine.chips[0].lines[27].isUsed = true
        machine.chips[0].lines[27].consumer = "gpioset"
        let checks = try doctor(machine).checks()
        #expect(try check("button A", in: checks).status == .pass)
        let b = try check("button B", in: checks)
        #expect(b.status == .fail)
        #expect(b.detail == "GPIO27 (line 27) of pinctrl-bcm2711 is held by 'gpioset', so Glance cannot claim it")
    }

    @Test func lineHeldByARunningFaceIsNoFailure() throws {
        var machine = FakeSystem.raspberryPi()
        machine.chips[0].lines[17].isUsed = true
        machine.chips[0].lines[17].consumer = "glance"
        let a = try check("button A", in: try doctor(machine).checks())
        #expect(a.status == .skip)
        #expect(a.detail.contains("held by glance"))
    }

    @Test func missingLibgpiodStopsTheGPIOChecks() throws {
        var machine = FakeSystem.raspberryPi()
        machine.libgpiod = .failure(.libgpiodUnavailable(reasons: "libgpiod.so.3: not found; libgpiod.so.2: not found"))
        let checks = try doctor(machine).checks()
        #expect(try check("libgpiod", in: checks).status == .fail)
        #expect(!checks.contains { $0.name.hasPrefix("button") || $0.name == "GPIO chip" })
    }

    @Test func absentChipListsTheChipsThereAre() throws {
        var machine = FakeSystem.raspberryPi()
        machine.chips[0].label = "pinctrl-bcm2712"
        let chip = try check("GPIO chip", in: try doctor(machine).checks())
        #expect(chip.detail == "no chip labelled pinctrl-rp1 or pinctrl-bcm2711 or pinctrl-bcm2835; this machine has /dev/gpiochip0 (pinctrl-bcm2712, 58 lines)")
    }

    @Test func gpioPermissionDeniedExplainsTheChip() throws {
        var machine = FakeSystem.raspberryPi()
        machine.chipsDenied = true
        machine.openErrors["/dev/gpiochip0"] = EACCES
        machine.me.groupIDs = [1000, 998]
        machine.groups = machine.groups.map { var group = $0; if group.name == "gpio" { group.members = [] }; return group }
        let access = try check("access to /dev/gpiochip0", in: try doctor(machine).checks())
        #expect(access.detail == "permission denied: /dev/gpiochip0 is crw-rw----, owner root, group gpio, and pi is not in the gpio group")
    }

    @Test func namedLineThatIsNotThereFails() throws {
        let board = """
            preset: ssd1306-128x64-i2c
            buttons:
              chip: pinctrl-bcm2711
              lines:
                A: {line: BTN_A}
            """
        let a = try check("button A", in: try doctor(.raspberryPi(), board: board).checks())
        #expect(a.detail == "no line is named BTN_A on pinctrl-bcm2711")
    }

    @Test func spiNotEnabledOnAPiSaysRaspiConfigAndTheLinesAreChecked() throws {
        var machine = FakeSystem.raspberryPi()
        machine.chips[0].lines[24].isUsed = true
        machine.chips[0].lines[24].consumer = "spi0 CS0"
        let spi = try #require(EmbeddedBoards.files["ssd1306-spi-0.96in.yaml"])
        let checks = try doctor(machine, board: spi, reference: "ssd1306-spi-0.96in").checks()
        let bus = try check("SPI bus", in: checks)
        #expect(bus.detail == "/dev/spidev0.0 does not exist: SPI is not enabled on this Raspberry Pi 4 Model B Rev 1.4 (no dtparam=spi=on in /boot/firmware/config.txt)")
        #expect(bus.fix == ["sudo raspi-config nonint do_spi 0", "sudo reboot"])
        let dc = try check("panel DC line", in: checks)
        #expect(dc.detail == "GPIO24 (line 24) of pinctrl-bcm2711 is held by 'spi0 CS0', so Glance cannot claim it")
        #expect(dc.fix.first == "stop the program holding it, or remove the dtoverlay= that claims it from /boot/firmware/config.txt (glance gpio list --used shows every held line)")
        #expect(try check("panel reset line", in: checks).status == .pass)
    }

    @Test func spiPanelIsNotProbed() throws {
        var machine = FakeSystem.raspberryPi()
        machine.files["/dev/spidev0.0"] = FileStatus(kind: .characterDevice, permissions: 0o660, owner: 0, group: 996)
        machine.groups.append(GroupEntry(name: "spi", gid: 996, members: ["pi"]))
        machine.me.groupIDs.append(996)
        let spi = try #require(EmbeddedBoards.files["ssd1306-spi-0.96in.yaml"])
        let checks = try doctor(machine, board: spi, reference: "ssd1306-spi-0.96in").checks()
        #expect(checks.prefix(3).map(\.status) == [.pass, .pass, .skip])
        #expect(try check("device", in: checks).detail.hasSuffix("glance panel test --board ssd1306-spi-0.96in draws a test pattern"))
    }

    @Test func missingFramebufferListsTheOnesThereAre() throws {
        var machine = FakeSystem.raspberryPi()
        machine.files["/dev/fb0"] = FileStatus(kind: .characterDevice, permissions: 0o660, owner: 0, group: 44)
        let tft = try #require(EmbeddedBoards.files["adafruit-pitft28.yaml"])
        let framebuffer = try check("framebuffer", in: try doctor(machine, board: tft, reference: "adafruit-pitft28").checks())
        #expect(framebuffer.detail == "/dev/fb1 does not exist; this machine has /dev/fb0")
    }

    @Test func simulatorBoardHasNothingToCheck() throws {
        let simulator = try #require(EmbeddedBoards.files["simulator.yaml"])
        let checks = try doctor(.raspberryPi(), board: simulator, reference: "simulator").checks()
        #expect(checks.map(\.status) == [.skip, .skip, .skip])
        #expect(checks.map(\.name) == ["panel", "buttons", "service"])
    }

    // MARK: - The service

    private static let unit = """
        [Unit]
        Description=Glance widgets on two-buttons

        [Service]
        Type=simple
        User=glance
        SupplementaryGroups=i2c gpio
        ExecStart="/home/pi/desk/.build/release/desk" "run" "--headless" "--board" "/etc/glance/board.yaml" "--config" "/home/pi/desk/glance.yaml"
        """

    @Test func serviceProgramInAPrivateHomeIsFound() throws {
        var machine = FakeSystem.raspberryPi()
        machine.texts["/etc/systemd/system/glance.service"] = Self.unit
        let checks = try doctor(machine, reference: "/etc/glance/board.yaml").checks()
        let program = try check("service program", in: checks)
        #expect(program.status == .fail)
        #expect(program.detail == "the service runs /home/pi/desk/.build/release/desk as glance, but the folder /home/pi (drwx------, owner pi, group pi) is closed to it")
        #expect(program.fix.first == "sudo install -m 755 /home/pi/desk/.build/release/desk /usr/local/bin/desk")
        let files = try check("service files", in: checks)
        #expect(files.status == .fail)
        #expect(files.detail.hasPrefix("glance cannot read /home/pi/desk/glance.yaml: the folder /home/pi"))
        #expect(try check("service devices", in: checks).status == .pass)
    }

    @Test func serviceInstalledAsTheGuideSaysPasses() throws {
        var machine = FakeSystem.raspberryPi()
        machine.texts["/etc/systemd/system/glance.service"] = Self.unit
            .replacingOccurrences(of: "/home/pi/desk/.build/release/desk", with: "/usr/local/bin/desk")
            .replacingOccurrences(of: "/home/pi/desk/glance.yaml", with: "/etc/glance/desk.yaml")
        let checks = try doctor(machine, reference: "/etc/glance/board.yaml").checks()
        #expect(checks.filter { $0.name.hasPrefix("service") }.map(\.status) == [.pass, .pass, .pass])
        #expect(try check("service program", in: checks).detail == "glance can run /usr/local/bin/desk")
    }

    @Test func serviceWithoutTheDeviceGroupSaysReinstall() throws {
        var machine = FakeSystem.raspberryPi()
        machine.texts["/etc/systemd/system/glance.service"] = Self.unit
            .replacingOccurrences(of: "SupplementaryGroups=i2c gpio", with: "SupplementaryGroups=gpio")
        let devices = try check("service devices", in: try doctor(machine, reference: "/etc/glance/board.yaml").checks())
        #expect(devices.status == .fail)
        #expect(devices.fix[1] == "sudo glance service install --board /etc/glance/board.yaml --config /home/pi/desk/glance.yaml")
    }

    @Test func serviceUserThatDoesNotExistFails() throws {
        var machine = FakeSystem.raspberryPi()
        machine.texts["/etc/systemd/system/glance.service"] = Self.unit
        machine.users.removeAll { $0.name == "glance" }
        let user = try check("service user", in: try doctor(machine).checks())
        #expect(user.detail == "/etc/systemd/system/glance.service runs as glance, who does not exist on this machine")
    }

    @Test func unitWordsComeBackAsTheServiceCommandWroteThem() throws {
        let options = try ServiceCommand.Options.parse(["--board", "/etc/glance/my board.yaml", "--config", "/etc/glance/100%.yaml"])
        let board = try BoardConfiguration(yaml: Self.twoButtons, file: "board.yaml")
        let text = try ServiceCommand.unit(executable: "/usr/local/bin/de$k", options: options, board: board, groups: ["i2c", "gpio"])
        let unit = ServiceUnitSummary(text: text)
        #expect(unit.user == "glance")
        #expect(unit.supplementaryGroups == ["i2c", "gpio"])
        #expect(unit.executable == "/usr/local/bin/de$k")
        #expect(unit.argument("--board") == "/etc/glance/my board.yaml")
        #expect(unit.argument("--config") == "/etc/glance/100%.yaml")
    }

    // MARK: - Pieces

    @Test func bootConfigReadsParametersInOrder() {
        let config = BootConfig(path: "config.txt", text: """
            # dtparam=spi=on
            dtparam=i2c_arm=on,i2c_arm_baudrate=400000
            dtparam=spi
            [pi4]
            dtparam=i2c_arm=off
            dtoverlay=vc4-kms-v3d
            dtoverlay=ssd1306:address=0x3d
            """)
        #expect(!config.enables(["i2c_arm"]))
        #expect(config.enables(["spi"]))
        #expect(config.overlays(containing: ["ssd13"]) == ["dtoverlay=ssd1306:address=0x3d"])
    }

    @Test func permissionBitsAreReadAsTheKernelDoes() {
        let device = FileStatus(kind: .characterDevice, permissions: 0o660, owner: 0, group: 998)
        #expect(device.allows([.read, .write], uid: 1000, groups: [998]))
        #expect(!device.allows(.read, uid: 1000, groups: [1000]))
        #expect(device.allows([.read, .write], uid: 0, groups: []))
        let program = FileStatus(kind: .regular, permissions: 0o644, owner: 1000, group: 1000)
        #expect(!program.allows(.execute, uid: 0, groups: []))
        // The owner's bits decide for the owner, even when the group's would allow more.
        let odd = FileStatus(kind: .regular, permissions: 0o070, owner: 1000, group: 1000)
        #expect(!odd.allows(.read, uid: 1000, groups: [1000]))
        #expect(odd.modeString == "----rwx---")
    }

    @Test func doctorCommandRefusesAnUnknownBoardWithStatus64() throws {
        var command = try DoctorCommand.parse(["--board", "no-such-board", "--unit", "/nonexistent/glance.service"])
        #expect(throws: ExitCode.validationFailure) { try command.run() }
        command = try DoctorCommand.parse(["--config", "/nonexistent/glance.yaml"])
        #expect(throws: ExitCode.validationFailure) { try command.run() }
    }
}

// MARK: - A made-up machine

/// A machine described by its files, users, groups, I2C devices and GPIO chips.
struct FakeSystem: SystemProbe {
    var me = ProcessIdentity(uid: 1000, userName: "pi", groupIDs: [1000, 998, 997])
    var files: [String: FileStatus] = [:]
    var texts: [String: String] = [:]
    var links: [String: String] = [:]
    /// Paths that exist but do not open (their error number).
    var openErrors: [String: Int32] = [:]
    var users: [UserAccount] = []
    var groups: [GroupEntry] = []
    /// Per bus, the addresses that do more than stay silent.
    var buses: [Int: [UInt8: I2CBusProbe.Answer]] = [:]
    var libgpiod: Result<Int, GPIOError> = .success(1)
    var chips: [GPIOChipInfo] = []
    /// The chips exist but this user may not open them.
    var chipsDenied = false

    /// A Raspberry Pi 4 with I2C enabled, the user pi in the i2c and gpio groups, an SSD1306
    /// at 0x3C on bus 1, the header chip's 58 lines free, and no service installed.
    static func raspberryPi() -> FakeSystem {
        var machine = FakeSystem()
        let directory = FileStatus(kind: .directory, permissions: 0o755, owner: 0, group: 0)
        for path in ["/", "/dev", "/usr", "/usr/local", "/usr/local/bin", "/etc", "/etc/glance", "/home"] { machine.files[path] = directory }
        machine.files["/home/pi"] = FileStatus(kind: .directory, permissions: 0o700, owner: 1000, group: 1000)
        machine.files["/home/pi/desk"] = FileStatus(kind: .directory, permissions: 0o755, owner: 1000, group: 1000)
        machine.files["/home/pi/desk/.build"] = FileStatus(kind: .directory, permissions: 0o755, owner: 1000, group: 1000)
        machine.files["/home/pi/desk/.build/release"] = FileStatus(kind: .directory, permissions: 0o755, owner: 1000, group: 1000)
        machine.files["/home/pi/desk/.build/release/desk"] = FileStatus(kind: .regular, permissions: 0o755, owner: 1000, group: 1000)
        machine.files["/home/pi/desk/glance.yaml"] = FileStatus(kind: .regular, permissions: 0o644, owner: 1000, group: 1000)
        machine.files["/usr/local/bin/desk"] = FileStatus(kind: .regular, permissions: 0o755, owner: 0, group: 0)
        machine.files["/etc/glance/board.yaml"] = FileStatus(kind: .regular, permissions: 0o644, owner: 0, group: 0)
        machine.files["/etc/glance/desk.yaml"] = FileStatus(kind: .regular, permissions: 0o644, owner: 0, group: 0)
        machine.files["/dev/i2c-1"] = FileStatus(kind: .characterDevice, permissions: 0o660, owner: 0, group: 998)
        machine.files["/dev/gpiochip0"] = FileStatus(kind: .characterDevice, permissions: 0o660, owner: 0, group: 997)
        machine.texts["/proc/device-tree/model"] = "Raspberry Pi 4 Model B Rev 1.4\0"
        machine.texts["/boot/firmware/config.txt"] = "dtparam=audio=on\n"
        machine.texts["/sys/bus/i2c/devices/i2c-1/name"] = "bcm2835 (i2c@7e804000)\n"
        machine.users = [UserAccount(name: "root", uid: 0, gid: 0), UserAccount(name: "pi", uid: 1000, gid: 1000),
                         UserAccount(name: "glance", uid: 999, gid: 999)]
        machine.groups = [GroupEntry(name: "root", gid: 0, members: []), GroupEntry(name: "pi", gid: 1000, members: []),
                          GroupEntry(name: "i2c", gid: 998, members: ["pi"]), GroupEntry(name: "gpio", gid: 997, members: ["pi"]),
                          GroupEntry(name: "glance", gid: 999, members: [])]
        machine.buses[1] = [0x3C: .answered]
        let lines = (0..<58).map { GPIOLineInfo(offset: $0, name: "GPIO\($0)", isUsed: false, consumer: "", isOutput: false, isActiveLow: false, bias: .asIs) }
        machine.chips = [GPIOChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lines: lines)]
        return machine
    }

    func identity() -> ProcessIdentity { me }
    func status(of path: String) -> FileStatus? { files[path] }
    func openError(readWrite path: String) -> Int32? { files[path] == nil ? ENOENT : openErrors[path] }
    func text(of path: String) -> String? { texts[path] }
    func entries(of directory: String) -> [String] {
        files.keys.filter { $0.hasPrefix(directory + "/") && !$0.dropFirst(directory.count + 1).contains("/") }
            .map { String($0.dropFirst(directory.count + 1)) }.sorted()
    }
    func linkTarget(of path: String) -> String? { links[path] }
    func user(named name: String) -> UserAccount? { users.first { $0.name == name } }
    func user(id: UInt32) -> UserAccount? { users.first { $0.uid == id } }
    func group(id: UInt32) -> GroupEntry? { groups.first { $0.gid == id } }
    func group(named name: String) -> GroupEntry? { groups.first { $0.name == name } }
    func groupIDs(of user: UserAccount) -> [UInt32] { [user.gid] + groups.filter { $0.members.contains(user.name) }.map(\.gid) }

    func probeI2C(bus: Int, addresses: [UInt8]) -> I2CBusProbe {
        let path = "/dev/i2c-\(bus)"
        if let code = openError(readWrite: path) { return I2CBusProbe(failure: .open(bus: bus, path: path, errno: code)) }
        let answers = buses[bus] ?? [:]
        return I2CBusProbe(answers: Dictionary(uniqueKeysWithValues: addresses.map { ($0, answers[$0] ?? .silent) }))
    }

    func loadLibgpiod() -> Result<Int, GPIOError> { libgpiod }

    func gpioChip(_ selector: GPIOChipSelector) -> Result<GPIOChipInfo, GPIOError> {
        if chipsDenied { return .failure(.permissionDenied(path: "/dev/gpiochip*")) }
        let labels: [String] = switch selector {
        case .labels(let labels): labels
        case .label(let label): [label]
        case .path, .number: []
        }
        for label in labels {
            if let chip = chips.first(where: { $0.label == label }) { return .success(chip) }
        }
        return .failure(.chipNotFound(selector, available: chips.map { GPIOChipSummary(path: $0.path, label: $0.label, lineCount: $0.lines.count) }))
    }
}
