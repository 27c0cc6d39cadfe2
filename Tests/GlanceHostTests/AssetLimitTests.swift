import Foundation
import GlanceGraphics
import Testing
@testable import GlanceHost

/// A bundle's asset files are refused by their size before they are decoded: an 8000×8000
/// PNG used to cost 456 MB at its peak, and a file of any size was read whole.
@Suite struct AssetLimitTests {
    private final class Folder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glance-assets-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        @discardableResult
        func file(_ name: String, _ bytes: [UInt8]) throws -> URL {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
            return file
        }
    }

    private func loadError(_ folder: Folder) -> AssetCatalogError? {
        #expect(throws: AssetCatalogError.self) { try FileAssetCatalog.load(from: folder.url) }
    }

    /// A real 1×1 PNG whose header is made to say `width`×`height` (its pixels are then too few,
    /// which only a decoder finds out).
    private func png(claiming width: UInt32, _ height: UInt32) throws -> [UInt8] {
        var bytes = try PNG.encode(Bitmap(width: 1, height: 1))
        // Signature (8), IHDR length (4), "IHDR" (4), width, height.
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        }
        let crc = Self.crc32(bytes[12..<29])
        for index in 0..<4 { bytes[29 + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
        return bytes
    }

    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func aPNGOfTooManyPixelsIsRefusedFromItsHeader() throws {
        let folder = try Folder()
        let url = try folder.file("huge.png", try png(claiming: 8000, 8000))
        #expect(loadError(folder) == AssetCatalogError(file: url.path, message: "is 8000×8000 pixels; an image may have at most 4194304 (2048×2048): scale it down to the panel's size"))
        // The same in an Xcode image set.
        try FileManager.default.removeItem(at: url)
        let inSet = try folder.file("A.xcassets/Logo.imageset/logo.png", try png(claiming: 3000, 2000))
        try folder.file("A.xcassets/Logo.imageset/Contents.json", Array(#"{"images": [{"filename": "logo.png", "scale": "1x"}]}"#.utf8))
        #expect(loadError(folder) == AssetCatalogError(file: inSet.path, message: "is 3000×2000 pixels; an image may have at most 4194304 (2048×2048): scale it down to the panel's size"))
    }

    @Test func thePixelLimitIsCheckedBeforeDecoding() throws {
        // Within the limit the header passes and the decoder finds the missing pixels.
        #expect(throws: PNGError.self) { try PNG.decode(try png(claiming: 2048, 2048), maximumPixels: 2048 * 2048) }
        let error = #expect(throws: PNGError.self) { try PNG.decode(try png(claiming: 2049, 2048), maximumPixels: 2048 * 2048) }
        #expect(error?.message == "image of 2049×2048 pixels is over the limit of 4194304")
        #expect(PNG.dimensions(of: try png(claiming: 8000, 6000)).map { [$0.width, $0.height] } == [8000, 6000])
        #expect(PNG.dimensions(of: Array("not a png at all, not at all".utf8)) == nil)
    }

    @Test func aPortableGraymapOfTooManyPixelsIsRefusedFromItsHeader() throws {
        let folder = try Folder()
        let url = try folder.file("huge.pgm", Array("P5\n8000 8000\n255\n".utf8) + [0, 0, 0])
        #expect(loadError(folder) == AssetCatalogError(file: url.path, message: "is 8000×8000 pixels; an image may have at most 4194304 (2048×2048): scale it down to the panel's size"))
    }

    @Test func anAssetFileOverTheByteLimitIsRefusedUnread() throws {
        let folder = try Folder()
        let bytes = try PNG.encode(Bitmap(width: 1, height: 1)) + [UInt8](repeating: 0, count: 8 << 20)
        let url = try folder.file("big.png", bytes)
        #expect(loadError(folder) == AssetCatalogError(file: url.path, message: "is not read: it holds \(bytes.count) bytes; at most 8388608 are read"))
        try FileManager.default.removeItem(at: url)
        let colors = try folder.file("Colors.txt", [UInt8](repeating: UInt8(ascii: "\n"), count: (1 << 20) + 1))
        #expect(loadError(folder) == AssetCatalogError(file: colors.path, message: "is not read: it holds 1048577 bytes; at most 1048576 are read"))
    }

    @Test func aFIFOInTheAssetFolderIsRefusedWithoutWaiting() throws {
        let folder = try Folder()
        let url = folder.url.appendingPathComponent("pipe.png")
        #expect(mkfifo(url.path, 0o600) == 0)
        #expect(loadError(folder) == AssetCatalogError(file: url.path, message: "is not read: it is a FIFO; only regular files are read"))
    }

    @Test func aLinkedAssetIsStillRead() throws {
        let folder = try Folder()
        let target = try folder.file("real/dot.pgm", Bitmap(width: 1, height: 1).pgm())
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("dot.pgm"), withDestinationURL: target)
        #expect(try FileAssetCatalog.load(from: folder.url).images["dot"]?.size == Size(width: 1, height: 1))
    }
}
