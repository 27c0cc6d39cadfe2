import CFramebuffer
import Foundation
import GlancePanels
#if canImport(Glibc)
import Glibc
#endif

/// A Linux framebuffer (`/dev/fbN`, from a TFT overlay's fbtft or DRM driver): its screen
/// information read with `FBIOGET_VSCREENINFO`/`FBIOGET_FSCREENINFO`, pixels written with
/// `pwrite` at their offset, blanking with `FBIOBLANK`. Writes run on a serial queue of their own.
///
/// Opened on a regular file with a given layout it stands in for one (tests, and machines
/// without the panel): the same writes land in the file, blanking is only remembered.
public final class LinuxFramebufferDevice: FramebufferDevice, @unchecked Sendable {
    // @unchecked: `descriptor` is only used or closed on `queue`; everything else is immutable.

    /// The device or file path.
    public let path: String
    /// The screen: size, stride and pixel layout.
    public let info: FramebufferScreenInfo
    /// Whether `path` is a regular file standing in for a framebuffer.
    public let isFile: Bool
    private var descriptor: Int32
    private let queue: BlockingQueue

    private init(path: String, info: FramebufferScreenInfo, isFile: Bool, descriptor: Int32) {
        self.path = path
        self.info = info
        self.isFile = isFile
        self.descriptor = descriptor
        queue = BlockingQueue(label: "glance.framebuffer")
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Opens a framebuffer device and reads its screen information.
    /// - Parameters:
    ///   - path: `/dev/fbN`, or a regular file when `fileLayout` is given.
    ///   - fileLayout: The layout a regular file at `path` stands for (it is grown to fit).
    /// - Throws: `FramebufferDeviceError` saying what to fix.
    public static func open(path: String, fileLayout: FramebufferScreenInfo? = nil) throws -> LinuxFramebufferDevice {
        let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC | (fileLayout != nil ? O_CREAT : 0), 0o644)
        guard descriptor >= 0 else { throw FramebufferDeviceError.open(path: path, errno: errno) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            guard let fileLayout else {
                Glibc.close(descriptor)
                throw FramebufferDeviceError.notAFramebuffer(path: path, errno: ENOTTY)
            }
            if Int(status.st_size) < fileLayout.byteCount, ftruncate(descriptor, off_t(fileLayout.byteCount)) != 0 {
                let code = errno
                Glibc.close(descriptor)
                throw FramebufferDeviceError.write(path: path, errno: code)
            }
            return LinuxFramebufferDevice(path: path, info: fileLayout, isFile: true, descriptor: descriptor)
        }
        var raw = glance_fb_info()
        guard glance_fb_read_info(descriptor, &raw) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw FramebufferDeviceError.notAFramebuffer(path: path, errno: code)
        }
        do {
            let info = try layout(of: raw, path: path)
            return LinuxFramebufferDevice(path: path, info: info, isFile: false, descriptor: descriptor)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// The screen information for what the driver reports, or why Glance cannot draw on it.
    static func layout(of raw: glance_fb_info, path: String) throws -> FramebufferScreenInfo {
        let width = Int(raw.xres), height = Int(raw.yres), stride = Int(raw.line_length)
        let layout: FramebufferScreenInfo.PixelLayout
        switch raw.bits_per_pixel {
        case 1 where raw.visual == glance_fb_visual_mono10(): layout = .mono(whiteIsOne: true, msbFirst: true)
        case 1 where raw.visual == glance_fb_visual_mono01(): layout = .mono(whiteIsOne: false, msbFirst: true)
        case 16 where raw.red_offset == 11 && raw.red_length == 5 && raw.green_offset == 5 && raw.green_length == 6 && raw.blue_offset == 0:
            layout = .rgb565
        case 32 where raw.red_offset == 16 && raw.green_offset == 8 && raw.blue_offset == 0 && raw.red_length == 8:
            layout = .xrgb8888
        default:
            throw FramebufferDeviceError.unsupportedLayout(
                path: path, description: "\(raw.bits_per_pixel) bits per pixel, red \(raw.red_offset)+\(raw.red_length), green \(raw.green_offset)+\(raw.green_length), blue \(raw.blue_offset)+\(raw.blue_length)")
        }
        let info = FramebufferScreenInfo(width: width, height: height, layout: layout, lineLength: stride)
        // A stride shorter than a line of pixels would overlap lines.
        guard width > 0, height > 0, info.lineLength == stride else {
            throw FramebufferDeviceError.unsupportedLayout(path: path, description: "\(width)×\(height) with \(stride) bytes per line")
        }
        return info
    }

    /// Writes `bytes` at byte `offset` of screen memory.
    /// - Throws: `FramebufferDeviceError.write` (the device went away, or the write passes its end).
    public func write(_ bytes: [UInt8], at offset: Int) async throws {
        guard !bytes.isEmpty else { return }
        try await queue.run {
            guard offset >= 0, offset + bytes.count <= self.info.byteCount else {
                throw FramebufferDeviceError.write(path: self.path, errno: EFBIG)
            }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { buffer in
                    pwrite(self.descriptor, buffer.baseAddress! + written, bytes.count - written, off_t(offset + written))
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FramebufferDeviceError.write(path: self.path, errno: errno)
                }
                written += count
            }
        }
    }

    /// Blanks or unblanks the screen (remembered only, for a file).
    public func setBlanked(_ blanked: Bool) async throws {
        guard !isFile else { return }
        try await queue.run {
            // Drivers without blanking answer EINVAL: the backlight then does the dimming.
            if glance_fb_blank(self.descriptor, blanked ? 1 : 0) != 0, errno != EINVAL {
                throw FramebufferDeviceError.blank(path: self.path, errno: errno)
            }
        }
    }
}

/// Why a framebuffer could not be used.
public enum FramebufferDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Opening the device failed.
    case open(path: String, errno: Int32)
    /// The path is no framebuffer device.
    case notAFramebuffer(path: String, errno: Int32)
    /// The driver reports a pixel layout Glance does not write.
    case unsupportedLayout(path: String, description: String)
    /// Writing pixels failed.
    case write(path: String, errno: Int32)
    /// Blanking failed.
    case blank(path: String, errno: Int32)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case let .open(path, code):
            switch code {
            case ENOENT, ENODEV:
                return "no framebuffer \(path) (add the panel's overlay to /boot/firmware/config.txt, e.g. dtoverlay=pitft28-resistive,rotate=90, and reboot; ls /dev/fb* lists the framebuffers there are)"
            case EACCES, EPERM:
                return "permission denied opening \(path) (add your user to the video group: sudo usermod -aG video $USER, then log out and in)"
            default:
                return "cannot open \(path): \(errnoDescription(code)) (errno \(code))"
            }
        case let .notAFramebuffer(path, code):
            return "\(path) is not a framebuffer device (\(errnoDescription(code))); give the /dev/fbN of the panel"
        case let .unsupportedLayout(path, description):
            return "\(path) has a pixel layout Glance does not write (\(description)); supported: 1-bit mono, RGB565, XRGB8888"
        case let .write(path, code):
            return "writing to \(path) failed: \(errnoDescription(code)) (errno \(code))"
        case let .blank(path, code):
            return "blanking \(path) failed: \(errnoDescription(code)) (errno \(code))"
        }
    }
}

/// A backlight in `/sys/class/backlight/NAME`: `brightness` from 0 to `max_brightness`, or —
/// for on/off backlights whose maximum is 0 — `bl_power` (0 on, 4 off).
public struct SysfsBacklight: Backlight {
    /// The backlight's name (its folder).
    public let name: String
    /// Its folder.
    public let directory: URL
    /// `max_brightness`.
    public let maximum: Int

    /// Reads the backlight at `directory`.
    /// - Throws: `BacklightError` when it has no readable `max_brightness`.
    public init(directory: URL) throws {
        self.directory = directory
        name = directory.lastPathComponent
        let file = directory.appendingPathComponent("max_brightness")
        guard let text = try? String(contentsOf: file, encoding: .utf8), let maximum = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), maximum >= 0 else {
            throw BacklightError(message: "\(file.path) is missing or not a number: is \(directory.path) a backlight?")
        }
        self.maximum = maximum
    }

    /// The backlights under `root` (`/sys/class/backlight`), by name.
    public static func available(in root: URL = URL(fileURLWithPath: "/sys/class/backlight")) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
    }

    /// The level written for `fraction`: rounded, at least 1 when the fraction is positive.
    public func level(for fraction: Double) -> Int {
        guard fraction > 0 else { return 0 }
        return min(maximum, max(1, Int((fraction * Double(maximum)).rounded())))
    }

    /// Writes `brightness` (or `bl_power` for an on/off backlight).
    public func set(fraction: Double) async throws {
        let (file, value) = maximum == 0 ? ("bl_power", fraction > 0 ? 0 : 4) : ("brightness", level(for: fraction))
        let path = directory.appendingPathComponent(file).path
        let text = Array("\(value)\n".utf8)
        let descriptor = Glibc.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        let written = descriptor < 0 ? -1 : text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let code = errno
        if descriptor >= 0 { Glibc.close(descriptor) }
        guard written == text.count else {
            throw BacklightError(message: code == EACCES || code == EPERM
                ? "permission denied writing \(path) (a udev rule must give the video group write access; see Docs/Panels.md)"
                : "writing \(value) to \(path) failed: \(errnoDescription(code)) (errno \(code))")
        }
    }
}

/// A backlight that could not be read or set.
public struct BacklightError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, with the path.
    public let message: String
    public var description: String { message }

    /// Creates an error with its message.
    public init(message: String) {
        self.message = message
    }
}
