import GlancePanels
import GlanceTesting
import Testing

@Suite struct FramebufferTests {
    static let layouts: [FramebufferScreenInfo] = [
        FramebufferScreenInfo(width: 61, height: 40, layout: .mono(whiteIsOne: true, msbFirst: true)),
        FramebufferScreenInfo(width: 64, height: 33, layout: .mono(whiteIsOne: false, msbFirst: false), lineLength: 12),
        FramebufferScreenInfo(width: 50, height: 30, layout: .rgb565, lineLength: 128),
        FramebufferScreenInfo(width: 40, height: 24, layout: .xrgb8888),
    ]

    /// What the screen should show: mono as the pipeline converts it, RGB565 at 6-bit green precision.
    static func expected(_ frame: Bitmap, _ info: FramebufferScreenInfo) -> Bitmap {
        guard case .rgb565 = info.layout else { return frame }
        var out = frame
        for index in out.pixels.indices {
            let green = out.pixels[index] >> 2
            out.pixels[index] = green << 2 | green >> 4
        }
        return out
    }

    @Test(arguments: layouts, [PanelRotation.none, .quarter, .half])
    func screenEqualsTheSource(info: FramebufferScreenInfo, rotation: PanelRotation) async {
        let device = MemoryFramebuffer(info: info)
        let pipeline = PanelPipeline(controller: FramebufferController(device: device, info: info), clock: ManualClock(),
                                     settings: .init(rotation: rotation))
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: UInt64(info.width + rotation.rawValue))
        var picture = generator.randomPicture()
        for _ in 0..<30 {
            for _ in 0..<Int.random(in: 1...4, using: &generator.random) {
                picture = generator.next(after: picture)
                #expect(!(await pipeline.show(picture)).isFailed)
            }
            #expect(await device.screen == Self.expected(pipeline.expectedGlass(for: picture), info))
        }
    }

    @Test func changedRowsAreOneWriteAndPaddingIsUntouched() async throws {
        let info = FramebufferScreenInfo(width: 50, height: 30, layout: .rgb565, lineLength: 128)
        let device = MemoryFramebuffer(info: info, fill: 0xA5)
        let pipeline = PanelPipeline(controller: FramebufferController(device: device, info: info), clock: ManualClock())
        var picture = Bitmap(width: 50, height: 30)
        _ = await pipeline.show(picture)
        let before = await device.bytesWritten
        picture.fill(Rect(x: 10, y: 12, width: 3, height: 4), value: 255)
        _ = await pipeline.show(picture)
        #expect(await device.bytesWritten - before == 4 * 128)
        // The first write covered whole lines, padding included (written as zeros, never left as garbage).
        #expect(await device.memory[0 * 128 + 120] == 0)
        #expect(await device.writes == 2)
        await pipeline.setBrightness(.off)
        #expect(await device.blanked)
        #expect(await device.screen.pixels.allSatisfy { $0 == 0 })
        await pipeline.setBrightness(.dim)
        #expect(await device.screen == picture)
    }
}
