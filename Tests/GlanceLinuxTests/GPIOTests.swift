import Foundation
@testable import GlanceLinux
import GlanceInput
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct GPIOTests {
    @Test func noChipsIsAnEmptyListNotAnError() throws {
        let dev = ScratchDirectory()
        let gpio = GPIO(deviceDirectory: dev.path)
        #expect(gpio.chipPaths().isEmpty)
        #expect(try gpio.chips().isEmpty)
        #expect(GPIO(deviceDirectory: dev.path + "/missing").chipPaths().isEmpty)
    }

    @Test(arguments: [
        GPIOChipSelector.label("pinctrl-bcm2711"), .number(4), .raspberryPiHeader,
    ])
    func aMissingChipIsNotFoundAndSaysTheMachineHasNone(selector: GPIOChipSelector) throws {
        let dev = ScratchDirectory()
        let error = #expect(throws: GPIOError.self) { try GPIO(deviceDirectory: dev.path).chip(selector) }
        #expect(error == .chipNotFound(selector, available: []))
        #expect(error?.description.contains("this machine has no GPIO chips") == true)
    }

    @Test func aMissingPathIsNotFound() throws {
        let dev = ScratchDirectory()
        let path = dev.path + "/gpiochip0"
        #expect(throws: GPIOError.chipNotFound(.path(path), available: [])) { try GPIO(deviceDirectory: dev.path).chip(at: path) }
    }

    @Test func aFileThatIsNoChipIsRefusedAndListedAsUnopenable() throws {
        let dev = ScratchDirectory()
        let path = dev.file("gpiochip0")
        let gpio = GPIO(deviceDirectory: dev.path)
        #expect(gpio.chipPaths() == [path])
        #expect(throws: GPIOError.notAGPIOChip(path: path)) { try gpio.chip(at: path) }
        let summary = GPIOChipSummary(path: path, label: nil, lineCount: nil)
        #expect(gpio.summaries() == [summary])
        let error = #expect(throws: GPIOError.self) { try gpio.chip(.label("pinctrl-rp1")) }
        #expect(error == .chipNotFound(.label("pinctrl-rp1"), available: [summary]))
        #expect(error?.description == "no GPIO chip labelled 'pinctrl-rp1'; this machine has \(path) (could not be opened)")
    }

    @Test func chipsAreListedInNumberOrder() {
        let dev = ScratchDirectory()
        for number in [10, 2, 0] { dev.file("gpiochip\(number)") }
        dev.file("gpiomem")
        #expect(GPIO(deviceDirectory: dev.path).chipPaths() == [0, 2, 10].map { "\(dev.path)/gpiochip\($0)" })
    }

    @Test func inputsAndLinesReportAMissingChip() throws {
        let dev = ScratchDirectory()
        let gpio = GPIO(deviceDirectory: dev.path)
        let bonnet = GPIOInputs.Configuration(chip: .raspberryPiHeader, buttons: [.a: 5, .b: 6])
        #expect(throws: GPIOError.chipNotFound(.raspberryPiHeader, available: [])) { try GPIOInputs.open(bonnet, gpio: gpio) }
        #expect(throws: GPIOError.chipNotFound(.label("pinctrl-bcm2711"), available: [])) {
            try GPIOOutputLine.open(name: "dc", chip: .label("pinctrl-bcm2711"), offset: 25, gpio: gpio)
        }
        #expect(throws: GPIOError.chipNotFound(.number(0), available: [])) {
            try GPIOInputLine.open(name: "busy", chip: .number(0), offset: 24, gpio: gpio)
        }
    }

    @Test func messagesSayWhatToDo() {
        let chip = "pinctrl-bcm2711 (/dev/gpiochip0)"
        #expect(GPIOError.permissionDenied(path: "/dev/gpiochip0").description
            == "permission denied opening /dev/gpiochip0 (add your user to the gpio group: sudo usermod -aG gpio $USER, then log out and in)")
        #expect(GPIOError.lineBusy(chip: chip, offset: 17, name: "GPIO17", consumer: "spi1 CS1").description
            == "GPIO17 (line 17 of \(chip)) is already in use by 'spi1 CS1'; stop that user, or wire the button to a free line (glance gpio list shows them)")
        #expect(GPIOError.lineBusy(chip: chip, offset: 4, name: "", consumer: "").description.hasPrefix(
            "line 4 of \(chip) is already in use by the kernel or another program"))
        let sda = ReservedPin.raspberryPiI2C(bus: 1)[0]
        #expect(GPIOError.reservedPin(chip: chip, pin: sda).description
            == "refusing to claim GPIO2 (line 2 of \(chip)): it is SDA of i2c-1, which the panel uses, and claiming it would disconnect the bus")
        #expect(GPIOError.lineOutOfRange(chip: chip, offset: 60, lineCount: 58).description.contains("lines 0–57"))
        let found = GPIOError.chipNotFound(.label("pinctrl-bcm2835"), available: [
            GPIOChipSummary(path: "/dev/gpiochip0", label: "pinctrl-bcm2711", lineCount: 58),
            GPIOChipSummary(path: "/dev/gpiochip1", label: "raspberrypi-exp-gpio", lineCount: 8),
        ])
        #expect(found.description == "no GPIO chip labelled 'pinctrl-bcm2835'; this machine has /dev/gpiochip0 (pinctrl-bcm2711, 58 lines), /dev/gpiochip1 (raspberrypi-exp-gpio, 8 lines)")
        #expect(GPIOError.system(operation: "requesting line 5", path: "/dev/gpiochip0", errno: EIO).description
            == "requesting line 5 failed on /dev/gpiochip0: Input/output error (errno 5)")
    }

    @Test func reservedPinsOfTheRaspberryPiBuses() {
        #expect(ReservedPin.raspberryPiI2C(bus: 1).map(\.offset) == [2, 3])
        #expect(ReservedPin.raspberryPiI2C(bus: 0).map(\.offset) == [0, 1])
        #expect(ReservedPin.raspberryPiI2C(bus: 3).isEmpty)
        #expect(ReservedPin.raspberryPiSPI(bus: 0).map(\.offset) == [7, 8, 9, 10, 11])
        #expect(ReservedPin.raspberryPiSPI(bus: 0).map(\.function) == ["CE1", "CE0", "MISO", "MOSI", "SCLK"])
        #expect(ReservedPin.raspberryPiSPI(bus: 1).map(\.offset) == [16, 17, 18, 19, 20, 21])
        #expect(ReservedPin.raspberryPiSPI(bus: 1)[1].description == "GPIO17 (CE1 of spi1)")
    }

    @Test func selectorsNameThemselves() {
        #expect(GPIOChipSelector.raspberryPiHeader.description == "labelled 'pinctrl-rp1' or 'pinctrl-bcm2711' or 'pinctrl-bcm2835'")
        #expect(GPIOChipSelector.number(4).description == "number 4 (gpiochip4)")
        #expect(GPIOChipSelector.path("/dev/gpiochip0").description == "at /dev/gpiochip0")
    }
}

@Suite struct GPIOListingTests {
    private let chip = GPIOChipInfo(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lines: [
        GPIOLineInfo(offset: 2, name: "GPIO2", isUsed: true, consumer: "", isOutput: false, isActiveLow: false, bias: .asIs),
        GPIOLineInfo(offset: 4, name: "GPIO4", isUsed: true, consumer: "glance", isOutput: false, isActiveLow: true, bias: .pullUp),
        GPIOLineInfo(offset: 5, name: "GPIO5", isUsed: false, consumer: "", isOutput: false, isActiveLow: false, bias: .asIs),
        GPIOLineInfo(offset: 25, name: "", isUsed: true, consumer: "glance dc", isOutput: true, isActiveLow: false, bias: .asIs),
    ])

    @Test func everyLine() {
        #expect(chip.listing() == """
            /dev/gpiochip0  pinctrl-bcm2711  4 lines
              line  name   direction  use
                 2  GPIO2  input      used by the kernel
                 4  GPIO4  input      used by "glance" (active-low, pull-up)
                 5  GPIO5  input      free
                25  -      output     used by "glance dc"

            """)
    }

    @Test func usedLinesOnly() {
        #expect(chip.listing(usedOnly: true).split(separator: "\n").count == 5)
        let idle = GPIOChipInfo(path: "/dev/gpiochip1", name: "gpiochip1", label: "", lines: [chip.lines[2]])
        #expect(idle.listing(usedOnly: true) == "/dev/gpiochip1  (no label)  1 line\n  (no lines in use)\n")
    }
}

@Suite struct SystemClockTests {
    @Test func uptimeNeverGoesBackwardsAndWallTimeIsTheSystems() {
        let clock = SystemClock()
        let first = clock.uptime
        let second = clock.uptime
        #expect(first > .zero)
        #expect(second >= first)
        #expect(abs(clock.now.timeIntervalSinceNow) < 60)
    }
}
