@testable import GlanceLinux
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SPITests {
    @Test func openingAMissingDeviceExplainsHowToEnableSPI() throws {
        let dev = ScratchDirectory()
        let path = "\(dev.path)/spidev0.0"
        let error = #expect(throws: SPIError.self) { try LinuxSPIDevice.open(bus: 0, chipSelect: 0, deviceDirectory: dev.path) }
        #expect(error == .open(bus: 0, chipSelect: 0, path: path, errno: ENOENT))
        #expect(error?.description == "no SPI device \(path) (enable SPI with sudo raspi-config nonint do_spi 0, or add dtparam=spi=on to /boot/firmware/config.txt and reboot; ls /dev/spidev* shows the devices there are)")
    }

    @Test func aFileThatIsNoSPIDeviceRefusesItsSettings() throws {
        let dev = ScratchDirectory()
        dev.file("spidev0.1")
        let error = #expect(throws: SPIError.self) { try LinuxSPIDevice.open(bus: 0, chipSelect: 1, deviceDirectory: dev.path) }
        #expect(error == .configure(bus: 0, chipSelect: 1, setting: "clock mode 0", errno: ENOTTY))
        #expect(error?.description.hasPrefix("/dev/spidev0.1 refused the clock mode 0 setting") == true)
    }

    @Test func permissionMessageNamesTheGroup() {
        #expect(SPIError.open(bus: 0, chipSelect: 0, path: "/dev/spidev0.0", errno: EACCES).description
            == "permission denied opening /dev/spidev0.0 (add your user to the spi group: sudo usermod -aG spi $USER, then log out and in)")
    }

    @Test func bufferSizeComesFromTheModuleParameter() {
        #expect(LinuxSPIDevice.bufferSize(fromParameter: "8192\n") == 8192)
        #expect(LinuxSPIDevice.bufferSize(fromParameter: nil) == 4096)
        #expect(LinuxSPIDevice.bufferSize(fromParameter: "") == 4096)
        #expect(LinuxSPIDevice.bufferSize(fromParameter: "0") == 4096)
        #expect(LinuxSPIDevice.bufferSize(fromParameter: "lots") == 4096)
    }

    @Test func writesAreChunkedAtTheBufferSize() {
        #expect(LinuxSPIDevice.chunks(count: 10_000, limit: 4096) == [0..<4096, 4096..<8192, 8192..<10_000])
        #expect(LinuxSPIDevice.chunks(count: 4096, limit: 4096) == [0..<4096])
        #expect(LinuxSPIDevice.chunks(count: 0, limit: 4096).isEmpty)
        // A 2.13" e-ink frame (250 × 122 at 1 bit: 4000 bytes) fits one default message.
        #expect(LinuxSPIDevice.chunks(count: 4000, limit: 4096).count == 1)
    }
}
