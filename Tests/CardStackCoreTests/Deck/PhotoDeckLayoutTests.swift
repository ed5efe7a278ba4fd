// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// A photo deck's cards fill the view so a photo uses most of a maximised window.
final class PhotoDeckLayoutTests: XCTestCase {
    func testPhotoCardsFillTheViewWithinTheAspectRange() {
        let peek = DeckLayout.photoOffsetStepPerDepth * Double(DeckLayout.visibleDepth - 1)
        let wide = DeckLayout(viewSize: Size(width: 1280, height: 800), fillsView: true).cardSize
        XCTAssertEqual(wide.height, 800 - 2 * DeckLayout.photoMargin - peek, accuracy: 0.001, "as tall as the view allows")
        XCTAssertEqual(wide.width, 1280 - 2 * DeckLayout.photoMargin, accuracy: 0.001, "and as wide: 1256 × 764 is within 2:1")
        XCTAssertGreaterThan(wide.width, DeckLayout(viewSize: Size(width: 1280, height: 800)).cardSize.width * 2,
                             "more than twice a playing card's width")
        let panorama = DeckLayout(viewSize: Size(width: 3000, height: 600), fillsView: true).cardSize
        XCTAssertEqual(panorama.width / panorama.height, DeckLayout.photoAspectRange.upperBound, accuracy: 0.001)
        let tall = DeckLayout(viewSize: Size(width: 360, height: 900), fillsView: true).cardSize
        XCTAssertEqual(tall.width, 360 - 2 * DeckLayout.photoMargin, accuracy: 0.001)
        XCTAssertEqual(tall.width / tall.height, DeckLayout.photoAspectRange.lowerBound, accuracy: 0.001)
        XCTAssertLessThanOrEqual(DeckLayout(viewSize: Size(width: 10, height: 10), fillsView: true).cardSize.height, 10)
    }

    /// A 1280 × 860 window leaves the deck about 1276 × 808 under its header bar: a 3:2 photo contained in the
    /// card is drawn at least 1,100 wide and a 2:3 one at least 700 tall.
    func testAPhotoIsThePageOfAWindow() {
        let card = DeckLayout(viewSize: Size(width: 1276, height: 808), fillsView: true).cardSize
        XCTAssertGreaterThanOrEqual(min(card.width, card.height * 3 / 2), 1_100)
        XCTAssertGreaterThanOrEqual(min(card.height, card.width * 3 / 2), 700)
    }

    func testEdgeToEdgeTheCardIsTheViewAndNothingPeeks() {
        let view = Size(width: 1920, height: 1080)
        let layout = DeckLayout(viewSize: view, fillsView: true, isEdgeToEdge: true)
        XCTAssertEqual(layout.cardSize, view)
        XCTAssertEqual(layout.frontCenter, Point(x: 960, y: 540))
        let behind = layout.center(atDepth: 1)
        XCTAssertLessThanOrEqual(behind.y + layout.cardSize.height * layout.scale(atDepth: 1) / 2, 1080, "hidden behind the front card")
        XCTAssertEqual(DeckLayout(viewSize: view, isEdgeToEdge: true).cardSize, DeckLayout(viewSize: view).cardSize, "cards of text keep their look")
    }

    /// A photo that fills the page must go half its width before the middle of the next one shows: a key's
    /// flight starts that far along, so the first frame after the press shows it, at 1280 × 860 and full screen.
    func testAKeyUncoversTheMiddleOfThePhotoBehindOnTheFirstFrame() throws {
        let cards = (0..<3).map { Card(id: "\($0)", title: "\($0).jpg", imagePath: "/\($0).jpg") }
        for view in [Size(width: 1280, height: 860), Size(width: 1920, height: 1080)] {
            var interaction = DeckInteraction(deck: Deck(title: "Photos", cards: cards, isPhotoDeck: true), viewSize: view)
            let start: Microseconds = 1_000_000
            interaction.ownedSwipe(.right, at: start)
            let leaving = try XCTUnwrap(interaction.frame(at: start).first { $0.cardIndex == 0 })
            XCTAssertGreaterThanOrEqual(leaving.center.x - interaction.layout.cardSize.width / 2, view.width / 2, "past the middle at \(view)")
            let headStart = start - (try XCTUnwrap(interaction.flights.first?.motion.startTime))
            XCTAssertLessThanOrEqual(headStart, DeckTuning.keyboardHeadStartLimit, "its way out is still seen")
        }
    }

    func testAPhotoDeckInteractionUsesIt() {
        let deck = Deck(title: "Photos", cards: [Card(id: "a", title: "a.jpg", imagePath: "/a.jpg")], isPhotoDeck: true)
        let interaction = DeckInteraction(deck: deck, viewSize: Size(width: 1280, height: 800))
        XCTAssertTrue(interaction.layout.fillsView)
    }
}

/// Short windows: a landscape card when the view is short and wide, margins that shrink in a 294 pt window.
final class ShortViewLayoutTests: XCTestCase {
    func testAShortWideViewGetsALandscapeCard() {
        let short = DeckLayout(viewSize: Size(width: 1100, height: 330))
        XCTAssertTrue(short.isLandscape)
        XCTAssertEqual(short.cardSize.width / short.cardSize.height, 1 / DeckLayout.cardAspectRatio, accuracy: 0.001)
        XCTAssertLessThanOrEqual(short.cardSize.width, DeckLayout.maximumLandscapeCardWidth)
        XCTAssertGreaterThan(short.cardSize.width, DeckLayout(viewSize: Size(width: 300, height: 330)).cardSize.width * 1.5)
        XCTAssertFalse(DeckLayout(viewSize: Size(width: 900, height: 590)).isLandscape, "the default window keeps portrait cards")
        XCTAssertFalse(DeckLayout(viewSize: Size(width: 1100, height: 330), fillsView: true).isLandscape, "photo decks fill the view")
    }

    func testATinyViewStillShowsACardWithinIt() {
        let tiny = DeckLayout(viewSize: Size(width: 360, height: 110))
        XCTAssertGreaterThan(tiny.cardSize.height, 60, "margins and peek shrink instead of eating the card")
        let bottom = tiny.center(atDepth: Double(DeckLayout.visibleDepth - 1)).y + tiny.cardSize.height / 2
        XCTAssertLessThanOrEqual(bottom, 110 + 0.001, "the deepest card's edge stays in view")
    }
}
