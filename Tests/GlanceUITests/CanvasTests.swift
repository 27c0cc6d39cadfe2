import Foundation
import Testing
@testable import GlanceUI

@Suite struct CanvasTests {
    @Test func fillsPathsInItsOwnCoordinates() {
        let canvas = Canvas { context, size in
            context.fill(Path(ellipseIn: CGRect(x: 1, y: 1, width: size.width - 2, height: size.height - 2)), with: .color(.white))
        }
        #expect(ascii(canvas.frame(width: 8, height: 6), width: 10, height: 6) == """
            ..........
            ...####...
            ..######..
            ..######..
            ...####...
            ..........
            """)
    }

    @Test func transformsMoveAndScalePathsAndLineWidths() {
        // Translate, then scale: a point p lands at 2p + 1, and the half-pixel line becomes one pixel.
        let canvas = Canvas { context, _ in
            context.translateBy(x: 1.5, y: 1.5)
            context.scaleBy(x: 2, y: 2)
            context.stroke(Path(CGRect(x: 0, y: 0, width: 3, height: 2)), with: .color(.white), lineWidth: 0.5)
        }
        #expect(ascii(canvas.frame(width: 10, height: 7), width: 10, height: 7) == """
            ..........
            .#######..
            .#.....#..
            .#.....#..
            .#.....#..
            .#######..
            ..........
            """)
    }

    @Test func clipsToAPathAndToItsBounds() {
        let canvas = Canvas { context, _ in
            context.clip(to: Path(CGRect(x: 2, y: 0, width: 4, height: 10)))
            context.fill(Path(CGRect(x: -5, y: 1, width: 30, height: 3)), with: .color(.white))
        }
        #expect(ascii(canvas.frame(width: 8, height: 5), width: 8, height: 5) == """
            ........
            ..####..
            ..####..
            ..####..
            ........
            """)
        let inverse = Canvas { context, _ in
            context.clip(to: Path(CGRect(x: 2, y: 0, width: 4, height: 10)), options: .inverse)
            context.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 1)), with: .foreground)
        }
        #expect(ascii(inverse.frame(width: 8, height: 1), width: 8, height: 1) == "##....##")
        // Nothing escapes the canvas's frame.
        let spill = Canvas { context, _ in context.fill(Path(CGRect(x: -3, y: -3, width: 20, height: 20)), with: .color(.white)) }
        #expect(ascii(spill.frame(width: 2, height: 2), width: 4, height: 4) == """
            ....
            .##.
            .##.
            ....
            """)
    }

    @Test func opacityAndShadingsSetTheTone() {
        let canvas = Canvas { context, _ in
            context.opacity = 0.5
            context.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.white))
            var copy = context
            copy.opacity = 1
            copy.fill(Path(CGRect(x: 1, y: 0, width: 1, height: 1)), with: .style(.secondary))
            context.fill(Path(CGRect(x: 2, y: 0, width: 1, height: 1)), with: .color(white: 1))
        }
        let bitmap = ViewRenderer.render(canvas.frame(width: 3, height: 1), size: Size(width: 3, height: 1),
                                         environment: testEnvironment(), at: referenceDate).bitmap
        // Copies keep their own opacity: the original still paints at half.
        #expect(bitmap[0, 0] == 128 && bitmap[1, 0] == 153 && bitmap[2, 0] == 128)
    }

    @Test func drawsTextAndImages() {
        var environment = testEnvironment()
        environment.assetCatalog = MemoryAssetCatalog(images: ["plus": Bitmap(ascii: """
            .#.
            ###
            .#.
            """)!])
        let canvas = Canvas { context, size in
            context.draw(Image("plus"), at: CGPoint(x: 1, y: 1), anchor: .topLeading)
            context.draw(Image("plus"), in: CGRect(x: 5, y: 0, width: 6, height: 6))
        }
        #expect(ascii(canvas.frame(width: 12, height: 6), width: 12, height: 6, environment: environment) == """
            .......##...
            ..#....##...
            .###.######.
            ..#..######.
            .......##...
            .......##...
            """)
        let text = Canvas { context, size in
            context.draw(Text("Hi").font(.system(size: 8)), at: CGPoint(x: size.width / 2, y: size.height / 2))
        }
        #expect(ascii(text.frame(width: 12, height: 10), width: 12, height: 10) == """
            ............
            ........#...
            ..#...#.....
            ..#...#.#...
            ..#####.#...
            ..#...#.#...
            ..#...#.#...
            ............
            ............
            ............
            """)
        EnvironmentValues.$current.withValue(testEnvironment()) {
            var context = GraphicsContext(target: .init(bitmap: Bitmap(size: Size(width: 20, height: 20))), origin: .zero,
                                          environment: testEnvironment())
            let resolved = context.resolve(Text("Hi").font(.system(size: 8)))
            #expect(resolved.measure(in: CGSize(width: 100, height: 100)) == CGSize(width: 8, height: 8))
            #expect(context.resolve(Image(systemName: "nonexistent.symbol")).size.width > 0)
            context.translateBy(x: 3, y: 4)
            #expect(context.clipBoundingRect == CGRect(x: -3, y: -4, width: 20, height: 20))
        }
    }

    @Test func liveTextOnACanvasSchedulesTheNextRedraw() {
        let end = referenceDate.addingTimeInterval(90)
        let canvas = Canvas { context, size in
            context.draw(Text(end, style: .timer), in: CGRect(origin: .zero, size: size))
        }
        let result = ViewRenderer.render(canvas, size: Size(width: 60, height: 20), environment: testEnvironment(), at: referenceDate)
        #expect(result.nextChange == referenceDate.addingTimeInterval(1))
    }

    @Test func affineTransformsCompose() {
        let t = CGAffineTransform.identity.translatedBy(x: 1, y: 2).scaledBy(x: 3, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 4, y: 5))
        let back = CGPoint(x: 4, y: 5).applying(t.inverted())
        #expect(abs(back.x - 1) < 1e-9 && abs(back.y - 1) < 1e-9)
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        let turned = CGPoint(x: 1, y: 0).applying(quarter)
        #expect(abs(turned.x) < 1e-9 && abs(turned.y - 1) < 1e-9)
        #expect(CGRect(x: 0, y: 0, width: 2, height: 1).applying(t) == CGRect(x: 1, y: 2, width: 6, height: 3))
    }
}

@Suite struct GeometryReaderTests {
    @Test func contentSeesTheReadersSizeAndFrame() {
        let view = GeometryReader { geo in
            Rectangle().frame(width: geo.size.width / 2, height: geo.size.height / 2)
        }
        #expect(ascii(view.frame(width: 8, height: 4), width: 8, height: 4) == """
            ####....
            ####....
            ........
            ........
            """)
        var seen = [CGRect]()
        let probe = HStack(spacing: 0) {
            Color.clear.frame(width: 3, height: 1)
            GeometryReader { geo in
                let _ = seen.append(geo.frame(in: .global))
                let _ = seen.append(geo.frame(in: .local))
                Color.clear
            }
            .frame(width: 5, height: 2)
        }
        _ = ascii(probe, width: 8, height: 2)
        #expect(seen == [CGRect(x: 3, y: 0, width: 5, height: 2), CGRect(x: 0, y: 0, width: 5, height: 2)])
    }

    @Test func takesWhatItIsOffered() {
        let frames = leafFrames(GeometryReader { _ in Color.white.frame(width: 2, height: 2) }, width: 20, height: 10)
        #expect(frames == [Rect(x: 0, y: 0, width: 2, height: 2)])
    }
}
