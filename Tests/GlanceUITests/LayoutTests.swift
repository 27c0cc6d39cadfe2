import Foundation
import Testing
@testable import GlanceUI

@Suite struct LayoutTests {
    @Test func hstackDistributesAroundSpacers() {
        let frames = leafFrames(HStack(spacing: 2) {
            Color.white.frame(width: 10, height: 4)
            Spacer()
            Color.white.frame(width: 6, height: 8)
        }, width: 40, height: 10)
        // The stack fills the width because of the spacer; no spacing next to the spacer.
        #expect(frames == [Rect(x: 0, y: 3, width: 10, height: 4), Rect(x: 10, y: 5, width: 24, height: 0), Rect(x: 34, y: 1, width: 6, height: 8)])
    }

    @Test func flexibleChildrenShareWhatRigidOnesLeave() {
        let frames = leafFrames(HStack(spacing: 0) {
            Color.white.frame(width: 10)
            Color.white
            Color.white
        }, width: 50, height: 4)
        #expect(frames.map(\.width) == [10, 20, 20])
        #expect(frames.map(\.minX) == [0, 10, 30])
    }

    @Test func layoutPriorityIsOfferedSpaceFirst() {
        let frames = leafFrames(HStack(spacing: 0) {
            Color.white.frame(minWidth: 5, maxWidth: 30)
            Color.white.frame(minWidth: 5, maxWidth: 30).layoutPriority(1)
        }, width: 40, height: 2)
        // The priority child gets its maximum; the other keeps the rest.
        #expect(frames.map(\.width) == [10, 30])
    }

    @Test func vstackAlignsByGuide() {
        let frames = leafFrames(VStack(alignment: .leading, spacing: 1) {
            Color.white.frame(width: 8, height: 2)
            Color.white.frame(width: 4, height: 2)
        }, width: 20, height: 20)
        // 5 pixels centred in 20 leave 7.5 above: rounding puts the extra pixel above.
        #expect(frames == [Rect(x: 6, y: 8, width: 8, height: 2), Rect(x: 6, y: 11, width: 4, height: 2)])
        let trailing = leafFrames(VStack(alignment: .trailing, spacing: 0) {
            Color.white.frame(width: 8, height: 2)
            Color.white.frame(width: 4, height: 2)
        }, width: 8, height: 4)
        #expect(trailing.map(\.minX) == [0, 4])
    }

    @Test func customAlignmentGuideShiftsAChild() {
        let frames = leafFrames(VStack(alignment: .leading, spacing: 0) {
            Color.white.frame(width: 8, height: 2)
            Color.white.frame(width: 4, height: 2).alignmentGuide(.leading) { d in d[.leading] - 3 }
        }, width: 8, height: 4)
        #expect(frames.map(\.minX) == [0, 3])
    }

    @Test func framesAndPadding() {
        let fixed = leafFrames(Color.white.frame(width: 10, height: 6).padding(2).frame(width: 30, height: 20, alignment: .topLeading),
                               width: 64, height: 32)
        #expect(fixed == [Rect(x: 19, y: 8, width: 10, height: 6)])
        let edges = leafFrames(Color.white.frame(width: 4, height: 4).padding(.leading, 5).padding(.top, 1), width: 9, height: 5)
        #expect(edges == [Rect(x: 5, y: 1, width: 4, height: 4)])
        let flexible = leafFrames(Color.white.frame(maxWidth: .infinity, maxHeight: 10), width: 50, height: 30)
        #expect(flexible == [Rect(x: 0, y: 10, width: 50, height: 10)])
        let minimum = leafFrames(Color.white.frame(width: 6, height: 6).frame(minWidth: 20, alignment: .leading), width: 40, height: 6)
        #expect(minimum == [Rect(x: 10, y: 0, width: 6, height: 6)])
    }

    @Test func fixedSizeAndOffset() {
        let text = Text("Hello world").font(.caption)
        let wrapped = leafFrames(text, width: 30, height: 40)
        let single = leafFrames(text.fixedSize(), width: 30, height: 40)
        #expect(wrapped[0].height > single[0].height)
        #expect(single[0].width > 30)
        let moved = leafFrames(Color.white.frame(width: 2, height: 2).offset(x: 3, y: -1), width: 10, height: 10)
        #expect(moved == [Rect(x: 7, y: 3, width: 2, height: 2)])
    }

    @Test func viewThatFitsPicksTheFirstThatFits() {
        let view = ViewThatFits {
            Color.white.frame(width: 50, height: 5)
            Color.white.frame(width: 30, height: 5)
            Color.white.frame(width: 20, height: 5)
        }
        #expect(leafFrames(view, width: 40, height: 10).map(\.width) == [30])
        #expect(leafFrames(view, width: 60, height: 10).map(\.width) == [50])
        // Nothing fits: the last child.
        #expect(leafFrames(view, width: 10, height: 10).map(\.width) == [20])
        // Only the horizontal axis is constrained.
        let horizontal = ViewThatFits(in: .horizontal) {
            Color.white.frame(width: 30, height: 50)
            Color.white.frame(width: 10, height: 5)
        }
        #expect(leafFrames(horizontal, width: 40, height: 10).map(\.width) == [30])
    }

    @Test func overlayAndBackgroundTakeThePrimarySize() {
        let frames = leafFrames(Color.white.frame(width: 20, height: 10)
            .overlay(alignment: .bottomTrailing) { Color.black.frame(width: 4, height: 4) }
            .background { Color.gray }, width: 20, height: 10)
        #expect(frames == [Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 16, y: 6, width: 4, height: 4)])
    }

    @Test func aspectRatioFitsInsideTheProposal() {
        let frames = leafFrames(Color.white.aspectRatio(2, contentMode: .fit), width: 40, height: 10)
        #expect(frames == [Rect(x: 10, y: 0, width: 20, height: 10)])
        let fill = leafFrames(Color.white.aspectRatio(1, contentMode: .fill), width: 40, height: 10)
        #expect(fill.map(\.size) == [Size(width: 40, height: 40)])
    }

    @Test func baselineAlignmentAcrossFonts() {
        let frames = leafFrames(HStack(alignment: .firstTextBaseline, spacing: 2) {
            Text("72").font(.title)
            Text("°F").font(.caption)
        }, width: 100, height: 40)
        let big = FontCatalog.standard.font(size: 22)!, small = FontCatalog.standard.font(size: 12)!
        #expect(frames[0].minY + big.ascent == frames[1].minY + small.ascent)
    }
}
