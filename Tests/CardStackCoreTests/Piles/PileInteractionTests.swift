// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// The Piles page's state machine, driven with explicit times as its widget drives it.
final class PileInteractionTests: XCTestCase {
    private let start = FrameSchedule.origin
    private let width = 400.0
    private let screen = 0.0...800.0

    /// A pile of deck cards `cards` (newest first), each 100 pt tall, `width` wide.
    private func pile(_ cards: [Int], expanded: Bool) -> PileInteraction {
        var pile = PileInteraction()
        pile.width = width
        pile.setCards(cards, layout: PileLayout(heights: cards.map { _ in 100 }, measured: cards.map { _ in true }), at: start)
        if expanded {
            XCTAssertTrue(pile.setExpanded(true, at: start, band: screen))
            pile.advance(to: start + 5_000_000)
        }
        return pile
    }

    /// Runs every frame at 60 Hz from `from` until nothing moves, checking `each` frame; returns the last time.
    @discardableResult
    private func settle(_ pile: inout PileInteraction, from: Microseconds, each: (PileInteraction, Microseconds) -> Void = { _, _ in }) -> Microseconds {
        var time = from
        for frame in FrameSchedule.frames(from: from, to: from + 5_000_000, hertz: 60) {
            time = frame
            each(pile, frame)
            pile.advance(to: frame)
            if !pile.isAnimating(at: frame) { break }
        }
        XCTAssertFalse(pile.isAnimating(at: time), "settles within 5 s")
        return time
    }

    private func removing(_ card: Int, from pile: PileInteraction) -> (cards: [Int], layout: PileLayout) {
        let cards = pile.cards.filter { $0 != card }
        return (cards, PileLayout(heights: cards.map { _ in 100 }, measured: cards.map { _ in true }))
    }

    func testAnEmptyPileCannotExpandAndKeepsRoomForItsLine() {
        var pile = pile([], expanded: false)
        XCTAssertFalse(pile.setExpanded(true, at: start, band: screen))
        XCTAssertFalse(pile.isExpanded)
        XCTAssertEqual(pile.height(at: start), PileInteraction.emptyHeight)
        XCTAssertNil(pile.item(under: Point(x: 10, y: 10), at: start))
    }

    func testExpandingGrowsThePileToEveryCardAndCollapsingBackToTheStack() {
        var pile = pile([7, 5, 3], expanded: false)
        let stacked = pile.height(at: start)
        XCTAssertEqual(stacked, pile.layout.stackedHeight, accuracy: 0.001)
        XCTAssertTrue(pile.setExpanded(true, at: start, band: screen))
        XCTAssertTrue(pile.isAnimating(at: start + 16_000))
        let end = settle(&pile, from: start)
        XCTAssertEqual(pile.height(at: end), pile.layout.expandedHeight, accuracy: 0.5)
        XCTAssertEqual(pile.frame(of: 2, at: end).top, pile.layout.expandedTop(of: 2), accuracy: 0.5)
        XCTAssertTrue(pile.setExpanded(false, at: end, band: screen))
        let collapsed = settle(&pile, from: end)
        XCTAssertEqual(pile.height(at: collapsed), stacked, accuracy: 0.5)
    }

    func testAClickOnACollapsedPileHitsItsTopCardAndOnAnOpenOneTheCardUnderIt() {
        var pile = pile([7, 5, 3], expanded: false)
        XCTAssertEqual(pile.item(under: Point(x: 50, y: 20), at: start), 0)
        XCTAssertNil(pile.item(under: Point(x: 50, y: pile.layout.stackedHeight + 40), at: start))
        pile = self.pile([7, 5, 3], expanded: true)
        let time = start + 5_000_000
        let third = pile.frame(of: 2, at: time).rect
        XCTAssertEqual(pile.item(under: Point(x: third.origin.x + 10, y: third.origin.y + 10), at: time), 2)
    }

    func testASwipePastHalfReturnsTheHeldCardAndItFliesOutWhileTheGapCloses() {
        var pile = pile([7, 5, 3], expanded: true)
        var time = start + 5_000_000
        let third = pile.frame(of: 2, at: time)
        XCTAssertTrue(pile.beginDrag(1, at: time))
        XCTAssertTrue(pile.isHolding)
        XCTAssertFalse(pile.beginDrag(0, at: time), "one card held at a time")
        for step in 1...8 {
            time += 16_667
            pile.updateDrag(-30 * Double(step), at: time)
        }
        XCTAssertEqual(pile.sideways(of: 1, at: time).offset, -240, accuracy: 0.001)
        XCTAssertEqual(pile.sideways(of: 0, at: time).offset, 0, "only the held card moves")
        XCTAssertLessThan(pile.sideways(of: 1, at: time).opacity, 0.5)
        let heldFrame = pile.frame(of: 1, at: time)
        guard case .returnsCard(5, item: 1, let flight) = pile.endDrag(-240, at: time) else {
            return XCTFail("a swipe past half a card returns it")
        }
        XCTAssertNil(pile.held)
        let after = removing(5, from: pile)
        pile.setCards(after.cards, layout: after.layout, at: time)
        pile.cardLeft(5, from: heldFrame, item: 1, flying: flight, at: time)
        XCTAssertEqual(pile.leaving.count, 1)
        // The card below took the gap's place in the list but is drawn where it was, then rises.
        XCTAssertEqual(pile.frame(of: 1, at: time).top, third.top, accuracy: 0.5)
        var tops: [Double] = []
        let end = settle(&pile, from: time) { pile, frame in tops.append(pile.frame(of: 1, at: frame).top) }
        XCTAssertEqual(tops, tops.sorted(by: >), "the gap closes without going back")
        XCTAssertEqual(pile.frame(of: 1, at: end).top, pile.layout.expandedTop(of: 1), accuracy: 0.5)
        XCTAssertTrue(pile.leaving.isEmpty, "the flown card is forgotten once it settles")
    }

    func testAShortSlowSwipeSpringsBackAndCanBeCaughtOnTheWay() {
        var pile = pile([7, 5], expanded: true)
        var time = start + 5_000_000
        XCTAssertTrue(pile.beginDrag(0, at: time))
        time += 200_000
        pile.updateDrag(60, at: time)
        time += 200_000
        guard case .springsBack = pile.endDrag(60, at: time) else { return XCTFail("a short slow swipe springs back") }
        XCTAssertNotNil(pile.held, "drawn from the held swipe while it springs back")
        XCTAssertTrue(pile.isAnimating(at: time + 16_000))
        time += 50_000
        let caught = pile.sideways(of: 0, at: time).offset
        XCTAssertGreaterThan(caught, 0)
        XCTAssertFalse(pile.beginDrag(1, at: time), "another card waits until this one is back")
        XCTAssertTrue(pile.beginDrag(0, at: time))
        XCTAssertEqual(pile.sideways(of: 0, at: time).offset, caught, accuracy: 0.001, "caught where it is")
        _ = pile.endDrag(0, at: time + 400_000)
        let end = settle(&pile, from: time + 400_000)
        XCTAssertNil(pile.held, "forgotten once back in place")
        XCTAssertEqual(pile.sideways(of: 0, at: end).offset, 0)
    }

    func testSwipingACollapsedPileMovesTheWholeStackAndReturnsEveryCard() {
        var pile = pile([7, 5, 3, 1], expanded: false)
        var time = start
        XCTAssertTrue(pile.beginDrag(0, at: time))
        time += 16_667
        pile.updateDrag(300, at: time)
        XCTAssertEqual(pile.sideways(of: 2, at: time).offset, 300, "every card of the stack moves with it")
        let stack = pile.stackFrames(at: time)
        XCTAssertEqual(stack.map(\.card), [7, 5, 3])
        guard case .returnsAll(let flight) = pile.endDrag(300, at: time) else { return XCTFail("the stack leaves") }
        pile.setCards([], layout: PileLayout(estimatedHeights: []), at: time)
        pile.pileLeft(stack, flying: flight)
        XCTAssertEqual(pile.leaving.map(\.card), [3, 5, 7], "the top card drawn last")
        XCTAssertGreaterThanOrEqual(pile.height(at: time), stack[0].frame.height, "room for the cards flying out")
        let end = settle(&pile, from: time)
        XCTAssertEqual(pile.height(at: end), PileInteraction.emptyHeight)
    }

    func testAnEmptiedExpandedPileCollapses() {
        var pile = pile([7], expanded: true)
        pile.setCards([], layout: PileLayout(estimatedHeights: []), at: start + 5_000_000)
        XCTAssertFalse(pile.isExpanded)
    }

    func testReducedMotionCascadesWithoutOvershoot() {
        var pile = pile([7, 5, 3], expanded: false)
        pile.animationsEnabled = false
        XCTAssertTrue(pile.setExpanded(true, at: start, band: screen))
        var most = 0.0
        settle(&pile, from: start) { pile, time in most = max(most, pile.expansion.progress(ofCard: 2, at: time)) }
        XCTAssertLessThanOrEqual(most, 1.0001)
    }

    /// A swipe the system takes away (a touch cancelled) springs back from where the card is and returns nothing;
    /// letting go of it where it began, as the page did before there was a cancel, made the card jump back.
    func testACancelledSwipeSpringsBackFromWhereItIsAndReturnsNothing() {
        func swiped() -> PileInteraction {
            var swiped = self.pile([7, 5, 3], expanded: true)
            XCTAssertTrue(swiped.beginDrag(0, at: start))
            swiped.updateDrag(60, at: start + 100_000)
            swiped.updateDrag(120, at: start + 200_000)
            return swiped
        }
        let cancelledAt = start + 200_000
        var released = swiped()
        guard case .springsBack = released.endDrag(0, at: cancelledAt) else { return XCTFail("a release at the start returns nothing") }
        XCTAssertLessThan(abs(released.sideways(of: 0, at: cancelledAt + 16_667).offset), 20, "let go at the start, it jumped back")

        var cancelled = swiped()
        cancelled.cancelDrag(at: cancelledAt)
        XCTAssertFalse(cancelled.isHolding)
        XCTAssertGreaterThan(cancelled.sideways(of: 0, at: cancelledAt + 16_667).offset, 100, "it starts back from where it was")
        settle(&cancelled, from: cancelledAt)
        XCTAssertEqual(cancelled.cards, [7, 5, 3], "nothing returned")
        XCTAssertEqual(cancelled.sideways(of: 0, at: start + 3_000_000).offset, 0, accuracy: 0.5)
    }
}
