import CI2C
@testable import GlanceLinux
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct I2CTests {
    @Test func noAcknowledgeSaysToCheckThePanel() {
        let message = "no device acknowledged at 0x3c on /dev/i2c-1 (is the panel connected? run i2cdetect -y 1)"
        #expect(I2CError.write(bus: 1, address: 0x3C, errno: EREMOTEIO).description == message)
        #expect(I2CError.write(bus: 1, address: 0x3C, errno: ENXIO).description == message)
        #expect(I2CError.write(bus: 1, address: 0x3C, errno: EREMOTEIO).reason == .noAcknowledge)
    }

    @Test func errnoReasons() {
        let table: [(Int32, I2CError.Reason)] = [
            (EREMOTEIO, .noAcknowledge), (ENXIO, .noAcknowledge), (EACCES, .permissionDenied), (EPERM, .permissionDenied),
            (ENOENT, .noSuchBus), (ENODEV, .noSuchBus), (EBUSY, .busy), (EAGAIN, .busy), (ETIMEDOUT, .timedOut),
            (ENOTTY, .notAnAdapter), (EINVAL, .notAnAdapter), (EIO, .other),
        ]
        for (code, reason) in table { #expect(I2CError.reason(errno: code) == reason, "errno \(code)") }
    }

    @Test func messagesSayWhatToDo() {
        #expect(I2CError.open(bus: 1, path: "/dev/i2c-1", errno: EACCES).description
            == "permission denied opening /dev/i2c-1 (add your user to the i2c group: sudo usermod -aG i2c $USER, then log out and in)")
        #expect(I2CError.open(bus: 1, path: "/dev/i2c-1", errno: ENOENT).description
            == "no I2C bus /dev/i2c-1 (enable I2C with sudo raspi-config nonint do_i2c 0, or add dtparam=i2c_arm=on to /boot/firmware/config.txt and reboot; ls /dev/i2c-* shows the buses there are)")
        #expect(I2CError.write(bus: 1, address: 0x3D, errno: ETIMEDOUT).description.hasPrefix("writing to 0x3d on /dev/i2c-1 timed out"))
        #expect(I2CError.claim(bus: 1, address: 0x3C, errno: EBUSY).description.hasPrefix("address 0x3c on /dev/i2c-1 is claimed by a kernel driver"))
        #expect(I2CError.write(bus: 3, address: 0x0A, errno: EIO).description == "writing to 0x0a on /dev/i2c-3 failed: Input/output error (errno 5)")
        #expect(I2CError.transactionTooLong(bus: 1, address: 0x3C, length: 40, limit: 33).description
            == "a 40-byte transaction to 0x3c on /dev/i2c-1 exceeds the adapter's limit of 33 bytes; split it, each part with its own control byte")
        #expect(I2CError.invalidAddress(bus: 1, address: 0x78).description.contains("0x03–0x77"))
    }

    @Test func openingAMissingBusExplainsHowToEnableI2C() throws {
        let dev = ScratchDirectory()
        let error = #expect(throws: I2CError.self) { try LinuxI2CDevice.open(bus: 7, address: 0x3C, deviceDirectory: dev.path) }
        #expect(error == .open(bus: 7, path: "\(dev.path)/i2c-7", errno: ENOENT))
        #expect(error?.reason == .noSuchBus)
        #expect(error?.description.contains("dtparam=i2c_arm=on") == true)
    }

    @Test func aFileThatIsNoAdapterIsRefused() throws {
        let dev = ScratchDirectory()
        let path = dev.file("i2c-1")
        let error = #expect(throws: I2CError.self) { try LinuxI2CDevice.open(bus: 1, address: 0x3C, deviceDirectory: dev.path) }
        #expect(error == .functionality(bus: 1, path: path, errno: ENOTTY))
        #expect(error?.description.hasPrefix("\(path) is not an I2C adapter") == true)
    }

    @Test(arguments: [UInt8(0x00), 0x02, 0x78, 0xFF])
    func reservedAddressesAreRefusedBeforeAnyIO(address: UInt8) {
        #expect(throws: I2CError.invalidAddress(bus: 1, address: address)) {
            try LinuxI2CDevice.open(bus: 1, address: address, deviceDirectory: "/nonexistent")
        }
    }

    @Test func modeFollowsTheAdapterFunctionality() {
        let i2c = UInt(I2C_FUNC_I2C)
        let block = UInt(I2C_FUNC_SMBUS_WRITE_I2C_BLOCK)
        #expect(LinuxI2CDevice.mode(forFunctionality: i2c | block) == .messages)
        #expect(LinuxI2CDevice.mode(forFunctionality: i2c | block, preferSMBus: true) == .smbusBlocks)
        #expect(LinuxI2CDevice.mode(forFunctionality: i2c, preferSMBus: true) == .messages)
        #expect(LinuxI2CDevice.mode(forFunctionality: block) == .smbusBlocks)
        #expect(LinuxI2CDevice.mode(forFunctionality: 0) == nil)
    }

    @Test func transactionLimits() {
        #expect(LinuxI2CDevice.maximumTransactionLength(for: .messages) == 8192)
        // SMBus: the control byte rides as the command byte, then 32 data bytes.
        #expect(LinuxI2CDevice.maximumTransactionLength(for: .smbusBlocks) == 33)
    }
}
