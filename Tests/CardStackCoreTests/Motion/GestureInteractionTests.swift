// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// The four interactions driven through their one shape, as a widget drives any of them: a drag taken away by
/// the system springs back and decides nothing, on every page.
final class GestureInteractionTests: XCTestCase {
    private let start = FrameSchedule.origin

    /// Grabs `grip`, drags to `far` in a tenth of a second, has the drag taken away, and runs frames until nothing
    /// moves; returns whether it moved after the cancel and whether it came to rest within 3 s.
    private func cancelAfterDragging<I: GestureInteraction>(_ interaction: inout I, grip: I.Grip, to far: I.Translation,
                                                           halfway: I.Translation) -> (sprangBack: Bool, rests: Bool) {
        XCTAssertTrue(interaction.beginDrag(grip, at: start), "\(I.self) takes hold")
        interaction.updateDrag(halfway, at: start + 50_000)
        interaction.updateDrag(far, at: start + 100_000)
        let cancelled = start + 100_000
        interaction.cancelDrag(at: cancelled)
        let sprangBack = interaction.isAnimating(at: cancelled + 16_667)
        for frame in FrameSchedule.frames(from: cancelled, to: cancelled + 3_000_000, hertz: 60) {
            interaction.advance(to: frame)
        }
        return (sprangBack, !interaction.isAnimating(at: cancelled + 3_000_000))
    }

    func testADragTakenAwaySpringsBackAndDecidesNothingOnEveryPage() {
        let cards = (0..<4).map { Card(id: "\($0)", title: "Card \($0)") }
        var deck = DeckInteraction(deck: Deck(title: "Four", cards: cards), viewSize: Size(width: 400, height: 700))
        let grip = deck.layout.frontCenter
        XCTAssertEqual(cancelAfterDragging(&deck, grip: grip, to: Point(x: 300, y: 0), halfway: Point(x: 150, y: 0)).sprangBack, true)
        XCTAssertFalse(deck.isAnimating(at: start + 3_200_000), "the deck's card rests")
        XCTAssertEqual(deck.frontCardIndex, 0, "a drag past the threshold, taken away, decides nothing")
        XCTAssertEqual(deck.progress.decidedCount, 0)

        var pile = PileInteraction()
        pile.width = 400
        pile.setCards([2, 1], layout: PileLayout(heights: [100, 100], measured: [true, true]), at: start)
        XCTAssertEqual(cancelAfterDragging(&pile, grip: 0, to: 300, halfway: 150).rests, true)
        XCTAssertEqual(pile.sideways(of: 0, at: start + 3_200_000).offset, 0, accuracy: 0.5, "the pile's card is back in place")
        XCTAssertFalse(pile.isHolding)

        var strip = CarouselInteraction(items: Array(0..<10), viewSize: Size(width: 900, height: 600), centredItem: 4)
        let stripMoved = cancelAfterDragging(&strip, grip: (), to: -200, halfway: -100)
        XCTAssertTrue(stripMoved.sprangBack && stripMoved.rests)
        XCTAssertEqual(strip.centredItem(at: start + 3_200_000), 4, "the strip settles on the card nearest where it was let go")

        var sheets = SheetStack<String>(windowHeight: 800)
        sheets.push("details", height: 600, at: start - 3_000_000)
        sheets.advance(to: start)
        let sheetMoved = cancelAfterDragging(&sheets, grip: 0, to: 300, halfway: 150)
        XCTAssertTrue(sheetMoved.sprangBack && sheetMoved.rests)
        XCTAssertEqual(sheets.visibleHeight(of: 0, at: start + 3_200_000), 600, accuracy: 0.5, "a sheet dragged past a quarter, taken away, stays open")
    }
}
