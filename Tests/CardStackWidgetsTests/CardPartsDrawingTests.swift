// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import XCTest

@testable import CardStackWidgets

/// A card partly hidden by the card in front is drawn in the parts that show, and in each part fills only its
/// share of its surface: GTK 4.8's GL renderer draws all of a node a clip cuts, so a whole card's fill under
/// the clip to a strip cost a whole card.
final class CardPartsDrawingTests: WidgetTestCase {
    func testCardsBehindTheFrontFillOnlyWhatShows() {
        withPainter { painter, _ in
            let deck = Deck(title: "Parts", cards: (0..<4).map { Card(id: "card-\($0)", title: "Card \($0)", body: "The body of card \($0).") })
            let placements = DeckLayout(viewSize: Size(width: 900, height: 720)).restingPlacements(of: 0..<4)
            XCTAssertEqual(placements.count, 4)
            guard let front = placements.last, let snapshot = gtk_snapshot_new() else { return XCTFail("no snapshot") }

            painter.beginFrame()
            painter.draw(placements, of: deck, in: snapshot)
            guard let node = gtk_snapshot_free_to_node(snapshot) else { return XCTFail("nothing drawn") }
            defer { gsk_render_node_unref(node) }
            let fills = Self.fills(of: node)

            let cardArea = front.bounds.width * front.bounds.height
            let large = fills.filter { $0.width * $0.height > cardArea / 2 }
            XCTAssertEqual(large.count, 1, "only the front card fills a card's area: \(large)")
            if let fill = large.first {
                XCTAssertEqual(fill.midX, front.center.x, accuracy: 1, "and it is the front card's")
            }
            // What shows of the card just behind it is filled all the same: its strip below the front card.
            let behind = placements[2]
            let radius = Double(CardStyle.cornerRadius)
            let parts = behind.visibleParts(under: [front], cornerRadius: radius, margin: CardShadow.shape.reach) ?? []
            let surface = behind.bounds.insetBy(dx: 0, dy: radius * behind.scale)
            let shown = parts.compactMap { $0.intersection(surface) }.filter { $0.width > 1 && $0.height > 1 }
            XCTAssertFalse(shown.isEmpty, "some of the card behind shows")
            for part in shown {
                let covered = fills.compactMap { $0.intersection(part) }.map { $0.width * $0.height }.max() ?? 0
                XCTAssertEqual(covered, part.width * part.height, accuracy: 1, "filled where it shows: \(part)")
            }
            // Their text waits for the main loop to be idle; the window goes after it.
            XCTAssertTrue(runMainLoop(until: { !painter.hasIdleWork }, limit: 5))
        }
    }

    /// A card cut above (a pile's card under the one before it) fills its surface only below the cut.
    func testACardCutAboveFillsOnlyBelowTheCut() {
        withPainter { painter, _ in
            let deck = Deck(title: "Cut", cards: [Card(id: "card", title: "A card", body: "Its body.")])
            let origin = Point(x: 10, y: 20)
            let size = Size(width: 300, height: 400)
            let cut = 320.0
            guard let snapshot = gtk_snapshot_new() else { return XCTFail("no snapshot") }
            painter.beginFrame()
            painter.drawCard(0, of: deck, size: size, at: origin, clipTop: cut, in: snapshot)
            guard let node = gtk_snapshot_free_to_node(snapshot) else { return XCTFail("nothing drawn") }
            defer { gsk_render_node_unref(node) }
            let fills = Self.fills(of: node)

            // The surface's middle, below the cut; the rest are its edges and corners, a strip each.
            let surface = fills.filter { $0.width * $0.height > size.width * 40 }
            XCTAssertEqual(surface.count, 1, "one fill of the surface: \(surface)")
            if let fill = surface.first {
                XCTAssertEqual(fill.minY, cut, accuracy: 0.01, "from the cut")
                XCTAssertEqual(fill.maxY, origin.y + size.height - Double(CardStyle.cornerRadius), accuracy: 0.01, "to the bottom corners")
                XCTAssertEqual(fill.width, size.width, accuracy: 0.01)
            }
            XCTAssertTrue(runMainLoop(until: { !painter.hasIdleWork }, limit: 5))
        }
    }

    /// The colour fills in `node`, in the widget's points.
    private static func fills(of node: OpaquePointer) -> [Rect] {
        RenderLeaf.leaves(of: node).filter { $0.kind == GSK_COLOR_NODE }.map(\.bounds)
    }
}
