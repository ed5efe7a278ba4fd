// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import XCTest

/// Textures whose pixels live in a cairo image: the texture and the node painting the image show the same pixels.
final class CairoBackedTextureTests: GtkTestCase {
    /// A 4 × 2 pixbuf, with or without alpha, whose pixels all differ: red rising across, green down, blue and
    /// alpha by column.
    private static func pixbuf(alpha: Bool) -> ObjectReference<OpaquePointer>? {
        guard let made = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, 4, 2) else { return nil }
        let pixbuf = ObjectReference(adopting: made)
        let channels = Int(gdk_pixbuf_get_n_channels(made))
        let stride = Int(gdk_pixbuf_get_rowstride(made))
        guard let pixels = gdk_pixbuf_get_pixels(made) else { return nil }
        for row in 0..<2 {
            for column in 0..<4 {
                let pixel = pixels + row * stride + column * channels
                pixel[0] = UInt8(60 * column + 10)
                pixel[1] = UInt8(200 * row + 20)
                pixel[2] = UInt8(255 - 50 * column)
                if alpha { pixel[3] = UInt8(255 - 60 * column) }
            }
        }
        return pixbuf
    }

    private static func rect(_ x: Float, _ y: Float, _ width: Float, _ height: Float) -> graphene_rect_t {
        graphene_rect_t(origin: graphene_point_t(x: x, y: y), size: graphene_size_t(width: width, height: height))
    }

    /// The texture's pixels as GDK hands them out: premultiplied BGRA bytes.
    private static func downloaded(_ texture: OpaquePointer) -> [UInt8] {
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return bytes
    }

    /// What `node` paints into an image of `width` × `height` pixels: premultiplied BGRA bytes.
    private static func painted(_ node: OpaquePointer, width: Int32, height: Int32) -> [UInt8] {
        guard let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return [] }
        defer { cairo_surface_destroy(target) }
        let drawing = cairo_create(target)
        gsk_render_node_draw(node, drawing)
        cairo_destroy(drawing)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(target))
        return (0..<Int(height)).flatMap { row in Array(UnsafeBufferPointer(start: data + row * stride, count: Int(width) * 4)) }
    }

    func testAnOpaquePictureKeepsItsColours() throws {
        let pixbuf = try XCTUnwrap(Self.pixbuf(alpha: false))
        let texture = try XCTUnwrap(CairoBackedTexture.make(from: pixbuf.pointer))
        XCTAssertEqual(gdk_texture_get_width(texture.pointer), 4)
        XCTAssertEqual(gdk_texture_get_height(texture.pointer), 2)
        let bytes = Self.downloaded(texture.pointer)
        // Row 1, column 2: red 130, green 220, blue 155, opaque; GDK's bytes are blue, green, red, alpha.
        let pixel = Array(bytes[(1 * 4 + 2) * 4..<(1 * 4 + 2) * 4 + 4])
        XCTAssertEqual(pixel, [155, 220, 130, 255])
    }

    func testAlphaIsPremultiplied() throws {
        let pixbuf = try XCTUnwrap(Self.pixbuf(alpha: true))
        let texture = try XCTUnwrap(CairoBackedTexture.make(from: pixbuf.pointer))
        let bytes = Self.downloaded(texture.pointer)
        // Row 0, column 3: red 190, green 20, blue 105 at alpha 75: each times 75/255, rounded.
        let pixel = Array(bytes[3 * 4..<3 * 4 + 4])
        XCTAssertEqual(pixel, [31, 6, 56, 75])
    }

    /// The node paints the same pixels the texture holds, placed and scaled to the bounds asked for; a texture
    /// made otherwise has no node (it is drawn as a texture).
    func testTheNodePaintsThePixelsIntoItsBounds() throws {
        let pixbuf = try XCTUnwrap(Self.pixbuf(alpha: false))
        let texture = try XCTUnwrap(CairoBackedTexture.make(from: pixbuf.pointer))
        let atSize = try XCTUnwrap(CairoBackedTexture.node(for: texture.pointer, in: Self.rect(0, 0, 4, 2)))
        XCTAssertEqual(Self.painted(atSize.node, width: 4, height: 2), Self.downloaded(texture.pointer))

        // Three times as large, one pixel in: the middle of picture pixel (2, 1) is painted pixel (8, 5) exactly;
        // far from the bounds nothing is painted.
        let tripled = try XCTUnwrap(CairoBackedTexture.node(for: texture.pointer, in: Self.rect(1, 1, 12, 6)))
        let painted = Self.painted(tripled.node, width: 16, height: 10)
        XCTAssertEqual(Array(painted[(5 * 16 + 8) * 4..<(5 * 16 + 8) * 4 + 4]), [155, 220, 130, 255])
        XCTAssertEqual(Array(painted[(9 * 16 + 15) * 4..<(9 * 16 + 15) * 4 + 4]), [0, 0, 0, 0], "nothing outside the bounds")
        // The first node is unmoved by the second: each has its own view of the pixels.
        XCTAssertEqual(Self.painted(atSize.node, width: 4, height: 2), Self.downloaded(texture.pointer))

        let plain = try XCTUnwrap(gdk_texture_new_for_pixbuf(pixbuf.pointer))
        defer { g_object_unref(UnsafeMutableRawPointer(plain)) }
        XCTAssertNil(CairoBackedTexture.node(for: plain, in: Self.rect(0, 0, 4, 2)))
    }

    /// A photo at 100 % is left as decoded: converting it would delay the zoom's first sharp frame.
    func testAPictureLargerThanTheLimitIsNotConverted() throws {
        let side = Int32(Double(CairoBackedTexture.largestConverted).squareRoot()) + 1
        let large = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, side, side))
        defer { g_object_unref(UnsafeMutableRawPointer(large)) }
        XCTAssertNil(CairoBackedTexture.make(from: large))
        let small = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, side - 2, side - 2))
        defer { g_object_unref(UnsafeMutableRawPointer(small)) }
        XCTAssertNotNil(CairoBackedTexture.make(from: small))
    }

    /// The pixels outlive everything but the nodes that paint them.
    func testANodeKeepsThePixelsAfterTheTextureIsGone() throws {
        let node: RenderNodeReference = try {
            let pixbuf = try XCTUnwrap(Self.pixbuf(alpha: false))
            let texture = try XCTUnwrap(CairoBackedTexture.make(from: pixbuf.pointer))
            return try XCTUnwrap(CairoBackedTexture.node(for: texture.pointer, in: Self.rect(0, 0, 4, 2)))
        }()
        let painted = Self.painted(node.node, width: 4, height: 2)
        XCTAssertEqual(Array(painted[(1 * 4 + 2) * 4..<(1 * 4 + 2) * 4 + 4]), [155, 220, 130, 255])
    }
}
