// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// The faces of the cards about to be drawn are made while the main loop is idle, not inside the frame that
/// first shows them (a burst of swipes through fresh cards laid out each one in a frame).
final class CardPainterAheadTests: WidgetTestCase {
    func testTheNextCardsAndTheOnesAnUndoBringsBackAreMadeWhenIdle() {
        withPainter { painter, area in
            let deck = Deck(title: "Ahead", cards: (0..<12).map { Card(id: "card-\($0)", title: "Card \($0)", body: "The body of card \($0).") })
            let size = Size(width: 200, height: 280)

            painter.beginFrame()
            painter.prepareAhead(upcoming: [6, 7, 8], returning: [3, 2, 1], of: deck, size: size)
            XCTAssertFalse((0..<12).contains { painter.faces.hasText($0) }, "nothing is made before the main loop is idle")

            let ready = [6, 7, 3, 2]
            XCTAssertTrue(runMainLoop(until: { ready.allSatisfy { painter.faces.hasText($0) } }), "two cards each side are made")
            _ = runMainLoop(until: { false }, limit: 0.2)
            XCTAssertFalse(painter.faces.hasText(8), "only two upcoming cards")
            XCTAssertFalse(painter.faces.hasText(1), "only two returning cards")
            if RasterNode.drawsWithCairo(area) {
                let scale = Int(gtk_widget_get_scale_factor(area))
                XCTAssertNil(painter.faces.unrasterizedFace(6, scale: scale), "the next card is in pixels, ready to move up the stack")
                XCTAssertNotNil(painter.faces.unrasterizedFace(7, scale: scale), "only the next one")
            }
        }
    }

    func testCardsTooSmallToDrawAreGivenUpNotTriedForever() {
        withPainter { painter, _ in
            let deck = Deck(title: "Tiny", cards: (0..<8).map { Card(id: "card-\($0)", title: "Card \($0)") })

            painter.beginFrame()
            painter.prepareAhead(upcoming: [4, 5], returning: [1, 0], of: deck, size: Size(width: 1, height: 1))
            XCTAssertTrue(painter.hasIdleWork)
            XCTAssertTrue(runMainLoop(until: { !painter.hasIdleWork }, limit: 2), "the idle work ends")
            XCTAssertFalse([4, 5, 1, 0].contains { painter.faces.hasText($0) })
        }
    }
}
