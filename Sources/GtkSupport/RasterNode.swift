// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Render nodes drawn once into pixels, for GTK's cairo renderer, which otherwise draws a node afresh each frame.
///
/// At each new scale the cairo renderer rasterises every glyph of a text node again (with the font's hinting
/// program) and converts every texture to floats and back (GTK 4.8's `gdk_memory_convert`); a node painted
/// from an image drawn once only resamples that image.
public enum RasterNode {
    /// A node that paints `node` as drawn once into an image of `scale` pixels to a point, straight from the
    /// image (``ImageNode``), resampled bilinearly under whatever transform it is drawn with (cairo's default
    /// filter, at the stack's scales of 0.8 and more); nil if the image cannot be made.
    public static func rasterizing(_ node: OpaquePointer, scale: Int) -> RenderNodeReference? {
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        // Whole points, so the image's pixels fall on the device's when drawn untransformed.
        var whole = graphene_rect_t()
        graphene_rect_round_extents(&bounds, &whole)
        let left = Double(whole.origin.x)
        let top = Double(whole.origin.y)
        let width = Double(whole.size.width)
        let height = Double(whole.size.height)
        let pixelScale = Double(max(1, scale))
        guard width > 0, height > 0, width * pixelScale < 32_767, height * pixelScale < 32_767 else { return nil }

        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * pixelScale), Int32(height * pixelScale)) else { return nil }
        defer { cairo_surface_destroy(image) }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_set_device_scale(image, pixelScale, pixelScale)
        let drawing = cairo_create(image)
        cairo_translate(drawing, -left, -top)
        gsk_render_node_draw(node, drawing)
        cairo_destroy(drawing)

        let origin = graphene_point_t(x: Float(left), y: Float(top))
        return ImageNode.painting(image, at: origin) ?? recording(image, at: origin)
    }

    /// A node that paints `image` from a recording, for a GTK whose cairo nodes cannot hold an image
    /// (``ImageNode/isAvailable``).
    private static func recording(_ image: OpaquePointer, at origin: graphene_point_t) -> RenderNodeReference? {
        var area = graphene_rect_t(origin: origin, size: ImageNode.size(of: image))
        guard let raster = gsk_cairo_node_new(&area) else { return nil }
        let painting = gsk_cairo_node_get_draw_context(raster)
        cairo_set_source_surface(painting, image, Double(origin.x), Double(origin.y))
        // GOOD would average whole boxes of pixels when the image is drawn smaller: slower, and at the stack's
        // scales (0.8–0.95) no sharper.
        cairo_pattern_set_filter(cairo_get_source(painting), CAIRO_FILTER_BILINEAR)
        cairo_paint(painting)
        cairo_destroy(painting)
        return RenderNodeReference(adopting: raster)
    }

    /// Whether `widget`'s window draws with GTK's cairo renderer (`GSK_RENDERER=cairo`, or GL unavailable).
    @MainActor
    public static func drawsWithCairo(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return false }
        return g_type_check_instance_is_a(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self), gsk_cairo_renderer_get_type()) != 0
    }
}
