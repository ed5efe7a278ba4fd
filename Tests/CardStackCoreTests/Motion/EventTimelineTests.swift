// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

final class EventTimelineTests: XCTestCase {
    private let viewSize = Size(width: 800, height: 600)

    func testLaterEventsKeepTheirSpacingAndAreNeverPlacedAfterTheyAreHandled() {
        var timeline = EventTimeline()
        XCTAssertEqual(timeline.begin(eventMilliseconds: 5_000, handledAt: 1_000_000), 1_000_000)
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_008, handledAt: 1_200_000), 1_008_000, "8 ms after the first")
        XCTAssertEqual(timeline.time(eventMilliseconds: 5_300, handledAt: 1_100_000), 1_100_000, "not after it was handled")
        XCTAssertEqual(timeline.time(eventMilliseconds: 0, handledAt: 1_500_000), 1_500_000, "no stamp: when handled")
        var wrapped = EventTimeline()
        wrapped.begin(eventMilliseconds: UInt32.max - 4, handledAt: 2_000_000)
        XCTAssertEqual(wrapped.time(eventMilliseconds: 5, handledAt: 3_000_000), 2_010_000, "across the 2³² ms wrap")
        XCTAssertEqual(EventTimeline().time(eventMilliseconds: 42, handledAt: 7), 7, "no gesture begun")
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
            let grab = timeline.begin(eventMilliseconds: eventStart, handledAt: handledStart)
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
}
