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

    /// What the screen should show: mono as the pipeline converts it; colour screens the frame's
    /// colours (its gray as equal channels when it has none), RGB565 at 5/6/5-bit precision,
    /// read back with the green channel as the gray.
    static func expected(_ frame: Bitmap, _ info: FramebufferScreenInfo) -> Bitmap {
        if case .mono = info.layout { return frame }
        func widened(_ value: UInt8, bits: Int) -> UInt8 {
            let kept = value >> (8 - bits)
            return kept << (8 - bits) | kept >> (2 * bits - 8)
        }
        var out = frame
        out.colors = (frame.colors ?? frame.pixels.map { RGB(gray: $0) }).map { color in
            guard info.layout == .rgb565 else { return color }
            return RGB(red: widened(color.red, bits: 5), green: widened(color.green, bits: 6), blue: widened(color.blue, bits: 5))
        }
        out.pixels = out.colors!.map(\.green)
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

    /// `fullColor` rendering: colours drawn on a colour surface reach the screen as drawn
    /// (within RGB565's precision), turned and shifted with the gray.
    @Test(arguments: layouts.filter { $0.layout == .rgb565 || $0.layout == .xrgb8888 }, [PanelRotation.none, .quarter, .half])
    func colourPicturesReachTheScreenInTheirColours(info: FramebufferScreenInfo, rotation: PanelRotation) async {
        let device = MemoryFramebuffer(info: info)
        let pipeline = PanelPipeline(controller: FramebufferController(device: device, info: info), clock: ManualClock(),
                                     settings: .init(rotation: rotation))
        #expect(pipeline.panel.format == .rgb888)
        var random = SplitMix64(seed: UInt64(info.width) + UInt64(rotation.rawValue))
        let size = pipeline.pictureSize
        var picture = Bitmap(size: size, color: true)
        for step in 0..<12 {
            let color = RGB(hex: UInt32(truncatingIfNeeded: random.next()) & 0xFFFFFF)
            let rect = Rect(x: Int(random.next() % UInt64(size.width)), y: Int(random.next() % UInt64(size.height)), width: 9, height: 7)
            picture.painting(color) { $0.fill(rect, value: 128) }
            let shift = step.isMultiple(of: 3) ? Point(x: 1, y: -1) : .zero
            #expect(!(await pipeline.show(picture, shift: shift)).isFailed)
            let screen = await device.screen
            #expect(screen == Self.expected(pipeline.expectedGlass(for: picture, shift: shift), info))
        }
        #expect(Set(await device.screen.colors ?? []).count > 2, "several colours on the screen, not only black and one gray")
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
        #expect(await device.screen.pixels == picture.pixels)
        #expect(await device.screen.colors == picture.pixels.map { RGB(red: $0, green: $0, blue: $0) }, "a gray picture in equal channels")
    }
}
