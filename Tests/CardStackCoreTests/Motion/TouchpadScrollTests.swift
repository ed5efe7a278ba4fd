// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

final class TouchpadScrollTests: XCTestCase {
    func testTheCardFollowsTheFingersInPixels() {
        // Fingers moving left scroll the content right: a positive dx.
        XCTAssertEqual(TouchpadScroll.translation(forDelta: Point(x: 12, y: -3), unit: .pixels), Point(x: -12, y: 3))
    }

    func testWheelClickUnitsAreScaledLikeLibadwaitasSwipeTracker() {
        XCTAssertEqual(TouchpadScroll.translation(forDelta: Point(x: 0.5, y: 0), unit: .wheelClicks), Point(x: -200, y: 0))
        XCTAssertEqual(TouchpadScroll.translation(forDelta: Point(x: 0, y: -0.1), unit: .wheelClicks).y, 30, accuracy: 1e-9)
    }

    func testAFlickOfSmallWheelDeltasSwipesTheDeck() {
        // A two-finger flick on X11: six events of 0.03 clicks 8 ms apart (72 pt in 48 ms, short of the distance
        // threshold but 1,500 pt/s), then the fingers lift.
        let deck = Deck(title: "Flick", cards: (1...3).map { Card(id: "\($0)", title: "Card \($0)") })
        var interaction = DeckInteraction(deck: deck, viewSize: Size(width: 800, height: 700))
        var time: Microseconds = 1_000_000
        XCTAssertTrue(interaction.beginDrag(interaction.layout.frontCenter, at: time))
        var translation = Point.zero
        for _ in 0..<6 {
            time += 8_000
            translation += TouchpadScroll.translation(forDelta: Point(x: 0.03, y: 0), unit: .wheelClicks)
            interaction.updateDrag(translation, at: time)
        }
        XCTAssertLessThan(abs(translation.x), interaction.recognizer.cardSize.width / 4, "below the distance threshold")
        XCTAssertEqual(interaction.ownedEndDrag(translation, at: time)?.direction, .left, "recognised as a flick")
    }
}
