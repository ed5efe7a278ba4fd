// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// An image of alpha only, painted in one colour under any transform: for GTK's cairo renderer, which draws one
/// mask in a single pass where it composites a turned texture or gradient row by row.
///
/// Each row pixman composites from a texture or a gradient clears a 24 KB scanline buffer first (pixman 0.42's
/// general path), so the eight turned pieces of a card's shadow cost 2 ms a frame; one turned mask about 1 ms.
public final class AlphaMask {
    private let surface: OpaquePointer
    /// The mask's size, in points.
    public let size: graphene_size_t

    /// A mask of `width` × `height` pixels from `alpha`, one byte a pixel, rows one after another, at `scale`
    /// pixels to a point; nil if cairo cannot make the image. The bytes are copied.
    public init?(width: Int, height: Int, scale: Int, alpha: [UInt8]) {
        precondition(width > 0 && height > 0 && alpha.count == width * height, "a mask needs a byte for each of its pixels")
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        alpha.withUnsafeBufferPointer { source in
            for row in 0..<height {
                (data + row * stride).update(from: source.baseAddress! + row * width, count: width)
            }
        }
        cairo_surface_mark_dirty(surface)
        let pixelsPerPoint = Double(max(1, scale))
        cairo_surface_set_device_scale(surface, pixelsPerPoint, pixelsPerPoint)
        self.surface = surface
        size = graphene_size_t(width: Float(Double(width) / pixelsPerPoint), height: Float(Double(height) / pixelsPerPoint))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Appends the mask painted in `color`, its top-left corner moved by `transform` (from the mask's points to
    /// the snapshot's), sampled at the nearest pixel.
    ///
    /// Nearest, not bilinear: three times faster in pixman under a turn, and for a mask as smooth as a blurred
    /// shadow no different to see (neighbouring pixels differ by a few levels of 255).
    public func append(to snapshot: OpaquePointer, color: GdkRGBA, transform: cairo_matrix_t) {
        var matrix = transform
        var bounds = boundsAfter(matrix)
        guard bounds.size.width > 0, bounds.size.height > 0, let cairo = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        defer { cairo_destroy(cairo) }
        cairo_transform(cairo, &matrix)
        cairo_set_source_rgba(cairo, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_mask(cairo, pattern)
    }

    /// The whole points covering the mask once `matrix` has moved it.
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
