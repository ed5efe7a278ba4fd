// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import XCTest

@testable import CardStackWidgets

/// The cairo renderer's shadow (edges as gradients) against the GL renderer's (edges as stretched textures),
/// both drawn by cairo: a card looks the same whichever renderer draws it.
final class CardShadowTests: WidgetTestCase {
    private static let cardSize = Size(width: 180, height: 240)

    /// Sides of the images the shadows are drawn into, in points: room round the card for its shadow.
    private static let side = 360

    /// The shadow of a card of `cardSize` drawn at `scale` into an image with room round it, turned by
    /// `rotation` radians about the card's centre and moved `shift` points right and down (a card between whole
    /// pixels); its premultiplied alpha bytes, row by row.
    @MainActor
    private static func alphas(cairo: Bool, dark: Bool, scale: Int, rotation: Double, shift: Double = 0) -> [UInt8] {
        guard let snapshot = gtk_snapshot_new() else { return [] }
        CardShadow.shared(dark: dark, scale: scale, cairo: cairo).append(to: snapshot, cardSize: cardSize)
        return alphas(of: snapshot, scale: scale) { drawing in
            cairo_translate(drawing, Double(side) / 2 + shift, Double(side) / 2 + shift)
            cairo_rotate(drawing, rotation)
            cairo_translate(drawing, -cardSize.width / 2, -cardSize.height / 2)
        }
    }

    /// The shadow of a card turned by `rotation` about the image's centre, drawn under cairo as one turned image
    /// (what a turned card gets there); alpha bytes as ``alphas(cairo:dark:scale:rotation:)`` gives them.
    @MainActor
    private static func turnedImageAlphas(dark: Bool, scale: Int, rotation: Double) -> [UInt8] {
        guard let snapshot = gtk_snapshot_new() else { return [] }
        let placement = CardPlacement(cardIndex: 0, center: Point(x: Double(side) / 2, y: Double(side) / 2), size: cardSize, rotation: rotation)
        CardShadow.shared(dark: dark, scale: scale, cairo: true).appendTurned(to: snapshot, at: placement)
        return alphas(of: snapshot, scale: scale) { _ in }
    }

    /// What `snapshot` holds, drawn by cairo at `scale` into a `side`-point square image after `place` moves the
    /// origin; the alpha bytes, row by row.
    @MainActor
    private static func alphas(of snapshot: OpaquePointer, scale: Int, place: (OpaquePointer?) -> Void) -> [UInt8] {
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(node) }
        let pixels = side * scale
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels), Int32(pixels))
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, Double(scale), Double(scale))
        let drawing = cairo_create(image)
        place(drawing)
        gsk_render_node_draw(node, drawing)
        cairo_destroy(drawing)
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(image))
        return (0..<pixels).flatMap { row in (0..<pixels).map { data[row * stride + $0 * 4 + 3] } }
    }

    func testATurnedCardsImageDrawsWhatThePiecesDraw() {
        MainActor.assumeIsolated {
            for (dark, scale, rotation) in [(false, 1, 0.3), (true, 1, -0.314), (false, 2, 0.12), (true, 1, 0.0)] {
                let turned = Self.turnedImageAlphas(dark: dark, scale: scale, rotation: rotation)
                let pieces = Self.alphas(cairo: false, dark: dark, scale: scale, rotation: rotation)
                XCTAssertEqual(turned.count, pieces.count)
                // Only where the shadow shows: the card covers its own outline (the shadow stops sharply there,
                // and half a pixel's shift of that edge is hidden under the card's).
                let pixels = Self.side * scale
                let shown = (0..<(pixels * pixels)).filter { !Self.underCard(pixel: $0, side: pixels, scale: scale, rotation: rotation) }
                let differences = shown.map { abs(Int(turned[$0]) - Int(pieces[$0])) }
                let mean = Double(differences.reduce(0, +)) / Double(max(1, differences.count))
                XCTAssertGreaterThan(turned.max() ?? 0, dark ? 60 : 30, "dark \(dark), scale \(scale)")
                // Sampled at the nearest pixel, not between pixels: a fraction of a level apart on average, a few
                // levels at most where the shadow falls off fastest.
                XCTAssertLessThan(mean, 0.5, "dark \(dark), scale \(scale), turned \(rotation)")
                XCTAssertLessThanOrEqual(differences.max() ?? 0, dark ? 8 : 4, "dark \(dark), scale \(scale), turned \(rotation)")
            }
        }
    }

    func testATurnedCardsImageIsDrawnOnlyRoundTheCard() throws {
        try MainActor.assumeIsolated {
            for rotation in [0.3, -0.12, 0.75] {
                let placement = CardPlacement(cardIndex: 0, center: Point(x: 180.4, y: 180.2), size: Self.cardSize, scale: 0.95, rotation: rotation)
                let snapshot = try XCTUnwrap(gtk_snapshot_new())
                CardShadow.shared(dark: false, scale: 1, cairo: true).appendTurned(to: snapshot, at: placement)
                let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
                defer { gsk_render_node_unref(node) }
                var bounds = graphene_rect_t()
                gsk_render_node_get_bounds(node, &bounds)
                XCTAssertEqual(gsk_render_node_get_node_type(node), GSK_CONTAINER_NODE)
                let clips = (0..<gsk_container_node_get_n_children(node)).compactMap { index -> Rect? in
                    guard let child = gsk_container_node_get_child(node, index), gsk_render_node_get_node_type(child) == GSK_CLIP_NODE,
                          let clip = gsk_clip_node_get_clip(child) else { return nil }
                    return Rect(x: Double(clip.pointee.origin.x), y: Double(clip.pointee.origin.y),
                                width: Double(clip.pointee.size.width), height: Double(clip.pointee.size.height))
                }
                // Each band of the ring round the card (its coverage is RingCoverTests'; that it draws all the
                // shadow that shows, testATurnedCardsImageDrawsWhatThePiecesDraw's).
                let ring = placement.ringCover(outset: CardShadow.shape.reach, inset: CardShadow.opaqueInset, bandHeight: CardShadow.turnedBandHeight)
                XCTAssertEqual(clips, ring, "turned \(rotation)")
                XCTAssertGreaterThan(clips.count, 8, "turned \(rotation)")
                let area = clips.map { $0.width * $0.height }.reduce(0, +)
                XCTAssertLessThan(area, Double(bounds.size.width * bounds.size.height) * 0.75, "turned \(rotation)")
            }
        }
    }

    /// Whether `pixel` (an index into a `side` × `side` image at `scale`) lies on the card turned by `rotation`
    /// about the image's centre, or within a pixel and a half of its outline.
    private static func underCard(pixel: Int, side: Int, scale: Int, rotation: Double) -> Bool {
        let x = (Double(pixel % side) + 0.5) / Double(scale) - Double(side / scale) / 2
        let y = (Double(pixel / side) + 0.5) / Double(scale) - Double(side / scale) / 2
        let u = x * cos(rotation) + y * sin(rotation)
        let v = -x * sin(rotation) + y * cos(rotation)
        let margin = 1.5 / Double(scale)
        return abs(u) < cardSize.width / 2 + margin && abs(v) < cardSize.height / 2 + margin
    }

    func testGradientEdgesDrawWhatStretchedTexturesDraw() {
        MainActor.assumeIsolated {
            let cases = [(false, 1, 0.0, 0.0), (true, 1, 0.0, 0.0), (false, 2, 0.0, 0.0), (false, 1, 0.3, 0.0), (true, 2, -0.2, 0.0), (false, 1, 0.0, 0.3), (true, 1, 0.0, 0.45)]
            for (dark, scale, rotation, shift) in cases {
                // Between whole pixels the pieces meet inside a pixel: no seam may show there.
                let gradients = Self.alphas(cairo: true, dark: dark, scale: scale, rotation: rotation, shift: shift)
                let textures = Self.alphas(cairo: false, dark: dark, scale: scale, rotation: rotation, shift: shift)
                XCTAssertEqual(gradients.count, textures.count)
                let worst = zip(gradients, textures).map { abs(Int($0) - Int($1)) }.max() ?? 0
                // The shadow is there at all (at most 0.22 opaque in the light style, 0.5 in the dark one).
                XCTAssertGreaterThan(gradients.max() ?? 0, dark ? 60 : 30, "dark \(dark), scale \(scale)")
                XCTAssertLessThanOrEqual(worst, 2, "dark \(dark), scale \(scale), turned \(rotation), shifted \(shift)")
            }
        }
    }

    /// A shadow whose pieces were cut ahead on another thread draws what one cut when first drawn draws, for
    /// either renderer; the cut ahead is the one used (a scale no other test asks for, so none is made before).
    func testAShadowCutAheadDrawsWhatOneCutOnTheMainThreadDraws() {
        MainActor.assumeIsolated {
            let scale = 3
            for (dark, cairo) in [(true, true), (false, false)] {
                CardShadow.cutAhead(dark: dark, scale: scale, cairo: cairo)
                XCTAssertTrue(CardShadow.hasCutAhead(dark: dark, scale: scale, cairo: cairo))
                let ahead = Self.alphas(cairo: cairo, dark: dark, scale: scale, rotation: 0)
                XCTAssertFalse(CardShadow.hasCutAhead(dark: dark, scale: scale, cairo: cairo), "taken by the shadow drawn")

                guard let snapshot = gtk_snapshot_new() else { return XCTFail("no snapshot") }
                let template = CardShadow.shape.mask(for: ShadowSlices(shadow: CardShadow.shape).templateSize, scale: scale)
                let opacity = dark ? CardStyle.shadowOpacityDark : CardStyle.shadowOpacityLight
                SlicedShadow(shape: CardShadow.shape, template: template, opacity: opacity, cairo: cairo).append(to: snapshot, size: Self.cardSize)
                let here = Self.alphas(of: snapshot, scale: scale) { drawing in
                    cairo_translate(drawing, Double(Self.side) / 2, Double(Self.side) / 2)
                    cairo_translate(drawing, -Self.cardSize.width / 2, -Self.cardSize.height / 2)
                }
                XCTAssertEqual(ahead.count, here.count)
                XCTAssertGreaterThan(ahead.max() ?? 0, 30, "a shadow is drawn")
                XCTAssertEqual(ahead, here, "dark \(dark), cairo \(cairo)")
            }
        }
    }
}
