// SPDX-License-Identifier: GPL-3.0-or-later

import CardStackTestSupport
import XCTest
@testable import CardStackCore

final class PileTests: XCTestCase {
    private let start: Microseconds = 2_000_000

    // MARK: Prefix sums

    func testPrefixSumsAgreeWithANaiveSumThroughUpdates() {
        var random = SeededGenerator(seed: 12)
        var values = (0..<300).map { _ in Double(Int.random(in: 0...200, using: &random)) }
        var sums = PrefixSums(values)
        for _ in 0..<500 {
            let index = Int.random(in: 0..<values.count, using: &random)
            let value = Double(Int.random(in: 0...200, using: &random))
            values[index] = value
            sums.set(value, at: index)
            let probe = Int.random(in: 0...values.count, using: &random)
            XCTAssertEqual(sums.sum(before: probe), values.prefix(probe).reduce(0, +))
            let offset = Double(Int.random(in: 0...Int(values.reduce(0, +)), using: &random))
            let expected = values.indices.first { values.prefix($0 + 1).reduce(0, +) > offset } ?? values.count
            XCTAssertEqual(sums.index(containing: offset), expected, "offset \(offset)")
        }
        XCTAssertEqual(sums.index(containing: -5), 0)
    }

    // MARK: Layout

    func testCollapsedPileStacksThreeLevelsLowerAndNarrower() {
        let layout = PileLayout(estimatedHeights: [120, 200, 80, 150, 90])
        XCTAssertEqual(layout.stackedHeight, 120 + 12, "the top card and two 6 pt peeks")
        let frames = (0..<5).map { layout.stackedFrame(of: $0, width: 360) }
        XCTAssertEqual(frames.map(\.top), [0, 6, 12, 12, 12])
        XCTAssertEqual(frames.map(\.inset), [0, 4, 8, 8, 8])
        XCTAssertEqual(frames.map(\.height), Array(repeating: 120, count: 5), "every level takes the top card's height")
        XCTAssertEqual(frames.map(\.opacity), [1, 1, 1, 0, 0], "at most three levels drawn")
        XCTAssertEqual(frames[1].rect.width, 352)
        XCTAssertEqual(PileLayout(estimatedHeights: [100]).stackedHeight, 100)
        XCTAssertEqual(PileLayout(estimatedHeights: []).stackedHeight, 0)
    }

    func testExpandedPileListsEveryCardAtItsOwnHeight() {
        let layout = PileLayout(estimatedHeights: [120, 200, 80])
        XCTAssertEqual((0..<3).map { layout.expandedFrame(of: $0, width: 300).top }, [0, 132, 344])
        XCTAssertEqual(layout.expandedHeight, 400 + 24)
        let halfway = layout.frame(of: 2, progress: 0.5, width: 300)
        XCTAssertEqual(halfway.top, (12 + 344) / 2)
        XCTAssertEqual(halfway.inset, 4)
        XCTAssertEqual(halfway.height, 100)
        XCTAssertEqual(layout.height(atProgress: 0.5), (132 + 424) / 2)
    }

    func testVisibleBandAndReplacingEstimates() {
        var layout = PileLayout(estimatedHeights: Array(repeating: 100, count: 100_000))
        // Card i spans [112 i, 112 i + 100].
        XCTAssertEqual(layout.expandedCards(between: 112 * 50_000 + 105, and: 112 * 50_000 + 600), 50_001..<50_006)
        XCTAssertEqual(layout.expandedCards(between: 0, and: 50), 0..<1)
        XCTAssertEqual(layout.expandedCards(between: 1e12, and: 2e12), 100_000..<100_000)
        XCTAssertEqual(layout.measure(10, height: 160), 60)
        XCTAssertTrue(layout.isMeasured(10))
        XCTAssertFalse(layout.isMeasured(11))
        XCTAssertEqual(layout.expandedTop(of: 11), 112 * 11 + 60, "cards below move down by what the card grew")
        XCTAssertEqual(layout.expandedHeight, 100 * 100_000 + 60 + 12 * 99_999)
    }

    // MARK: Cascade

    func testExpandingStaggersTheCardsOnScreenOnly() {
        var expansion = PileExpansion()
        expansion.setExpanded(true, at: start, onScreen: [0, 1, 2, 3])
        XCTAssertGreaterThan(expansion.progress(ofCard: 0, at: start + 50_000), 0)
        XCTAssertEqual(expansion.progress(ofCard: 2, at: start + 99_000), 0, "the third card waits 0.1 s")
        XCTAssertGreaterThan(expansion.progress(ofCard: 2, at: start + 120_000), 0)
        XCTAssertEqual(expansion.progress(ofCard: 9_000, at: start), 1, "off screen: there at once")
        XCTAssertTrue(expansion.isAnimating(at: start + 300_000))
        var time = start
        while expansion.isAnimating(at: time), time < start + 5_000_000 { time += 16_667 }
        XCTAssertLessThan(time - start, 2_000_000, "settles within 2 s")
        expansion.advance(to: time)
        XCTAssertEqual(expansion.progress(ofCard: 3, at: time), 1)
        XCTAssertEqual(expansion.pileProgress(at: time), 1)
    }

    func testTheCascadeSpringOvershootsAndReducedMotionDoesNot() {
        var expansion = PileExpansion()
        expansion.setExpanded(true, at: start, onScreen: [0])
        let peak = stride(from: start, to: start + 2_000_000, by: 8_000).map { expansion.progress(ofCard: 0, at: $0) }.max() ?? 0
        XCTAssertGreaterThan(peak, 1.0, "ζ 0.8 overshoots a little")
        var reduced = PileExpansion()
        reduced.animationsEnabled = false
        reduced.setExpanded(true, at: start, onScreen: [0, 1, 2])
        XCTAssertGreaterThan(reduced.progress(ofCard: 2, at: start + 20_000), 0, "no stagger")
        let reducedPeak = stride(from: start, to: start + 2_000_000, by: 8_000).map { reduced.progress(ofCard: 2, at: $0) }.max() ?? 0
        XCTAssertLessThanOrEqual(reducedPeak, 1.0 + 1e-9, "no overshoot")
    }

    func testTogglingMidWayContinuesEveryCardWithoutAJump() {
        var expansion = PileExpansion()
        expansion.setExpanded(true, at: start, onScreen: [0, 1, 2])
        let toggle = start + 120_000
        let before = (0..<3).map { expansion.progress(ofCard: $0, at: toggle) }
        let velocities = (0..<3).map { expansion.velocity(ofCard: $0, at: toggle) }
        expansion.setExpanded(false, at: toggle, onScreen: [0, 1, 2])
        for card in 0..<3 {
            XCTAssertEqual(expansion.progress(ofCard: card, at: toggle), before[card], accuracy: 1e-9, "card \(card) doesn't jump")
            XCTAssertEqual(expansion.velocity(ofCard: card, at: toggle), velocities[card], accuracy: 1e-6, "nor change speed")
        }
        // The second card, still waiting for its new spring, keeps opening until it takes over.
        XCTAssertGreaterThan(expansion.progress(ofCard: 1, at: toggle + 40_000), before[1])
        var time = toggle
        while expansion.isAnimating(at: time), time < toggle + 5_000_000 { time += 16_667 }
        XCTAssertEqual(expansion.progress(ofCard: 2, at: time), 0)
    }

    // MARK: Swipe back

    func testASwipePastHalfOrAFastFlingLeavesAndASlowShortOneSpringsBack() {
        XCTAssertTrue(PileSwipe.leaves(translation: 181, velocity: 0, width: 360))
        XCTAssertFalse(PileSwipe.leaves(translation: 170, velocity: 100, width: 360))
        XCTAssertTrue(PileSwipe.leaves(translation: 40, velocity: 600, width: 360))
        XCTAssertFalse(PileSwipe.leaves(translation: 40, velocity: -600, width: 360), "flung back the other way")

        var fling = PileSwipe(cardIndex: 3, width: 360, at: start)
        for step in 1...4 { fling.update(-15 * Double(step), at: start + Microseconds(step) * 8_000) }
        XCTAssertTrue(fling.end(-60, at: start + 32_000))
        XCTAssertLessThan(fling.offset(at: start + 400_000), -300)
        XCTAssertLessThan(fling.opacity(at: start + 400_000), 0.2)

        var slow = PileSwipe(cardIndex: 0, width: 360, at: start)
        slow.update(80, at: start + 300_000)
        XCTAssertEqual(slow.opacity(at: start + 300_000), 1 - 80.0 / 360, accuracy: 1e-9)
        XCTAssertFalse(slow.end(80, at: start + 600_000))
        var time = start + 600_000
        while !slow.isSettled(at: time) { time += 16_667 }
        XCTAssertEqual(slow.offset(at: time), 0)
    }

    func testTheLargerAxisWinsByOnePointTwo() {
        XCTAssertEqual(PileSwipe.isSideways(Point(x: 30, y: 10)), true)
        XCTAssertEqual(PileSwipe.isSideways(Point(x: 10, y: 30)), false)
        XCTAssertNil(PileSwipe.isSideways(Point(x: 11, y: 10)))
        XCTAssertNil(PileSwipe.isSideways(.zero))
    }
}

extension PileTests {
    func testReplacingEstimatesReportsOnlyTheGrowthAboveTheAnchor() {
        var layout = PileLayout(estimatedHeights: Array(repeating: 100, count: 10))
        // The view's top is inside card 3 (which spans 336…436).
        let anchor = 350.0
        let grown = layout.replaceEstimates([(2, 130), (3, 90), (4, 200)], anchor: anchor)
        XCTAssertEqual(grown, 30, "card 2 is wholly above the anchor; card 3 reaches it and keeps its top; card 4 is below")
        XCTAssertEqual(layout.replaceEstimates([(2, 500)], anchor: anchor), 0, "a measured card is not measured again")
        XCTAssertEqual(layout.expandedTop(of: 4), 4 * 112 + 20)
    }
}

extension PileTests {
    func testACardSpringingBackIsCaughtWhereItIs() {
        var first = PileSwipe(cardIndex: 0, width: 360, at: start)
        first.update(120, at: start + 200_000)
        XCTAssertFalse(first.end(120, at: start + 400_000))
        let caught = start + 450_000
        let offset = first.offset(at: caught)
        XCTAssertGreaterThan(offset, 0)
        var second = PileSwipe(cardIndex: 0, width: 360, at: caught, startOffset: offset)
        XCTAssertEqual(second.offset(at: caught), offset, "no jump")
        second.update(10, at: caught + 16_000)
        XCTAssertEqual(second.offset(at: caught + 16_000), offset + 10, accuracy: 1e-9)
    }
}
