// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// The photo looked at is the first one decoded: pictures decode one at a time in the order they are asked for,
/// and the deck draws its cards back to front, so a deck opened on a folder of camera photos showed its front
/// photo only after the three under it had been decoded.
final class CardPictureOrderTests: WidgetTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("BurstFrames")

    /// Four photos, a card each.
    private static var photos: [Card] {
        ["plasma.jpg", "rose.jpg", "logo-sharp.jpg", "logo-moved.jpg"].map { Card(id: $0, title: $0, imagePath: folder.appendingPathComponent($0).path) }
    }

    func testTheFrontCardsPhotoIsDecodedBeforeThoseUnderIt() throws {
        let cards = Self.photos
        withPainter { painter, _ in
            let deck = Deck(title: "Roll", cards: cards, isPhotoDeck: true)
            // Back to front, as the deck draws them: card 0 is on top.
            let placements = DeckLayout(viewSize: Size(width: 900, height: 720)).restingPlacements(of: 0..<4)
            XCTAssertEqual(placements.last?.cardIndex, 0, "the first card is drawn last, on top")
            let firstDecoded = Self.notingFirstDecode(of: cards, in: painter.images)
            guard let snapshot = gtk_snapshot_new() else { return XCTFail("no snapshot") }
            painter.beginFrame()
            painter.draw(placements, of: deck, in: snapshot)
            if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }

            XCTAssertTrue(runMainLoop(until: { Self.decoded(cards, in: painter.images).count == 4 }, limit: 20), "every photo is decoded")
            XCTAssertEqual(firstDecoded(), [0], "the photo on top came first")
            XCTAssertTrue(runMainLoop(until: { !painter.hasIdleWork }, limit: 5))
        }
    }

    /// Browse's cards lie side by side, drawn left to right: the card the strip rests on, in the middle, is the
    /// one looked at, and its picture comes first.
    func testBrowseDecodesTheCardItRestsOnFirst() {
        let cards = Self.photos
        MainActor.assumeIsolated {
            let view = BrowseView(session: DeckSession(deck: Deck(title: "Roll", cards: cards, isPhotoDeck: true)))
            let window = created(gtk_window_new())
            gtk_window_set_default_size(window.cast(), 900, 720)
            gtk_window_set_child(window.cast(), view.widget)
            defer {
                _ = runMainLoop(until: { g_main_context_pending(nil) == 0 })
                gtk_window_destroy(window.cast())
            }
            let images = view.painter.images
            let firstDecoded = Self.notingFirstDecode(of: cards, in: images)
            gtk_window_present(window.cast())
            XCTAssertTrue(runMainLoop(until: { Self.decoded(cards, in: images).count >= 2 }, limit: 20), "the cards beside it are shown, and decoded too")
            let resting = view.interaction.restingCard
            XCTAssertNotNil(resting)
            XCTAssertEqual(firstDecoded(), resting.map { [$0] }, "the card the strip rests on came first")
        }
    }

    /// The cards of `cards` whose pictures `images` holds decoded.
    @MainActor private static func decoded(_ cards: [Card], in images: CardImageCache) -> [Int] {
        cards.indices.filter { if case .texture = images.known(for: cards[$0]) { true } else { false } }
    }

    /// Notes, from now on, which of `cards` `images` holds decoded when it first reports a decode: the closure
    /// returned gives them (nil before). The widget is still told to draw again.
    @MainActor private static func notingFirstDecode(of cards: [Card], in images: CardImageCache) -> @MainActor () -> [Int]? {
        var first: [Int]?
        let redraw = images.onDecoded
        images.onDecoded = {
            if first == nil { first = decoded(cards, in: images) }
            redraw?()
        }
        return { first }
    }
}
