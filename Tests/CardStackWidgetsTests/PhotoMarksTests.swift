// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// What photos' sidecars said before this cull, arriving after the deck is open: Browse's "Unrated" follows it,
/// and a card's spoken name says its badge.
final class PhotoMarksTests: WidgetTestCase {
    private static func photoDeck() -> Deck {
        let cards = (0..<4).map { index in
            var card = Card(id: "p\(index)", title: "IMG_\(index).jpg", imagePath: "/photos/IMG_\(index).jpg")
            card.filePath = card.imagePath
            return card
        }
        return Deck(title: "Roll", cards: cards, isPhotoDeck: true)
    }

    func testUnratedFollowsTheMarksAsTheyArrive() {
        MainActor.assumeIsolated {
            let session = DeckSession(deck: Self.photoDeck())
            let view = BrowseView(session: session)
            let window = created(gtk_window_new())
            gtk_window_set_child(window.cast(), view.widget)
            defer { gtk_window_destroy(window.cast()) }

            view.setFilter(.unrated)
            XCTAssertEqual(view.interaction.items, [0, 1, 2, 3], "before any sidecar is read, no photo is known to be rated")
            session.addMarks([0: PhotoMarks(SidecarValues(rating: "3")), 2: PhotoMarks(SidecarValues(rating: "-1"))])
            XCTAssertEqual(view.interaction.items, [1, 3], "a rated and a rejected photo leave the list")
            session.addMarks([3: PhotoMarks(SidecarValues(pickLabel: "3"))])
            XCTAssertEqual(view.interaction.items, [1], "a pick too")

            XCTAssertTrue(view.painter.spokenName(of: 0, in: session.deck).contains("Rated 3 stars"), view.painter.spokenName(of: 0, in: session.deck))
            XCTAssertTrue(view.painter.spokenName(of: 2, in: session.deck).contains("Rejected"))
            XCTAssertFalse(view.painter.spokenName(of: 1, in: session.deck).contains("Rated"))
        }
    }

    func testTheBadgeSaysWhatTheSidecarSaid() {
        XCTAssertEqual(CardShownText.badge(of: PhotoMarks(SidecarValues(rating: "2"))), "★★")
        XCTAssertEqual(CardShownText.badge(of: PhotoMarks(SidecarValues(rating: "-1", pickLabel: "1"))), "Rejected")
        XCTAssertEqual(CardShownText.badge(of: PhotoMarks(SidecarValues(pickLabel: "3"))), "Picked")
        XCTAssertNil(CardShownText.badge(of: PhotoMarks(SidecarValues(rating: "0"))))
        XCTAssertNil(CardShownText.badge(of: nil))
    }
}
