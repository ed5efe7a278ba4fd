// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class EventTimelineTests: XCTestCase {
    private let viewSize = Size(width: 800, height: 600)

    func testEventsKeepTheirSpacingFromTheMostPromptlyHandledEvent() {
        var timeline = EventTimeline()
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_000, handledAt: 1_002_000), 1_002_000, "the first event anchors")
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_008, handledAt: 1_200_000), 1_010_000, "8 ms after the first")
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_010, handledAt: 1_011_000), 1_011_000,
                       "handled sooner than the anchor allows: the new anchor")
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_000, handledAt: 1_200_000), 1_001_000,
                       "an earlier stamp, by the new anchor")
        XCTAssertEqual(timeline.time(eventMilliseconds: 0, handledAt: 1_500_000), 1_500_000, "no stamp: when handled")
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_020, handledAt: 1_400_000), 1_400_000,
                       "placed further back than the longest delay: the clocks parted, a new anchor")
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_030, handledAt: 1_420_000), 1_410_000)
        var wrapped = EventTimeline()
        _ = wrapped.time(eventMilliseconds: UInt32.max - 4, handledAt: 2_000_000)
        XCTAssertEqual(wrapped.time(eventMilliseconds: 5, handledAt: 2_100_000), 2_010_000, "across the 2³² ms wrap")
        XCTAssertEqual(wrapped.time(eventMilliseconds: UInt32.max - 6, handledAt: 2_100_000), 1_998_000,
                       "before the anchor, across the wrap")
        var first = EventTimeline()
        XCTAssertEqual(first.time(eventMilliseconds: 42, handledAt: 7), 7, "no event before")
    }

    /// A short fast flick (60 pt in 30 ms: 2,000 pt/s) decides the card however late its events are handled:
    /// the same points with the same event times give the same decision as when handled at once.
    func testAFlickHandledLateGivesTheSameDecision() {
        func flick(handlingDelay: (Int) -> Microseconds) -> Decision? {
            let cards = (0..<5).map { Card(id: "c\($0)", title: "Card \($0)") }
            var deck = DeckInteraction(deck: Deck(title: "T", cards: cards), viewSize: viewSize)
            var timeline = EventTimeline()
            let eventStart: UInt32 = 90_000
            let handledStart: Microseconds = 4_000_000
            let grab = timeline.time(eventMilliseconds: eventStart, handledAt: handledStart)
            XCTAssertTrue(deck.beginDrag(deck.layout.frontCenter, at: grab))
            var translation = Point.zero
            for step in 1...6 {
                // An event every 5 ms; the main loop handles each `handlingDelay(step)` after it happened.
                let event = eventStart + UInt32(5 * step)
                let handled = handledStart + Microseconds(5_000 * step) + handlingDelay(step)
                translation = Point(x: 10 * Double(step), y: 0)
                let time = timeline.time(eventMilliseconds: event, handledAt: handled)
                if step < 6 { deck.updateDrag(translation, at: time) } else {
                    return deck.ownedEndDrag(translation, at: time)
                }
            }
            return nil
        }
        let prompt = flick { _ in 0 }
        XCTAssertEqual(prompt, Decision(cardIndex: 0, direction: .right))
        XCTAssertEqual(flick { step in Microseconds(step) * 40_000 }, prompt, "frames running slower and slower")
        XCTAssertEqual(flick { _ in 120_000 }, prompt, "every event handled 120 ms late")
    }

    /// After a stall the press and the moves queued behind it are handled together, a frame or two after the
    /// press happened: once an earlier event was handled promptly, they keep the spacing the hand gave them, and
    /// the flick decides as if handled at once.
    func testAFlickQueuedBehindAStallKeepsItsSpacing() {
        let cards = (0..<5).map { Card(id: "c\($0)", title: "Card \($0)") }
        var deck = DeckInteraction(deck: Deck(title: "T", cards: cards), viewSize: viewSize)
        var timeline = EventTimeline()
        // A tap a second earlier, handled half a millisecond after it happened.
        _ = timeline.time(eventMilliseconds: 89_000, handledAt: 3_000_500)
        // The press, three moves 10 ms apart, and the lift 30 ms after the last move: the main loop was busy
        // until 32 ms after the press, then handled the press and the moves at once, and the lift as late.
        let eventStart: UInt32 = 90_000
        let stallEnds: Microseconds = 4_032_000
        let grab = timeline.time(eventMilliseconds: eventStart, handledAt: stallEnds)
        XCTAssertEqual(grab, 4_000_500, "the press, at the anchor's lateness")
        XCTAssertTrue(deck.beginDrag(deck.layout.frontCenter, at: grab))
        var times: [Microseconds] = []
        for step in 1...3 {
            let time = timeline.time(eventMilliseconds: eventStart + UInt32(10 * step), handledAt: stallEnds + Microseconds(100 * step))
            times.append(time)
            deck.updateDrag(Point(x: 20 * Double(step), y: 0), at: time)
        }
        XCTAssertEqual(times, [4_010_500, 4_020_500, 4_030_500])
        let lift = timeline.time(eventMilliseconds: eventStart + 60, handledAt: 4_094_000)
        XCTAssertEqual(lift, 4_060_500)
        XCTAssertEqual(deck.ownedEndDrag(Point(x: 60, y: 0), at: lift), Decision(cardIndex: 0, direction: .right))
    }
}
