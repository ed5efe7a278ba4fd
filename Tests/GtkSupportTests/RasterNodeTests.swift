// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

final class RasterNodeTests: GtkTestCase {
    /// Two colours and a texture, the first with fractional bounds, so the raster's bounds must round out.
    @MainActor
    private static func sampleNode() -> RenderNodeReference? {
        guard let snapshot = gtk_snapshot_new() else { return nil }
        var red = GdkRGBA(red: 0.8, green: 0.1, blue: 0.2, alpha: 1)
        var blue = GdkRGBA(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)
        var first = graphene_rect_t(origin: graphene_point_t(x: 2.25, y: 3.5), size: graphene_size_t(width: 20.5, height: 11.25))
        var second = graphene_rect_t(origin: graphene_point_t(x: 8, y: 6), size: graphene_size_t(width: 16, height: 12))
        gtk_snapshot_append_color(snapshot, &red, &first)
        gtk_snapshot_append_color(snapshot, &blue, &second)
        let pixels = (0..<(8 * 8)).flatMap { index -> [UInt8] in
            let alpha = UInt8(index * 4)
            return [alpha / 2, 0, alpha, alpha]
        }
        let texture = MemoryTexture.premultipliedBGRA(width: 8, height: 8, pixels: pixels)
        var area = graphene_rect_t(origin: graphene_point_t(x: 4, y: 9), size: graphene_size_t(width: 8, height: 8))
        gtk_snapshot_append_texture(snapshot, texture.pointer, &area)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        return RenderNodeReference(adopting: node)
    }

    /// The pixels of `node` drawn into a 32 × 24 point image at `scale`, after `transform` (scale factor).
    private static func pixels(of node: OpaquePointer, scale: Int, shrink: Double = 1) -> [UInt8] {
        let width = Int32(32 * scale)
        let height = Int32(24 * scale)
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, Double(scale), Double(scale))
        let drawing = cairo_create(image)
        cairo_scale(drawing, shrink, shrink)
        gsk_render_node_draw(node, drawing)
        cairo_destroy(drawing)
        cairo_surface_flush(image)
        guard let data = cairo_image_surface_get_data(image) else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(image) * height)))
    }

    func testUntransformedRasterDrawsTheNodesPixels() throws {
        try MainActor.assumeIsolated {
            let node = try XCTUnwrap(Self.sampleNode())
            for scale in [1, 2] {
                let raster = try XCTUnwrap(RasterNode.rasterizing(node.node, scale: scale))
                XCTAssertEqual(gsk_render_node_get_node_type(raster.node), GSK_CAIRO_NODE)
                var bounds = graphene_rect_t()
                gsk_render_node_get_bounds(raster.node, &bounds)
                // 2.25…24 × 3.5…18 rounded out to whole points.
                XCTAssertEqual([bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height], [2, 3, 22, 15])
                XCTAssertEqual(Self.pixels(of: raster.node, scale: scale), Self.pixels(of: node.node, scale: scale), "scale \(scale)")
            }
        }
    }

    func testScaledRasterStaysWhereTheNodeIs() throws {
        try MainActor.assumeIsolated {
            let node = try XCTUnwrap(Self.sampleNode())
            let raster = try XCTUnwrap(RasterNode.rasterizing(node.node, scale: 1))
            let drawn = Self.pixels(of: raster.node, scale: 1, shrink: 0.9)
            let expected = Self.pixels(of: node.node, scale: 1, shrink: 0.9)
            XCTAssertEqual(drawn.count, expected.count)
            // Resampled rather than drawn again: edges differ by a fraction of a pixel's coverage, nothing moves.
            let difference = zip(drawn, expected).map { abs(Int($0) - Int($1)) }
            XCTAssertLessThan(Double(difference.reduce(0, +)) / Double(difference.count), 4)
            XCTAssertLessThan(difference.filter { $0 > 64 }.count, difference.count / 50)
        }
    }

    func testNothingToDrawGivesNoRaster() throws {
        try MainActor.assumeIsolated {
            var black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
            var empty = graphene_rect_t(origin: graphene_point_t(x: 3, y: 3), size: graphene_size_t(width: 0, height: 0))
            let node = RenderNodeReference(adopting: try XCTUnwrap(gsk_color_node_new(&black, &empty)))
            XCTAssertNil(RasterNode.rasterizing(node.node, scale: 1))
        }
    }

    func testAWidgetOutsideAWindowHasNoCairoRenderer() throws {
        try MainActor.assumeIsolated {
            // GSK reads GSK_RENDERER once per process, so which renderer a window here gets is not the test's to
            // choose; a widget in no window has none.
            let label = try XCTUnwrap(gtk_label_new("Not shown"))
            g_object_ref_sink(label)
            defer { g_object_unref(label) }
            XCTAssertFalse(RasterNode.drawsWithCairo(label))
        }
    }
}
