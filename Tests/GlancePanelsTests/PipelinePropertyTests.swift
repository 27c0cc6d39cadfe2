import GlancePanels
import GlanceTesting
import Testing

@Suite struct PipelinePropertyTests {
    /// Runs `sequences` random sequences of 1–6 pictures and checks the glass after each.
    static func run(_ harness: PanelHarness, rotation: PanelRotation, conversion: MonoConversion, seed: UInt64, sequences: Int) async {
        let clock = ManualClock()
        let pipeline = PanelPipeline(controller: harness.controller, clock: clock,
                                     settings: .init(rotation: rotation, monoConversion: conversion))
        var generator = FrameGenerator(size: pipeline.pictureSize, seed: seed)
        var picture = generator.randomPicture()
        var shift = Point.zero
        for sequence in 0..<sequences {
            for _ in 0..<Int.random(in: 1...6, using: &generator.random) {
                picture = generator.next(after: picture)
                let outcome = await pipeline.show(picture, shift: shift)
                #expect(!outcome.isFailed && !outcome.isDeferred)
            }
            if Int.random(in: 0..<8, using: &generator.random) == 0 {
                shift = Point(x: Int.random(in: -2...2, using: &generator.random), y: Int.random(in: -2...2, using: &generator.random))
                _ = await pipeline.show(picture, shift: shift)
            }
            let expected = pipeline.expectedGlass(for: picture, shift: shift)
            let shown = await harness.shown()
            #expect(shown == expected, "\(harness.name) rotated \(rotation.rawValue)° after sequence \(sequence)")
            if shown != expected { return }
        }
    }

    @Test(arguments: OLEDSetup.all, PanelRotation.allCases)
    func oledGlassEqualsTheConvertedSource(setup: OLEDSetup, rotation: PanelRotation) async {
        let seed = UInt64(setup.description.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }) &+ UInt64(rotation.rawValue)
        await Self.run(setup.make(), rotation: rotation, conversion: rotation.rawValue % 180 == 0 ? .orderedDither : .threshold,
                       seed: seed, sequences: 25)
    }

    @Test(arguments: [OLEDSetup.sh1106(offset: 0), .sh1107])
    func softwareHalfTurnMatchesHardwareHalfTurn(setup: OLEDSetup) async {
        let hardware = setup.make(), software = setup.make()
        let clock = ManualClock()
        let a = PanelPipeline(controller: hardware.controller, clock: clock, settings: .init(rotation: .half))
        let b = PanelPipeline(controller: software.controller, clock: clock, settings: .init(rotation: .half, useHardwareFlip: false))
        var generator = FrameGenerator(size: a.pictureSize, seed: 7)
        var picture = generator.randomPicture()
        for _ in 0..<20 {
            picture = generator.next(after: picture)
            _ = await a.show(picture)
            _ = await b.show(picture)
        }
        #expect(await hardware.shown() == software.shown())
        #expect(await hardware.shown() == a.expectedGlass(for: picture))
    }
}
