// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

/// Cairo nodes holding an image, and alpha images drawn as textures are (the cairo renderer replayed
/// a stack card's picture into a fresh image every frame, and converted every shadow corner to floats and back).
final class ImageNodeTests: GtkTestCase {
    /// An 8 × 6 pixel image at `scale` pixels to a point whose pixels all differ.
    private static func sampleImage(scale: Double = 1) -> OpaquePointer? {
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 6), let data = cairo_image_surface_get_data(image) else { return nil }
        cairo_surface_flush(image)
        let stride = Int(cairo_image_surface_get_stride(image))
        for row in 0..<6 {
            for column in 0..<8 {
                let alpha = UInt32(100 + row * 20 + column * 3)
                UnsafeMutableRawPointer(data + row * stride).storeBytes(of: alpha << 24 | (alpha / 2) << 16 | UInt32(column * 9) << 8, toByteOffset: column * 4, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(image)
        cairo_surface_set_device_scale(image, scale, scale)
        return image
    }

    /// What `draw` paints into a 24 × 20 pixel image, moved `shift` pixels right and down: its bytes.
    private static func pixels(shift: Double, _ draw: (OpaquePointer?) -> Void) -> [UInt8] {
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 24, 20) else { return [] }
        defer { cairo_surface_destroy(target) }
        let drawing = cairo_create(target)
        cairo_translate(drawing, shift, shift)
        draw(drawing)
        cairo_destroy(drawing)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(target)) * 20))
    }

    func testThisGTKsCairoNodesCanHoldAnImage() {
        XCTAssertTrue(ImageNode.isAvailable, "GTK 4.8's cairo node keeps its surface in one word after the render node")
    }

    func testTheNodePaintsTheImageAsCairoWouldAndOwnsIt() throws {
        for shift in [0.0, 0.3] {
            let image = try XCTUnwrap(Self.sampleImage())
            let expected = Self.pixels(shift: shift) { drawing in
                cairo_set_source_surface(drawing, image, 5, 4)
                cairo_paint(drawing)
            }
            let node = try XCTUnwrap(ImageNode.painting(image, at: graphene_point_t(x: 5, y: 4)))
            XCTAssertEqual(gsk_render_node_get_node_type(node.node), GSK_CAIRO_NODE)
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(node.node, &bounds)
            XCTAssertEqual([bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height], [5, 4, 8, 6])
            XCTAssertEqual(cairo_surface_get_reference_count(image), 2, "the node holds the image")
            cairo_surface_destroy(image)
            let drawn = Self.pixels(shift: shift) { gsk_render_node_draw(node.node, $0) }
            XCTAssertEqual(drawn, expected, "shifted \(shift)")
            XCTAssertGreaterThan(drawn.max() ?? 0, 100)
        }
    }

    func testAnImagesSizeIsInPoints() throws {
        let image = try XCTUnwrap(Self.sampleImage(scale: 2))
        defer { cairo_surface_destroy(image) }
        let node = try XCTUnwrap(ImageNode.painting(image, at: graphene_point_t(x: 1.5, y: 2)))
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node.node, &bounds)
        XCTAssertEqual([bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height], [1.5, 2, 4, 3])
    }

    /// Between whole pixels too: where a corner of a card's shadow meets its edges, a difference shows as a seam.
    func testAnAlphaImageDrawsWhatATextureNodeOfItsPixelsDraws() throws {
        let alpha = (0..<(7 * 5)).map { UInt8(40 + $0 * 6) }
        let black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        let image = try XCTUnwrap(AlphaImage(width: 7, height: 5, scale: 1, color: black, alpha: alpha))
        let texture = MemoryTexture.premultipliedBGRA(width: 7, height: 5, pixels: alpha.flatMap { [0, 0, 0, $0] })
        for shift in [0.0, 0.3, 0.5, 0.85] {
            let origin = graphene_point_t(x: 6, y: 7)
            let node = try XCTUnwrap(image.node(at: origin))
            var area = graphene_rect_t(origin: origin, size: graphene_size_t(width: 7, height: 5))
            let textureNode = RenderNodeReference(adopting: try XCTUnwrap(gsk_texture_node_new(texture.pointer, &area)))
            let drawn = Self.pixels(shift: shift) { gsk_render_node_draw(node.node, $0) }
            let expected = Self.pixels(shift: shift) { gsk_render_node_draw(textureNode.node, $0) }
            let worst = zip(drawn, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 1, "shifted \(shift)")
            XCTAssertGreaterThan(drawn.max() ?? 0, 100)
        }
    }
}
