// SPDX-License-Identifier: GPL-3.0-or-later

import XCTest
@testable import CardStackCore

/// A photo deck's cards fill the view so a photo uses most of a maximised window.
final class PhotoDeckLayoutTests: XCTestCase {
    func testPhotoCardsFillTheViewWithinTheAspectRange() {
        let peek = DeckLayout.offsetStepPerDepth * Double(DeckLayout.visibleDepth - 1)
        let wide = DeckLayout(viewSize: Size(width: 1280, height: 800), fillsView: true).cardSize
        XCTAssertEqual(wide.height, 800 - 2 * DeckLayout.margin - peek, accuracy: 0.001, "as tall as the view allows")
        XCTAssertEqual(wide.width / wide.height, 1232 / wide.height, accuracy: 0.001, "and as wide: 1232 × 710 is within 2:1")
        XCTAssertGreaterThan(wide.width, DeckLayout(viewSize: Size(width: 1280, height: 800)).cardSize.width * 2,
                             "more than twice a playing card's width")
        let panorama = DeckLayout(viewSize: Size(width: 3000, height: 600), fillsView: true).cardSize
        XCTAssertEqual(panorama.width / panorama.height, DeckLayout.photoAspectRange.upperBound, accuracy: 0.001)
        let tall = DeckLayout(viewSize: Size(width: 360, height: 900), fillsView: true).cardSize
        XCTAssertEqual(tall.width, 360 - 2 * DeckLayout.margin, accuracy: 0.001)
        XCTAssertEqual(tall.width / tall.height, DeckLayout.photoAspectRange.lowerBound, accuracy: 0.001)
        XCTAssertLessThanOrEqual(DeckLayout(viewSize: Size(width: 10, height: 10), fillsView: true).cardSize.height, 10)
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
