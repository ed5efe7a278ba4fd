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
            var fills: [Rect] = []
            Self.fills(of: node, into: &fills)

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
            var fills: [Rect] = []
            Self.fills(of: node, into: &fills)

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

    /// The colour fills in `node`, in the widget's points: translations and scales above them applied.
    private static func fills(of node: OpaquePointer, scale: Double = 1, offset: Point = Point(x: 0, y: 0), into result: inout [Rect]) {
        switch gsk_render_node_get_node_type(node) {
        case GSK_CONTAINER_NODE:
            for index in 0..<gsk_container_node_get_n_children(node) {
                fills(of: gsk_container_node_get_child(node, index), scale: scale, offset: offset, into: &result)
            }
        case GSK_TRANSFORM_NODE:
            let transform = gsk_transform_node_get_transform(node)
            var scaleX: Float = 1, scaleY: Float = 1, dx: Float = 0, dy: Float = 0
            guard gsk_transform_get_category(transform).rawValue >= GSK_TRANSFORM_CATEGORY_2D_AFFINE.rawValue else { return }
            gsk_transform_to_affine(transform, &scaleX, &scaleY, &dx, &dy)
            fills(of: gsk_transform_node_get_child(node), scale: scale * Double(scaleX),
                  offset: Point(x: offset.x + scale * Double(dx), y: offset.y + scale * Double(dy)), into: &result)
        case GSK_CLIP_NODE:
            fills(of: gsk_clip_node_get_child(node), scale: scale, offset: offset, into: &result)
        case GSK_ROUNDED_CLIP_NODE:
            fills(of: gsk_rounded_clip_node_get_child(node), scale: scale, offset: offset, into: &result)
        case GSK_OPACITY_NODE:
            fills(of: gsk_opacity_node_get_child(node), scale: scale, offset: offset, into: &result)
        case GSK_COLOR_NODE:
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(node, &bounds)
            result.append(Rect(x: offset.x + scale * Double(bounds.origin.x), y: offset.y + scale * Double(bounds.origin.y),
                               width: scale * Double(bounds.size.width), height: scale * Double(bounds.size.height)))
        default:
            break
        }
    }
}
