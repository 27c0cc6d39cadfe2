import CFramebuffer
import Foundation
import GlancePanels
import GlanceTesting
@testable import GlanceLinux
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 20: `/dev/fbN` in `glance run`. The kernel's virtual framebuffer is not in the test
/// VM's kernel, so the device is exercised on a file with the same layout (Docs/Panels.md).
@Suite struct FramebufferTests {
    @Test(arguments: [FramebufferScreenInfo.PixelLayout.rgb565, .xrgb8888, .mono(whiteIsOne: true, msbFirst: true)])
    func aFileLaidOutLikeTheScreenHoldsWhatTheControllerWrote(layout: FramebufferScreenInfo.PixelLayout) async throws {
        let scratch = ScratchDirectory()
        // A padded stride, as DRM's fbdev emulation may give.
        let info = FramebufferScreenInfo(width: 160, height: 128, layout: layout, lineLength: layout == .rgb565 ? 336 : nil)
        let device = try LinuxFramebufferDevice.open(path: "\(scratch.path)/fb1", fileLayout: info)
        let memory = MemoryFramebuffer(info: info, fill: 0)
        let onFile = PanelPipeline(controller: FramebufferController(device: device, info: info), clock: ManualClock())
        let inMemory = PanelPipeline(controller: FramebufferController(device: memory, info: info), clock: ManualClock())
        var random = SplitMix64(seed: 160)
        var picture = Bitmap(size: onFile.pictureSize)
        for _ in 0..<8 {
            // A gray rectangle, and every pixel of a random band redrawn.
            picture.fill(Rect(x: Int(random.next() % 150), y: Int(random.next() % 120), width: 9, height: 7), value: UInt8(truncatingIfNeeded: random.next()))
            let band = Int(random.next() % 120)
            for x in 0..<160 { picture[x, band] = UInt8(truncatingIfNeeded: random.next()) }
            guard case .written = await onFile.show(picture) else { Issue.record("nothing written"); return }
            _ = await inMemory.show(picture)
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/fb1")))
        #expect(bytes.count == info.byteCount)
        #expect(bytes == (await memory.memory), "the file holds the same bytes as screen memory would")
        // RGB565 keeps 6 bits of green: the screen reads back within 3 levels of the picture.
        let screen = await memory.screen, expected = inMemory.expectedGlass(for: picture)
        #expect(zip(screen.pixels, expected.pixels).allSatisfy { abs(Int($0) - Int($1)) <= (layout == .rgb565 ? 3 : 0) })
    }

    @Test func theDriversLayoutsAreReadAndOthersRefused() throws {
        var raw = glance_fb_info()
        raw.xres = 320; raw.yres = 240; raw.bits_per_pixel = 16; raw.line_length = 640
        raw.red_offset = 11; raw.red_length = 5; raw.green_offset = 5; raw.green_length = 6; raw.blue_offset = 0; raw.blue_length = 5
        #expect(try LinuxFramebufferDevice.layout(of: raw, path: "/dev/fb1") == FramebufferScreenInfo(width: 320, height: 240, layout: .rgb565))
        raw.bits_per_pixel = 32; raw.line_length = 1280
        raw.red_offset = 16; raw.red_length = 8; raw.green_offset = 8; raw.green_length = 8; raw.blue_length = 8
        #expect(try LinuxFramebufferDevice.layout(of: raw, path: "/dev/fb1").layout == .xrgb8888)
        raw.bits_per_pixel = 24
        #expect(throws: FramebufferDeviceError.unsupportedLayout(path: "/dev/fb1", description: "24 bits per pixel, red 16+8, green 8+8, blue 0+8")) {
            try LinuxFramebufferDevice.layout(of: raw, path: "/dev/fb1")
        }
        raw.bits_per_pixel = 32; raw.line_length = 100
        #expect(throws: FramebufferDeviceError.self) { try LinuxFramebufferDevice.layout(of: raw, path: "/dev/fb1") }
    }

    @Test func missingDevicesAndOrdinaryFilesAreExplained() throws {
        let scratch = ScratchDirectory()
        let missing = #expect(throws: FramebufferDeviceError.self) { try LinuxFramebufferDevice.open(path: "\(scratch.path)/fb7") }
        #expect(missing?.description.hasPrefix("no framebuffer \(scratch.path)/fb7 (add the panel's overlay") == true)
        let file = scratch.file("fb0")
        let notDevice = #expect(throws: FramebufferDeviceError.self) { try LinuxFramebufferDevice.open(path: file) }
        #expect(notDevice?.description == "\(file) is not a framebuffer device (Inappropriate ioctl for device); give the /dev/fbN of the panel")
        #expect(FramebufferDeviceError.open(path: "/dev/fb1", errno: EACCES).description.contains("sudo usermod -aG video"))
    }

    @Test func theBacklightTakesItsLevelsFromMaxBrightness() async throws {
        let scratch = ScratchDirectory()
        let pwm = URL(fileURLWithPath: scratch.path).appendingPathComponent("backlight_pwm")
        try FileManager.default.createDirectory(at: pwm, withIntermediateDirectories: true)
        try "15\n".write(to: pwm.appendingPathComponent("max_brightness"), atomically: false, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: pwm.appendingPathComponent("brightness").path, contents: Data("15\n".utf8)))
        let light = try SysfsBacklight(directory: pwm)
        func brightness() throws -> String { try String(contentsOf: pwm.appendingPathComponent("brightness"), encoding: .utf8) }
        try await light.set(fraction: 0.4)
        #expect(try brightness() == "6\n")
        try await light.set(fraction: 0.01)
        #expect(try brightness() == "1\n", "a dimmed screen is never dark")
        try await light.set(fraction: 0)
        #expect(try brightness() == "0\n")

        // An on/off backlight (gpio or fbtft) with max_brightness 0 is switched by bl_power.
        let gpio = URL(fileURLWithPath: scratch.path).appendingPathComponent("soc:backlight")
        try FileManager.default.createDirectory(at: gpio, withIntermediateDirectories: true)
        try "0\n".write(to: gpio.appendingPathComponent("max_brightness"), atomically: false, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: gpio.appendingPathComponent("bl_power").path, contents: Data("0\n".utf8)))
        let onOff = try SysfsBacklight(directory: gpio)
        try await onOff.set(fraction: 0)
        #expect(try String(contentsOf: gpio.appendingPathComponent("bl_power"), encoding: .utf8) == "4\n")
        try await onOff.set(fraction: 0.4)
        #expect(try String(contentsOf: gpio.appendingPathComponent("bl_power"), encoding: .utf8) == "0\n")
        #expect(SysfsBacklight.available(in: URL(fileURLWithPath: scratch.path)) == ["backlight_pwm", "soc:backlight"])

        let empty = URL(fileURLWithPath: scratch.path).appendingPathComponent("nothing")
        #expect(throws: BacklightError.self) { try SysfsBacklight(directory: empty) }
    }
}
