// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// An image of one colour whose alpha varies from pixel to pixel (a card's shadow), painted under any transform
/// for GTK's cairo renderer, which draws it in one pass where it composites a turned texture or gradient row by
/// row.
///
/// Each row pixman composites from a texture or a gradient clears a 24 KB scanline buffer first (pixman 0.42's
/// general path), so the eight turned pieces of a card's shadow cost 2 ms a frame; one turned image under 0.5 ms.
/// Its pixels are kept premultiplied in ARGB, not as an A8 mask painted through the colour: turned, pixman
/// fetches ARGB pixels as they are, where it converts every A8 pixel and combines it with the colour (0.46
/// against 0.77 ms for a turned card's shadow, measured with cairo 1.16 alone). Upright, it is drawn as a texture
/// node would be (``node(at:)``), without the texture's conversion each frame.
public final class AlphaImage {
    private let surface: OpaquePointer
    /// Pixels to a point.
    private let pixelsPerPoint: Double
    /// The image's size, in points.
    public let size: graphene_size_t

    /// An image of `width` × `height` pixels of `color` at the opacity `alpha` gives each, one byte a pixel, rows
    /// one after another, at `scale` pixels to a point; nil if cairo cannot make it.
    public init?(width: Int, height: Int, scale: Int, color: GdkRGBA, alpha: [UInt8]) {
        precondition(width > 0 && height > 0 && alpha.count == width * height, "an alpha image needs a byte for each of its pixels")
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = Self.premultipliedPixels(of: color)
        alpha.withUnsafeBufferPointer { source in
            for row in 0..<height {
                let line = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { line[column] = pixels[Int(source[row * width + column])] }
            }
        }
        cairo_surface_mark_dirty(surface)
        let pixelsPerPoint = Double(max(1, scale))
        cairo_surface_set_device_scale(surface, pixelsPerPoint, pixelsPerPoint)
        self.surface = surface
        self.pixelsPerPoint = pixelsPerPoint
        size = graphene_size_t(width: Float(Double(width) / pixelsPerPoint), height: Float(Double(height) / pixelsPerPoint))
    }

    /// Cairo's ARGB32 pixel of `color` at each of the 256 opacities: alpha in the top byte, each channel
    /// multiplied by it.
    private static func premultipliedPixels(of color: GdkRGBA) -> [UInt32] {
        func byte(_ value: Double) -> UInt32 { UInt32(max(0, min(255, (value * 255).rounded()))) }
        return (0...255).map { level in
            let alpha = Double(level) / 255 * Double(color.alpha)
            return byte(alpha) << 24 | byte(Double(color.red) * alpha) << 16 | byte(Double(color.green) * alpha) << 8 | byte(Double(color.blue) * alpha)
        }
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// A node that paints the image with its top-left corner moved by `transform` (from the image's points to the
    /// node's), sampled at the nearest pixel; nil if it covers nothing.
    ///
    /// Nearest, not bilinear: three times faster in pixman under a turn, and for an image as smooth as a blurred
    /// shadow no different to see (neighbouring pixels differ by a few levels of 255). GTK's cairo renderer
    /// paints the node through an image as big as the part of it drawn: under a clip, only that part costs.
    public func node(transform: cairo_matrix_t) -> RenderNodeReference? {
        var matrix = transform
        var bounds = boundsAfter(matrix)
        guard bounds.size.width > 0, bounds.size.height > 0, let node = gsk_cairo_node_new(&bounds) else { return nil }
        let reference = RenderNodeReference(adopting: node)
        guard let cairo = gsk_cairo_node_get_draw_context(node) else { return nil }
        defer { cairo_destroy(cairo) }
        cairo_transform(cairo, &matrix)
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return reference }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_set_source(cairo, pattern)
        cairo_paint(cairo)
        return reference
    }

    /// A node that draws the image with its top-left corner at `origin` exactly as GTK's cairo renderer draws a
    /// texture node of its size there, edge pixels padded outward, but without converting its pixels each frame
    /// (GTK 4.8 turns a texture's every pixel into floats and back whenever it draws one); nil where
    /// ``ImageNode`` cannot be made.
    ///
    /// The image is painted with a border of its edge pixels under a clip to its bounds: at a fractional
    /// position cairo's filter then reads the border where a texture node's padding would give the same pixels,
    /// and the clip cuts the edges as the texture node's fill does, so the image meets what is drawn beside it
    /// without a seam.
    public func node(at origin: graphene_point_t) -> RenderNodeReference? {
        guard ImageNode.isAvailable, let bordered = borderedCopy() else { return nil }
        defer { cairo_surface_destroy(bordered) }
        let border = Float(1 / pixelsPerPoint)
        let corner = graphene_point_t(x: origin.x - border, y: origin.y - border)
        guard let painting = ImageNode.painting(bordered, at: corner) else { return nil }
        var bounds = graphene_rect_t(origin: origin, size: size)
        guard let clip = gsk_clip_node_new(painting.node, &bounds) else { return nil }
        return RenderNodeReference(adopting: clip)
    }

    /// A copy of the image a pixel bigger on every side, the border repeating the nearest edge pixel; the caller
    /// destroys it.
    private func borderedCopy() -> OpaquePointer? {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        guard let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width + 2), Int32(height + 2)) else { return nil }
        guard cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(copy),
              let source = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(copy)
            return nil
        }
        cairo_surface_flush(copy)
        let sourceStride = Int(cairo_image_surface_get_stride(surface))
        let targetStride = Int(cairo_image_surface_get_stride(copy))
        for row in 0..<(height + 2) {
            let from = UnsafeRawPointer(source + min(max(row - 1, 0), height - 1) * sourceStride).assumingMemoryBound(to: UInt32.self)
            let to = UnsafeMutableRawPointer(target + row * targetStride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<(width + 2) { to[column] = from[min(max(column - 1, 0), width - 1)] }
        }
        cairo_surface_mark_dirty(copy)
        cairo_surface_set_device_scale(copy, pixelsPerPoint, pixelsPerPoint)
        return copy
    }

    /// The whole points covering the image once `matrix` has moved it.
    private func boundsAfter(_ matrix: cairo_matrix_t) -> graphene_rect_t {
        var matrix = matrix
        let corners = [(0.0, 0.0), (Double(size.width), 0.0), (0.0, Double(size.height)), (Double(size.width), Double(size.height))]
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in corners {
            var px = x, py = y
            cairo_matrix_transform_point(&matrix, &px, &py)
            minX = min(minX, px)
            minY = min(minY, py)
            maxX = max(maxX, px)
            maxY = max(maxY, py)
        }
        var moved = graphene_rect_t(
            origin: graphene_point_t(x: Float(minX), y: Float(minY)),
            size: graphene_size_t(width: Float(maxX - minX), height: Float(maxY - minY))
        )
        var whole = graphene_rect_t()
        graphene_rect_round_extents(&moved, &whole)
        return whole
    }
}
