// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// A pile guesses the heights of the cards it doesn't show from the deck's table of shown sizes, and keeps the
/// heights it measured for as long as its width holds.
final class PileLayoutGuessTests: WidgetTestCase {
    @MainActor
    private static func session() -> DeckSession {
        let cards = (0..<40).map { index in
            Card(id: "card-\(index)", title: "Card \(index)", subtitle: index % 5 == 0 ? "A subtitle" : nil,
                 body: index % 3 == 0 ? nil : String(repeating: "word ", count: index * 4),
                 imagePath: index % 7 == 0 ? "/nowhere/photo-\(index).jpg" : nil)
        }
        let decided = cards.indices.map { Decision(cardIndex: $0, direction: $0 % 2 == 0 ? .left : .right) }
        let deck = Deck(title: "Guesses", cards: cards)
        return DeckSession(deck: deck, progress: DeckProgress(cardCount: cards.count, replaying: decided))
    }

    func testEveryGuessIsTheCardsOwnAtTheNewWidth() {
        MainActor.assumeIsolated {
            let session = Self.session()
            let pile = PileView(direction: .left, session: session)
            _ = g_object_ref_sink(pile.widget)
            defer { g_object_unref(pile.widget) }
            for width in [360.0, 520.0] {
                pile.resize(to: width)
                XCTAssertEqual(pile.count, 20)
                for (item, card) in pile.cards.enumerated() {
                    let guess = CardMeasure.estimatedHeight(of: session.deck.cards[card].shownSizes, width: width, bodyLines: PileTuning.bodyLines)
                    XCTAssertEqual(pile.layout.heights[item], guess, "card \(card) at \(width) pt")
                    XCTAssertFalse(pile.layout.isMeasured(item))
                }
            }
        }
    }

    func testAMeasuredHeightOutlivesAReloadButNotANewWidth() {
        MainActor.assumeIsolated {
            let session = Self.session()
            let pile = PileView(direction: .left, session: session)
            _ = g_object_ref_sink(pile.widget)
            defer { g_object_unref(pile.widget) }
            pile.resize(to: 400)
            // Newest first: card 38, then 36, the one measured.
            let card = pile.cards[1]
            _ = pile.measure([1], anchorTop: 0)
            XCTAssertTrue(pile.layout.isMeasured(1))
            let measured = pile.layout.heights[1]

            // The last two steps undone: card 39 leaves the other pile, card 38 this one, which reloads.
            _ = session.undo()
            _ = session.undo()
            XCTAssertEqual(pile.cards.first, card)
            XCTAssertTrue(pile.layout.isMeasured(0), "the measured height is kept")
            XCTAssertEqual(pile.layout.heights[0], measured)
            XCTAssertFalse(pile.layout.isMeasured(1), "the others are still guesses")

            pile.resize(to: 300)
            XCTAssertFalse(pile.layout.isMeasured(0), "at another width it is a guess again")
        }
    }
}
