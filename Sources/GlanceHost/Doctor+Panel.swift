import Foundation
import GlanceLinux

extension Doctor {
    /// A kind of device node, with the group that is given it and the udev rule that does so.
    enum DeviceKind: String, Sendable {
        case i2c, spi, gpio, framebuffer

        /// The group Raspberry Pi OS gives these devices, and the one the service's unit names.
        var group: String {
            switch self {
            case .i2c: "i2c"
            case .spi: "spi"
            case .gpio: "gpio"
            case .framebuffer: "video"
            }
        }

        /// A udev rule that gives the devices to `group`, read and write.
        var udevRule: String {
            switch self {
            case .i2c: #"SUBSYSTEM=="i2c-dev", GROUP="i2c", MODE="0660""#
            case .spi: #"SUBSYSTEM=="spidev", GROUP="spi", MODE="0660""#
            case .gpio: #"SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660""#
            case .framebuffer: #"SUBSYSTEM=="graphics", KERNEL=="fb*", GROUP="video", MODE="0660""#
            }
        }
    }

    // MARK: - The panel

    /// The checks of the panel's connection: the bus, its device node, the device.
    func panelChecks() -> [DoctorCheck] {
        switch board.panel.connection {
        case .emulated:
            return [.skip("panel", "emulated by Glance (a simulator board): no bus, device or wiring to check")]
        case .i2c(let bus, let address):
            let path = "/dev/i2c-\(bus)"
            guard probe.status(of: path) != nil else {
                return [i2cBusMissing(bus: bus), .skip("device at \(Self.hex(address))", "not probed: there is no bus")]
            }
            let access = accessCheck(path: path, kind: .i2c)
            guard access.status == .pass else {
                return [.pass("I2C bus", "\(path) is there" + adapterName(bus: bus)), access,
                        .skip("device at \(Self.hex(address))", "not probed: \(path) does not open")]
            }
            return [.pass("I2C bus", "\(path) is there" + adapterName(bus: bus)), access] + i2cDeviceChecks(bus: bus, address: address)
        case .spi(let bus, let chipSelect, _, _, _):
            let path = "/dev/spidev\(bus).\(chipSelect)"
            guard probe.status(of: path) != nil else { return [spiBusMissing(path: path, bus: bus)] }
            return [
                .pass("SPI bus", "\(path) is there"),
                accessCheck(path: path, kind: .spi),
                .skip("device", "an SPI panel cannot be probed (SPI has no acknowledge): \(program) panel test --board \(boardReference) draws a test pattern"),
            ]
        case .framebuffer(let path):
            guard probe.status(of: path) != nil else {
                let others = probe.entries(of: "/dev").filter { $0.hasPrefix("fb") }.map { "/dev/\($0)" }
                return [.fail("framebuffer", "\(path) does not exist" + (others.isEmpty ? "; this machine has no framebuffer" : "; this machine has \(others.joined(separator: ", "))"),
                              fix: ["load the display's driver (the dtoverlay= line its maker gives, in \(bootConfig?.path ?? "/boot/firmware/config.txt")), then reboot",
                                    "or set device: under panel: in the board file to the framebuffer it has"])]
            }
            return [.pass("framebuffer", "\(path) is there"), accessCheck(path: path, kind: .framebuffer)]
        }
    }

    /// ` (SMBus stub driver)`: the adapter's name from sysfs, or nothing.
    private func adapterName(bus: Int) -> String {
        guard let name = probe.text(of: "/sys/bus/i2c/devices/i2c-\(bus)/name")?.trimmingCharacters(in: .whitespacesAndNewlines),
              !name.isEmpty else { return "" }
        return " (\(name))"
    }

    /// Why `/dev/i2c-<bus>` is missing, and how to enable it.
    private func i2cBusMissing(bus: Int) -> DoctorCheck {
        let name = "I2C bus"
        let missing = "/dev/i2c-\(bus) does not exist"
        if probe.status(of: "/sys/bus/i2c/devices/i2c-\(bus)") != nil {
            // The adapter is there but not its character device.
            return .fail(name, missing + " although the kernel has the adapter i2c-\(bus): the i2c-dev module is not loaded",
                         fix: ["sudo modprobe i2c-dev", "echo i2c-dev | sudo tee -a /etc/modules   (loads it at every boot)"])
        }
        let others = probe.entries(of: "/dev").filter { $0.hasPrefix("i2c-") }.map { "/dev/\($0)" }
        let elsewhere = others.isEmpty ? "" : "; this machine has \(others.joined(separator: ", "))"
        guard let model = raspberryPiModel else {
            return .fail(name, missing + (others.isEmpty ? "; this machine has no I2C bus device" : elsewhere),
                         fix: ["sudo modprobe i2c-dev   (I2C adapters appear as /dev/i2c-N once it is loaded)"]
                            + (others.isEmpty ? [] : ["if the panel is on one of those buses, set bus: i2c-N under panel: in the board file"]))
        }
        let config = bootConfig
        let file = config?.path ?? "/boot/firmware/config.txt"
        switch bus {
        case 1:
            if config?.enables(["i2c_arm", "i2c"]) == true {
                return .fail(name, missing + " on this \(model), though \(file) turns it on (dtparam=i2c_arm=on): the setting takes effect at boot",
                             fix: ["sudo reboot"])
            }
            return .fail(name, missing + ": I2C is not enabled on this \(model) (no dtparam=i2c_arm=on in \(file))",
                         fix: ["sudo raspi-config nonint do_i2c 0", "sudo reboot"])
        case 0:
            return .fail(name, missing + " on this \(model): bus 0 is the HAT EEPROM's bus, off unless dtparam=i2c_vc=on is in \(file)" + elsewhere,
                         fix: ["the header's bus is i2c-1 (pins 3 and 5): wire the panel there and set bus: i2c-1 under panel: in the board file"])
        default:
            return .fail(name, missing + " on this \(model)" + elsewhere,
                         fix: ["bus \(bus) comes from an overlay: add dtoverlay=i2c\(bus) (with the pins you wired) to \(file), then sudo reboot",
                               "or wire the panel to the header's bus i2c-1 (pins 3 and 5) and set bus: i2c-1 under panel: in the board file"])
        }
    }

    /// Why `/dev/spidevB.C` is missing, and how to enable it.
    private func spiBusMissing(path: String, bus: Int) -> DoctorCheck {
        let others = probe.entries(of: "/dev").filter { $0.hasPrefix("spidev") }.map { "/dev/\($0)" }
        let elsewhere = others.isEmpty ? "" : "; this machine has \(others.joined(separator: ", "))"
        guard let model = raspberryPiModel else {
            return .fail("SPI bus", "\(path) does not exist" + (others.isEmpty ? "; this machine has no SPI device" : elsewhere),
                         fix: ["sudo modprobe spidev   (SPI devices appear as /dev/spidevB.C once it is loaded and the device tree names them)"])
        }
        let file = bootConfig?.path ?? "/boot/firmware/config.txt"
        if bus == 0, bootConfig?.enables(["spi"]) == true {
            return .fail("SPI bus", "\(path) does not exist on this \(model), though \(file) turns SPI on (dtparam=spi=on): the setting takes effect at boot",
                         fix: ["sudo reboot"])
        }
        if bus == 0 {
            return .fail("SPI bus", "\(path) does not exist: SPI is not enabled on this \(model) (no dtparam=spi=on in \(file))",
                         fix: ["sudo raspi-config nonint do_spi 0", "sudo reboot"])
        }
        return .fail("SPI bus", "\(path) does not exist on this \(model)" + elsewhere,
                     fix: ["SPI bus \(bus) comes from an overlay (dtoverlay=spi\(bus)-1cs and the like) in \(file); add it, then sudo reboot"])
    }

    // MARK: - Device nodes

    /// Whether this process may open `path` for reading and writing, and when it may not,
    /// which group owns it and whether the user is in it.
    func accessCheck(path: String, kind: DeviceKind) -> DoctorCheck {
        let name = "access to \(path)"
        let me = probe.identity()
        guard let code = probe.openError(readWrite: path) else {
            return .pass(name, "opens for reading and writing (as \(me.userName))")
        }
        guard code == EACCES || code == EPERM, let status = probe.status(of: path) else {
            return .fail(name, "\(path) does not open: \(Self.describe(errno: code))",
                         fix: ["look at the kernel's log for the device: sudo dmesg | tail"])
        }
        let groupName = probe.group(id: status.group)?.name ?? String(status.group)
        let described = "\(path) is \(status.modeString), \(probe.ownerDescription(status))"
        if status.group != 0, status.allows([.read, .write], uid: UInt32.max, groups: [status.group]) {
            // The group may open it: is the user in the group, or only since this login?
            let joined = probe.user(named: me.userName).map { probe.groupIDs(of: $0).contains(status.group) } ?? false
            if joined {
                return .fail(name, "permission denied: \(described); \(me.userName) joined \(groupName) after this login began",
                             fix: ["log out and in again (or, in this shell only: newgrp \(groupName))"])
            }
            return .fail(name, "permission denied: \(described), and \(me.userName) is not in the \(groupName) group",
                         fix: ["sudo usermod -aG \(groupName) $USER", "then log out and in again"])
        }
        // No group may open it: nothing on this system gives the device to a group.
        return .fail(name, "permission denied: \(described), so only \(status.owner == 0 ? "root" : "its owner") may open it (you are \(me.userName))",
                     fix: Self.groupFix(kind))
    }

    /// How to give `kind`'s devices to their group and join it.
    static func groupFix(_ kind: DeviceKind) -> [String] {
        [
            "give the devices to the \(kind.group) group with a udev rule, and join the group:",
            "echo '\(kind.udevRule)' | sudo tee /etc/udev/rules.d/99-\(kind.group).rules",
            "sudo groupadd -f --system \(kind.group) && sudo udevadm control --reload-rules && sudo udevadm trigger",
            "sudo usermod -aG \(kind.group) $USER, then log out and in again",
        ]
    }

    // MARK: - The device at the address

    /// The OLED controllers' two addresses (the module's SA0 pin or address resistor picks one).
    static let oledAddresses = [0x3C, 0x3D]

    /// Whether a device answers at `address`, what else answers when it does not, and which
    /// controller it is where that can be told.
    private func i2cDeviceChecks(bus: Int, address: Int) -> [DoctorCheck] {
        let name = "device at \(Self.hex(address))"
        let path = "/dev/i2c-\(bus)"
        let partner = Self.oledAddresses.contains(address) ? Self.oledAddresses.filter { $0 != address } : []
        let probed = probe.probeI2C(bus: bus, addresses: ([address] + partner).map { UInt8($0) })
        if let failure = probed.failure { return [.skip(name, "not probed: \(failure)")] }
        switch probed.answers[UInt8(address)] ?? .silent {
        case .answered:
            return [.pass(name, "a device answers at \(Self.hex(address)) on \(path)"), controllerCheck(address: address)]
        case .claimed:
            return [claimedCheck(name: name, bus: bus, address: address)]
        case .failed(let code):
            return [.fail(name, "probing \(Self.hex(address)) on \(path) failed: \(Self.describe(errno: code))",
                          fix: code == ETIMEDOUT
                            ? ["the bus timed out: with the power off, check SDA and SCL are not swapped or shorted, and that the module has its pull-ups"]
                            : ["run i2cdetect -y \(bus) (from i2c-tools) to see the bus as the kernel does"])]
        case .silent:
            break
        }
        if let other = partner.first(where: { probed.answers[UInt8($0)] == .answered || probed.answers[UInt8($0)] == .claimed }) {
            return [.fail(name, "nobody answers at \(Self.hex(address)) on \(path), but a device answers at \(Self.hex(other)): the module is set to \(Self.hex(other)), the board says \(Self.hex(address))",
                          fix: addressFix(other))]
        }
        // Nobody at either OLED address: what does the rest of the bus hold?
        let rest = (0x08...0x77).filter { $0 != address && !partner.contains($0) }.map { UInt8($0) }
        let present = probe.probeI2C(bus: bus, addresses: rest).present()
        let looked = ([address] + partner).map(Self.hex).joined(separator: " or ")
        if !present.isEmpty {
            let found = present.map { Self.hex(Int($0)) }.joined(separator: ", ")
            return [.fail(name, "nobody answers at \(looked) on \(path); the bus has \(present.count == 1 ? "a device" : "devices") at \(found), where displays do not sit",
                          fix: wiringFix(bus: bus, address: address) + ["if the panel really is at \(present.count == 1 ? found : "one of those"), set its address under panel: in the board file"])]
        }
        return [.fail(name, "nobody answers on \(path) at all (probed 0x08–0x77)", fix: wiringFix(bus: bus, address: address))]
    }

    /// How to check the wiring, with the header pins of the Raspberry Pi's bus 1.
    private func wiringFix(bus: Int, address: Int) -> [String] {
        let pins = bus == 1 && raspberryPiModel != nil
            ? "with the power off, check the wiring: VCC to pin 1 (3.3 V), GND to pin 6, SDA to pin 3, SCL to pin 5 (Docs/Wiring.md)"
            : "with the power off, check the module's VCC, GND, SDA and SCL wires (SDA and SCL swapped is the usual mistake)"
        return [pins, "then i2cdetect -y \(bus) (from i2c-tools) should show \(String(Self.hex(address).dropFirst(2))) in its table"]
    }

    /// How to tell Glance the module's address is `found`.
    private func addressFix(_ found: Int) -> [String] {
        let value = Self.hex(found)
        if !boardReference.contains("/"), BoardCatalog.names.contains(boardReference) {
            return [
                "make a board file that takes the preset with the module's address, and use it:",
                "printf 'preset: \(boardReference)\\npanel: {address: \(value)}\\n' > board.yaml",
                "\(program) doctor --board board.yaml   (and board: board.yaml in glance.yaml)",
            ]
        }
        return ["in \(boardReference), set the module's address under panel: (address: \(value)), or with a preset: panel: {address: \(value)}",
                "or move the module's address jumper or resistor back to \(Self.hex(found == 0x3D ? 0x3C : 0x3D))"]
    }

    /// An address a kernel driver has bound: which driver, and how to free it.
    private func claimedCheck(name: String, bus: Int, address: Int) -> DoctorCheck {
        let device = "\(bus)-" + String(format: "%04x", address)
        let driver = probe.linkTarget(of: "/sys/bus/i2c/devices/\(device)/driver").map { ($0 as NSString).lastPathComponent }
        let detail = "a device answers at \(Self.hex(address)), but the kernel driver \(driver.map { "'\($0)'" } ?? "of another device") has claimed it, so Glance may not drive it"
        if let config = bootConfig {
            let lines = config.overlays(containing: ["ssd13", "sh11", "oled"] + (driver.map { [$0.lowercased()] } ?? []))
            if !lines.isEmpty {
                return .fail(name, detail, fix: ["remove the line\(lines.count == 1 ? "" : "s") \(lines.joined(separator: ", ")) from \(config.path), then sudo reboot"])
            }
        }
        let unbind = driver.map { "echo \(device) | sudo tee /sys/bus/i2c/drivers/\($0)/unbind" } ?? "echo \(device) | sudo tee /sys/bus/i2c/devices/\(device)/driver/unbind"
        return .fail(name, detail, fix: [unbind + "   (until the next boot; remove what loads the driver to keep it free)"])
    }

    /// Which controller answers, as far as a probe that writes nothing can tell.
    private func controllerCheck(address: Int) -> DoctorCheck {
        let controller = board.panel.controller
        var detail = "cannot tell: SSD1306, SSD1309, SSD1315, SH1106 and SH1107 modules all answer at \(Self.hex(address)), and what one "
            + "returns to a read depends on what was last written to it, which doctor never does; the board says \(controller.rawValue)"
        if [BoardConfiguration.Controller.ssd1306, .ssd1309, .ssd1315, .sh1106].contains(controller) {
            detail += ". Garbage on the lit glass suggests an SH1106 driven as an SSD1306 (page addressing only, Docs/Panels.md): "
                + "try the sh1106-1.3in preset"
        }
        return .skip("controller", detail)
    }
}
