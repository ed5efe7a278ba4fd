// SPDX-License-Identifier: GPL-3.0-or-later

import CardStackTestSupport
import XCTest
@testable import CardStackCore

final class DeckInteractionTests: XCTestCase {
    private let viewSize = Size(width: 800, height: 600)
    /// Pointer events come about every 8 ms, as from a 125 Hz mouse.
    private let eventInterval: Microseconds = 8_000
    /// Frames every 16 ms, as on a 60 Hz display.
    private let frameInterval: Microseconds = 16_000
    private let start: Microseconds = 1_000_000

    // MARK: Gestures

    func testSlowDragPastTheThresholdDecides() {
        var deck = makeInteraction(cards: 10)
        let threshold = deck.recognizer.threshold(for: .right)
        let (end, translation) = drag(&deck, along: line(to: Point(x: threshold + 30, y: 10), speed: 150))
        XCTAssertEqual(deck.ownedEndDrag(translation, at: end), Decision(cardIndex: 0, direction: .right))
        XCTAssertEqual(deck.frontCardIndex, 1)
        XCTAssertEqual(deck.progress.decidedCount, 1)
        XCTAssertFalse(deck.isDragging)
        XCTAssertEqual(deck.inFlightCount, 1)
        XCTAssertTrue(deck.isAnimating)
    }

    func testShortFastFlickDecidesByVelocity() {
        var deck = makeInteraction(cards: 10)
        let (end, translation) = drag(&deck, along: line(to: Point(x: -40, y: 3), speed: 1_600))
        XCTAssertLessThan(abs(translation.x), deck.recognizer.threshold(for: .left))
        XCTAssertEqual(deck.ownedEndDrag(translation, at: end), Decision(cardIndex: 0, direction: .left))
        // The card leaves the way it was thrown, so it is already to the left of where it was let go.
        let after = end + frameInterval
        let flying = placement(of: 0, in: deck.frame(at: after))
        XCTAssertLessThan(flying?.center.x ?? .infinity, deck.layout.frontCenter.x + translation.x)
    }

    func testAShortFlickWhoseLiftComesLateStillDecides() {
        // As the Wayland leg's touchscreen gives it on a busy machine: 60 pt in three moves over 30 ms, and the lift
        // where the last move left the finger 25 ms later.
        var deck = makeInteraction(cards: 10)
        XCTAssertTrue(deck.beginDrag(deck.layout.frontCenter, at: start))
        for index in 1...3 { deck.updateDrag(Point(x: Double(index) * 20, y: 0), at: start + Microseconds(index) * 10_000) }
        XCTAssertLessThan(60, deck.recognizer.threshold(for: .right), "too short to decide by distance")
        XCTAssertEqual(deck.ownedEndDrag(Point(x: 60, y: 0), at: start + 55_000), Decision(cardIndex: 0, direction: .right))
    }

    func testDragThatReturnsToTheStartSpringsBackAndSettlesAtRest() {
        var deck = makeInteraction(cards: 10)
        let out = line(to: Point(x: 70, y: 20), speed: 300)
        let back = out.reversed().dropFirst().map { $0 } + [Point.zero]
        let (end, translation) = drag(&deck, along: out + back)
        XCTAssertNil(deck.ownedEndDrag(translation, at: end))
        XCTAssertEqual(deck.progress.decidedCount, 0)
        XCTAssertEqual(deck.frontCardIndex, 0)
        let idle = runUntilIdle(&deck, from: end)
        XCTAssertFalse(deck.isAnimating)
        XCTAssertFalse(deck.isAnimating(at: idle))
        XCTAssertEqual(deck.frame(at: idle), deck.layout.restingPlacements(of: deck.progress.upcomingCardIndices))
    }

    func testDragTowardADisallowedDirectionIsResistedAndNotRecognised() {
        var deck = makeInteraction(cards: 10, allowed: [.left, .right])
        let raw = Point(x: 0, y: -250)
        let (end, translation) = drag(&deck, along: line(to: raw, speed: 400))
        let front = placement(of: 0, in: deck.frame(at: end))
        let drawnTravel = deck.layout.frontCenter.y - (front?.center.y ?? 0)
        XCTAssertGreaterThan(drawnTravel, 0, "the card gives a little")
        XCTAssertLessThan(drawnTravel, abs(raw.y) * 0.75, "but much less than the pointer")
        XCTAssertNil(deck.ownedEndDrag(translation, at: end, velocity: Point(x: 0, y: -3_000)))
        XCTAssertEqual(deck.progress.decidedCount, 0)
        XCTAssertTrue(deck.isAnimating, "springs back")
    }

    func testGrabDuringSnapBackContinuesWithoutAJump() {
        var deck = makeInteraction(cards: 10)
        let (released, translation) = drag(&deck, along: line(to: Point(x: 80, y: 0), speed: 200))
        XCTAssertNil(deck.ownedEndDrag(translation, at: released, velocity: Point(x: 300, y: 0)))

        // Catch the card mid-flight and move the pointer exactly as the card was moving.
        let grab = released + 120_000
        let untouched = deck
        guard let centerAtGrab = placement(of: 0, in: deck.frame(at: grab))?.center else {
            return XCTFail("the card is drawn")
        }
        let rotationBefore = placement(of: 0, in: deck.frame(at: grab))?.rotation ?? 0
        XCTAssertNotEqual(rotationBefore, 0)
        // Grab below the centre: the tilt must not flip sides on a moving card.
        XCTAssertTrue(deck.beginDrag(centerAtGrab + Point(x: 20, y: 60), at: grab))
        assertSameFrame(deck.frame(at: grab), untouched.frame(at: grab))
        for step in 1...4 {
            let time = grab + Microseconds(step) * eventInterval
            let expected = placement(of: 0, in: untouched.frame(at: time))?.center ?? .zero
            deck.updateDrag(expected - centerAtGrab, at: time)
            let actual = placement(of: 0, in: deck.frame(at: time))
            XCTAssertEqual(actual?.center.x ?? 0, expected.x, accuracy: 1e-9)
            XCTAssertEqual(actual?.rotation ?? 0, placement(of: 0, in: untouched.frame(at: time))?.rotation ?? 1,
                           accuracy: 1e-9)
        }
        // Letting go hands the pointer's velocity back to the spring: the next frames carry on
        // at the speed the card had.
        let release = grab + 4 * eventInterval
        let lastTranslation = (placement(of: 0, in: untouched.frame(at: release))?.center ?? .zero) - centerAtGrab
        XCTAssertNil(deck.ownedEndDrag(lastTranslation, at: release))
        let stepBefore = centerX(untouched, at: release) - centerX(untouched, at: release - eventInterval)
        let stepAfter = centerX(deck, at: release + eventInterval) - centerX(deck, at: release)
        XCTAssertEqual(stepAfter, stepBefore, accuracy: abs(stepBefore) * 0.25 + 0.5)
        runUntilIdle(&deck, from: release)
        XCTAssertEqual(deck.progress.decidedCount, 0)
    }

    func testGrabOutsideTheFrontCardIsIgnored() {
        var deck = makeInteraction(cards: 10)
        XCTAssertFalse(deck.beginDrag(Point(x: 5, y: 5), at: start))
        XCTAssertFalse(deck.isDragging)
    }

    func testTiltFollowsTheHalfGrabbed() {
        for (grabY, sign) in [(-60.0, 1.0), (60.0, -1.0)] {
            var deck = makeInteraction(cards: 10)
            let (end, _) = drag(&deck, along: line(to: Point(x: 60, y: 0), speed: 300), grabbing: Point(x: 0, y: grabY))
            let rotation = placement(of: 0, in: deck.frame(at: end))?.rotation ?? 0
            XCTAssertEqual(rotation.sign == .minus ? -1 : 1, sign)
            XCTAssertEqual(abs(rotation), DeckTuning.maximumTilt * 60 / deck.layout.cardSize.width, accuracy: 1e-9)
        }
    }

    func testOverlaysCrossFadeAndTheCardBehindGrowsWithProgress() {
        var deck = makeInteraction(cards: 10)
        let threshold = deck.recognizer.threshold(for: .right)
        let (end, _) = drag(&deck, along: line(to: Point(x: threshold / 2, y: 0), speed: 300))
        let frame = deck.frame(at: end)
        XCTAssertEqual(placement(of: 0, in: frame)?.overlays[.right] ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(placement(of: 1, in: frame)?.scale ?? 0, deck.layout.scale(atDepth: 0.5), accuracy: 1e-9)

        deck.updateDrag(Point(x: threshold, y: deck.recognizer.threshold(for: .down) / 2), at: end + eventInterval)
        let turned = placement(of: 0, in: deck.frame(at: end + eventInterval))
        XCTAssertEqual(turned?.overlays[.right] ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertNil(turned?.overlays[.down])
        XCTAssertEqual(placement(of: 1, in: deck.frame(at: end + eventInterval))?.scale ?? 0, 1, accuracy: 1e-9)
    }

    // MARK: Keyboard, undo and redo

    func testKeyboardBurstWithUndoAndRedoDecidesEveryCardOnce() {
        let count = 200
        var deck = makeInteraction(cards: count)
        var model = ReferenceHistory()
        var generator = SeededGenerator(seed: 42)
        var time = start
        var steps = 0
        while !deck.progress.isFinished {
            steps += 1
            XCTAssertLessThan(steps, 2_000, "the burst must finish")
            if steps > 2_000 { return }
            time += 33_333
            let roll = generator.next() % 10
            if roll == 0 {
                XCTAssertEqual(deck.ownedUndo(at: time), model.undo().map(Step.decide))
            } else if roll == 1 {
                XCTAssertEqual(deck.ownedRedo(at: time), model.redo().map(Step.decide))
            } else {
                let direction = SwipeDirection.allCases[Int(generator.next() % 4)]
                XCTAssertEqual(deck.ownedSwipe(direction, at: time), model.decide(direction, cardCount: count))
            }
            XCTAssertEqual(deck.progress.decisions, model.decisions)
            XCTAssertEqual(deck.frontCardIndex, model.frontCardIndex(cardCount: count))
            let frame = deck.frame(at: time)
            XCTAssertEqual(Set(frame.map(\.cardIndex)).count, frame.count, "no card drawn twice")
            deck.advance(to: time)
        }
        XCTAssertEqual(deck.progress.decisions.map(\.cardIndex).sorted(), Array(0..<count))
        XCTAssertEqual(deck.ownedSwipe(.right, at: time + 33_333), nil, "nothing left")
        runUntilIdle(&deck, from: time)
        XCTAssertEqual(deck.inFlightCount, 0)
    }

    func testSwipeWhileDraggingCancelsTheDrag() {
        var deck = makeInteraction(cards: 10)
        let (end, _) = drag(&deck, along: line(to: Point(x: 30, y: 0), speed: 300))
        XCTAssertEqual(deck.ownedSwipe(.up, at: end), Decision(cardIndex: 0, direction: .up))
        XCTAssertFalse(deck.isDragging)
        XCTAssertNil(deck.ownedEndDrag(Point(x: 200, y: 0), at: end + eventInterval))
        XCTAssertEqual(deck.progress.decidedCount, 1)
    }

    func testKeyboardSwipeIsAlreadyAFrameIntoItsFlight() throws {
        var deck = makeInteraction(cards: 3)
        let resting = centerX(deck, at: start)
        let restingFrame = deck.frame(at: start)
        deck.ownedSwipe(.right, at: start)
        // The frame drawn at the press already shows the card leaving, as it will be one frame (60 Hz) in.
        let atPress = centerX(deck, at: start)
        XCTAssertGreaterThan(atPress - resting, 20, "moved on the first frame")
        XCTAssertLessThan(atPress, centerX(deck, at: start + 16_667), "and goes on from there")
        // The stack behind moves with it: the next card is already on its way up.
        let nextBefore = try XCTUnwrap(placement(of: 1, in: restingFrame))
        let nextAtPress = try XCTUnwrap(placement(of: 1, in: deck.frame(at: start)))
        XCTAssertGreaterThan(nextAtPress.scale, nextBefore.scale)
    }

    func testDisallowedKeyboardSwipeIsRefused() {
        var deck = makeInteraction(cards: 3, allowed: [.left, .right])
        XCTAssertNil(deck.ownedSwipe(.up, at: start))
        XCTAssertEqual(deck.progress.decidedCount, 0)
    }

    func testUndoOfACardInFlightComesBackFromWhereItIs() {
        var deck = makeInteraction(cards: 10)
        deck.ownedSwipe(.right, at: start)
        let undoTime = start + 50_000
        let before = placement(of: 0, in: deck.frame(at: undoTime))
        XCTAssertNotNil(before, "still in view")
        let stepBefore = (before?.center.x ?? 0) - centerX(deck, card: 0, at: undoTime - eventInterval)

        XCTAssertEqual(deck.ownedUndo(at: undoTime), .decide(Decision(cardIndex: 0, direction: .right)))
        XCTAssertEqual(deck.frontCardIndex, 0)
        let after = placement(of: 0, in: deck.frame(at: undoTime))
        XCTAssertEqual(after?.center.x ?? 0, before?.center.x ?? 1, accuracy: 1e-6)
        XCTAssertEqual(after?.center.y ?? 0, before?.center.y ?? 1, accuracy: 1e-6)
        XCTAssertEqual(after?.rotation ?? 0, before?.rotation ?? 1, accuracy: 1e-9)
        let stepAfter = centerX(deck, card: 0, at: undoTime + eventInterval) - (after?.center.x ?? 0)
        XCTAssertGreaterThan(stepAfter, 0, "keeps going out before turning round")
        XCTAssertEqual(stepAfter, stepBefore, accuracy: abs(stepBefore) * 0.5)

        let idle = runUntilIdle(&deck, from: undoTime)
        let rest = placement(of: 0, in: deck.frame(at: idle))
        XCTAssertEqual(rest, deck.layout.restingPlacements(of: [0]).first)
        XCTAssertEqual(deck.frame(at: idle).filter { $0.cardIndex == 0 }.count, 1)
    }

    func testUndoOfACardAlreadyGoneComesInFromItsSide() {
        var deck = makeInteraction(cards: 10)
        deck.ownedSwipe(.left, at: start)
        let gone = runUntilIdle(&deck, from: start)
        XCTAssertEqual(deck.ownedUndo(at: gone), .decide(Decision(cardIndex: 0, direction: .left)))
        let entering = placement(of: 0, in: deck.frame(at: gone))
        XCTAssertNotNil(entering)
        XCTAssertLessThan(entering?.center.x ?? 0, 0, "starts off the left edge")
        XCTAssertLessThan(entering?.bounds.maxX ?? 1, 1, "just out of view")
        let idle = runUntilIdle(&deck, from: gone)
        XCTAssertEqual(placement(of: 0, in: deck.frame(at: idle)), deck.layout.restingPlacements(of: [0]).first)
    }

    func testUndoWithNothingToUndoChangesNothing() {
        var deck = makeInteraction(cards: 5)
        let frameBefore = deck.frame(at: start)
        let progressBefore = deck.progress
        XCTAssertNil(deck.ownedUndo(at: start))
        XCTAssertEqual(deck.progress, progressBefore)
        XCTAssertEqual(deck.frame(at: start), frameBefore)
        XCTAssertFalse(deck.isAnimating)
    }

    func testGrabDuringUndoReturnContinuesFromWhereItIs() {
        var deck = makeInteraction(cards: 5)
        deck.ownedSwipe(.right, at: start)
        let gone = runUntilIdle(&deck, from: start)
        deck.ownedUndo(at: gone)
        let grab = gone + 150_000
        let center = placement(of: 0, in: deck.frame(at: grab))?.center ?? .zero
        let before = deck.frame(at: grab)
        XCTAssertTrue(deck.beginDrag(center, at: grab))
        assertSameFrame(deck.frame(at: grab), before)
    }

    func testRedoThrowsTheCardOutAgain() {
        var deck = makeInteraction(cards: 5)
        deck.ownedSwipe(.down, at: start)
        deck.ownedUndo(at: start + 100_000)
        XCTAssertEqual(deck.ownedRedo(at: start + 200_000), .decide(Decision(cardIndex: 0, direction: .down)))
        XCTAssertEqual(deck.frontCardIndex, 1)
        XCTAssertGreaterThan(centerY(deck, card: 0, at: start + 200_000), deck.layout.frontCenter.y, "on its way down again, past the middle of the card behind")
        XCTAssertNil(deck.ownedRedo(at: start + 300_000))
    }

    func testShiftSendsTheFrontCardToTheBack() {
        var deck = makeInteraction(cards: 10)
        XCTAssertEqual(deck.ownedShift(at: start), 0)
        XCTAssertEqual(deck.frontCardIndex, 1)
        XCTAssertEqual(deck.progress.decidedCount, 0)
        let first = deck.frame(at: start)
        XCTAssertEqual(first.first?.cardIndex, 0, "drawn behind the stack")
        XCTAssertEqual(first.first?.center, deck.layout.frontCenter, "from where it was")
        let idle = runUntilIdle(&deck, from: start)
        XCTAssertEqual(deck.frame(at: idle), deck.layout.restingPlacements(of: deck.progress.upcomingCardIndices))
    }

    func testShiftInASmallDeckSinksIntoItsVisiblePlace() {
        var deck = makeInteraction(cards: 3)
        deck.ownedShift(at: start)
        let idle = runUntilIdle(&deck, from: start)
        XCTAssertEqual(Array(deck.progress.upcomingCardIndices), [1, 2, 0])
        XCTAssertEqual(deck.frame(at: idle), deck.layout.restingPlacements(of: [1, 2, 0]))
    }

    // MARK: Frames

    func testLayoutCostDoesNotDependOnTheDeckLength() {
        for count in [10, 100_000] {
            var deck = makeInteraction(cards: count)
            XCTAssertEqual(deck.frame(at: start).count, DeckLayout.visibleDepth)
            var time = start
            for _ in 0..<3 {
                time += 20_000
                deck.ownedSwipe(.right, at: time)
            }
            let frame = deck.frame(at: time + 10_000)
            XCTAssertLessThanOrEqual(frame.count, DeckLayout.visibleDepth + deck.inFlightCount)
            XCTAssertEqual(frame.filter { $0.cardIndex >= 3 }.count, DeckLayout.visibleDepth)
            XCTAssertTrue(frame.allSatisfy { $0.cardIndex < 3 + DeckLayout.visibleDepth })
        }
    }

    func testReducedMotionCompletesAtOnce() {
        var deck = makeInteraction(cards: 10)
        deck.animationsEnabled = false
        XCTAssertEqual(deck.ownedSwipe(.right, at: start), Decision(cardIndex: 0, direction: .right))
        XCTAssertEqual(deck.inFlightCount, 0)
        XCTAssertFalse(deck.isAnimating)
        XCTAssertFalse(deck.isAnimating(at: start))
        XCTAssertEqual(deck.frame(at: start), deck.layout.restingPlacements(of: deck.progress.upcomingCardIndices))

        deck.ownedUndo(at: start)
        XCTAssertFalse(deck.isAnimating)
        XCTAssertEqual(deck.frame(at: start), deck.layout.restingPlacements(of: deck.progress.upcomingCardIndices))

        let (end, translation) = drag(&deck, along: line(to: Point(x: 40, y: 0), speed: 200))
        XCTAssertNil(deck.ownedEndDrag(translation, at: end))
        XCTAssertFalse(deck.isAnimating, "no snap-back travel")

        deck.ownedShift(at: end)
        XCTAssertFalse(deck.isAnimating)
        XCTAssertEqual(deck.frontCardIndex, 1)
    }

    func testTurningAnimationsOffFinishesMotionInProgress() {
        var deck = makeInteraction(cards: 10)
        deck.ownedSwipe(.right, at: start)
        deck.animationsEnabled = false
        XCTAssertFalse(deck.isAnimating)
        XCTAssertEqual(deck.inFlightCount, 0)
    }

    func testFlyingCardsAreDroppedOnceOutOfView() {
        var deck = makeInteraction(cards: 10)
        deck.ownedSwipe(.left, at: start)
        var time = start
        var lastSeen = start
        while deck.inFlightCount > 0, time < start + 2_000_000 {
            time += frameInterval
            if let card = placement(of: 0, in: deck.frame(at: time)) {
                XCTAssertTrue(card.bounds.intersects(deck.layout.bounds))
                lastSeen = time
            }
            deck.advance(to: time)
        }
        XCTAssertEqual(deck.inFlightCount, 0)
        XCTAssertFalse(deck.isAnimating)
        XCTAssertLessThan(time - start, 500_000, "dropped on leaving the view, long before the spring settles")
        XCTAssertEqual(time - lastSeen, frameInterval, "dropped on the first frame it is out of view")
    }

    func testCardsBehindStayPutWhenASwipeReordersTheStack() throws {
        var deck = makeInteraction(cards: 10)
        let before = deck.frame(at: start)
        deck.ownedSwipe(.right, at: start)
        // Where the flight begins: a key's flight begins a head start before the press.
        let flightStart = try XCTUnwrap(deck.flights.first?.motion.startTime)
        XCTAssertLessThanOrEqual(flightStart, start - DeckTuning.keyboardHeadStart)
        let after = deck.frame(at: flightStart)
        for card in 1..<DeckLayout.visibleDepth {
            XCTAssertEqual(placement(of: card, in: after)?.center, placement(of: card, in: before)?.center)
            XCTAssertEqual(placement(of: card, in: after)?.scale ?? 0, placement(of: card, in: before)?.scale ?? 1,
                           accuracy: 1e-12)
        }
        XCTAssertEqual(placement(of: DeckLayout.visibleDepth, in: after)?.opacity, 0, "the next card fades in")
    }

    // MARK: Helpers

    private func makeInteraction(cards count: Int, allowed: Set<SwipeDirection> = Set(SwipeDirection.allCases)) -> DeckInteraction {
        let cards = (0..<count).map { Card(id: "card-\($0)", title: "Card \($0)") }
        return DeckInteraction(deck: Deck(title: "Test", cards: cards, allowedDirections: allowed), viewSize: viewSize)
    }

    /// Translations from the start to `end` at `speed` px/s, one per pointer event.
    private func line(to end: Point, speed: Double) -> [Point] {
        let duration = end.length / speed
        let events = max(1, Int((duration * 1_000_000 / Double(eventInterval)).rounded(.up)))
        return (1...events).map { end * (Double($0) / Double(events)) }
    }

    /// Grabs the front card at its centre plus `grab` and moves the pointer through `path`, one
    /// event every 8 ms; returns the time and translation of the last event.
    @discardableResult
    private func drag(
        _ deck: inout DeckInteraction,
        along path: [Point],
        grabbing grab: Point = Point(x: 0, y: -40),
        from time: Microseconds? = nil
    ) -> (time: Microseconds, translation: Point) {
        let began = time ?? start
        XCTAssertTrue(deck.beginDrag(deck.layout.frontCenter + grab, at: began))
        var last = (time: began, translation: Point.zero)
        for (step, translation) in path.enumerated() {
            last = (began + Microseconds(step + 1) * eventInterval, translation)
            deck.updateDrag(translation, at: last.time)
        }
        return last
    }

    /// Plays frames until nothing moves; returns the time of the last frame.
    @discardableResult
    private func runUntilIdle(_ deck: inout DeckInteraction, from time: Microseconds) -> Microseconds {
        var now = time
        while deck.isAnimating, now < time + 5_000_000 {
            now += frameInterval
            _ = deck.frame(at: now)
            deck.advance(to: now)
        }
        XCTAssertFalse(deck.isAnimating, "settles within 5 s")
        return now
    }

    private func placement(of card: Int, in frame: [CardPlacement]) -> CardPlacement? {
        frame.first { $0.cardIndex == card }
    }

    private func centerX(_ deck: DeckInteraction, card: Int = 0, at time: Microseconds) -> Double {
        placement(of: card, in: deck.frame(at: time))?.center.x ?? .nan
    }

    private func centerY(_ deck: DeckInteraction, card: Int = 0, at time: Microseconds) -> Double {
        placement(of: card, in: deck.frame(at: time))?.center.y ?? .nan
    }

    private func assertSameFrame(_ actual: [CardPlacement], _ expected: [CardPlacement],
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.map(\.cardIndex), expected.map(\.cardIndex), file: file, line: line)
        for (a, e) in zip(actual, expected) {
            XCTAssertEqual(a.center.x, e.center.x, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(a.center.y, e.center.y, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(a.rotation, e.rotation, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(a.scale, e.scale, accuracy: 1e-9, file: file, line: line)
        }
    }
}

/// The simplest model of decide/undo/redo on a deck that is never shifted: decided cards are
/// always the first ones, in deck order.
private struct ReferenceHistory {
    var decisions: [Decision] = []
    var redoable: [Decision] = []

    func frontCardIndex(cardCount: Int) -> Int? {
        decisions.count < cardCount ? decisions.count : nil
    }

    mutating func decide(_ direction: SwipeDirection, cardCount: Int) -> Decision? {
        guard let card = frontCardIndex(cardCount: cardCount) else { return nil }
        redoable.removeAll()
        decisions.append(Decision(cardIndex: card, direction: direction))
        return decisions.last
    }

    mutating func undo() -> Decision? {
        guard let decision = decisions.popLast() else { return nil }
        redoable.append(decision)
        return decision
    }

    mutating func redo() -> Decision? {
        guard let decision = redoable.popLast() else { return nil }
        decisions.append(decision)
        return decision
    }
}
