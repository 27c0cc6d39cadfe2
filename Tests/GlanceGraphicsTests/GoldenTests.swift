import Foundation
import GlanceGraphics
import GlanceTesting
import Testing

/// Golden files: a mismatch writes the actual and diff images beside the expected one.
@Suite struct GoldenTests {
    /// The actual and diff images replace whatever is at their paths as a whole, as every PNG
    /// Glance writes does: a symbolic link left there keeps its target's contents, and a reader
    /// never meets a half-written image. (Written in place, the images went through the link.)
    @Test func aMismatchReplacesItsImagesWithoutWritingThroughALink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glance-golden-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let expectedURL = folder.appendingPathComponent("face.png")
        try Data(try Bitmap(width: 2, height: 2).png()).write(to: expectedURL)
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        for name in ["face.actual.png", "face.diff.png"] {
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: victim)
        }
        var actual = Bitmap(width: 2, height: 2)
        actual[0, 0] = 255
        let message = try #require(Golden.mismatch(actual, path: expectedURL.path))
        #expect(message.contains("see face.actual.png and face.diff.png"), "\(message)")
        #expect(try Data(contentsOf: victim) == Data("keep".utf8), "the link's target is untouched")
        let written = try Data(contentsOf: folder.appendingPathComponent("face.actual.png"))
        #expect(try PNG.decode(Array(written)) == actual)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("face.diff.png").path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }
}
