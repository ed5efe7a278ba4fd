// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Textures whose pixels live in a cairo image, so GTK's cairo renderer can paint a picture without converting it.
///
/// GTK 4.8's cairo renderer draws a texture node by converting every pixel of the texture into a new cairo image
/// on every frame it is drawn: with two photo cards of a megapixel in view, a key swipe's frames went from 22–40 ms
/// to about 20 ms by painting the pixels as they are (the rest was cairo shrinking the photos: ``ImageDecoder/Fit``).
/// A texture made here holds its pixels in
/// a cairo ARGB32 image, which is GDK's default memory format, and keeps that image on the texture: the cairo
/// renderer paints the image itself (``node(for:in:)``), the GL renderer uploads the same bytes as they are. One
/// buffer serves both, so a picture costs no more memory than a texture alone.
public enum CairoBackedTexture {
    /// Pictures of more pixels than this are left as decoded: a photo at 100 % for the zoom, whose conversion
    /// (40–65 ms for 24 megapixels here) would delay its first sharp frame, and which is drawn a view at a time.
    public static let largestConverted = 8_000_000

    /// A texture of `pixbuf`'s pixels held in a cairo image; nil if cairo cannot make one that large, or the
    /// picture has more than ``largestConverted`` pixels.
    ///
    /// Safe off the main thread for a pixbuf no other thread touches: it only converts pixels.
    public static func make(from pixbuf: OpaquePointer) -> ObjectReference<OpaquePointer>? {
        let width = gdk_pixbuf_get_width(pixbuf)
        let height = gdk_pixbuf_get_height(pixbuf)
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard width > 0, height > 0, Int(width) * Int(height) <= largestConverted,
              gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4,
              let pixels = gdk_pixbuf_read_pixels(pixbuf),
              let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return nil }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(image) else {
            cairo_surface_destroy(image)
            return nil
        }
        copy(pixels, rowstride: Int(gdk_pixbuf_get_rowstride(pixbuf)), channels: channels,
             into: UnsafeMutableRawPointer(data), stride: Int(cairo_image_surface_get_stride(image)), width: Int(width), height: Int(height))
        cairo_surface_mark_dirty(image)
        let stride = cairo_image_surface_get_stride(image)
        // The bytes keep the image alive for as long as the texture reads them.
        let bytes = g_bytes_new_with_free_func(
            cairo_image_surface_get_data(image), gsize(stride) * gsize(height),
            { cairo_surface_destroy(OpaquePointer($0)) }, UnsafeMutableRawPointer(cairo_surface_reference(image))
        )
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_memory_texture_new(width, height, cairoARGB32, bytes, gsize(stride)) else {
            cairo_surface_destroy(image)
            return nil
        }
        // The texture owns the image's first reference: ``node(for:in:)`` finds it there.
        g_object_set_data_full(UnsafeMutableRawPointer(texture).assumingMemoryBound(to: GObject.self), imageKey, UnsafeMutableRawPointer(image)) { cairo_surface_destroy(OpaquePointer($0)) }
        return ObjectReference(adopting: texture)
    }

    /// Copies a pixbuf's RGB or RGBA bytes into cairo's ARGB32 words, premultiplying by alpha: one pass, in place.
    private static func copy(
        _ source: UnsafePointer<UInt8>, rowstride: Int, channels: Int,
        into destination: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int
    ) {
        for row in 0..<height {
            let from = source + row * rowstride
            let to = (destination + row * stride).assumingMemoryBound(to: UInt32.self)
            if channels == 3 {
                for column in 0..<width {
                    let pixel = from + 3 * column
                    to[column] = 0xFF00_0000 | UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
                }
            } else {
                for column in 0..<width {
                    let pixel = from + 4 * column
                    let alpha = UInt32(pixel[3])
                    // x × a / 255, rounded, without a division.
                    func times(_ value: UInt8) -> UInt32 {
                        let product = UInt32(value) * alpha + 128
                        return (product + (product >> 8)) >> 8
                    }
                    to[column] = alpha << 24 | times(pixel[0]) << 16 | times(pixel[1]) << 8 | times(pixel[2])
                }
            }
        }
    }

    /// A node painting `texture`'s pixels into `bounds` straight from its cairo image, for the cairo renderer;
    /// nil for a texture not made by ``make(from:)``, or a GTK whose cairo nodes cannot hold an image
    /// (``ImageNode/isAvailable``): draw the texture then.
    ///
    /// Each node gets its own view of the pixels (no copy), with the scale that fits them to `bounds`: an image
    /// placed by one node must not move another's.
    public static func node(for texture: OpaquePointer, in bounds: graphene_rect_t) -> RenderNodeReference? {
        guard ImageNode.isAvailable, bounds.size.width > 0, bounds.size.height > 0,
              let pointer = g_object_get_data(UnsafeMutableRawPointer(texture).assumingMemoryBound(to: GObject.self), imageKey) else { return nil }
        let image = OpaquePointer(pointer)
        let width = cairo_image_surface_get_width(image)
        let height = cairo_image_surface_get_height(image)
        guard let view = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(image), CAIRO_FORMAT_ARGB32, width, height, cairo_image_surface_get_stride(image)
        ) else { return nil }
        defer { cairo_surface_destroy(view) }
        guard cairo_surface_status(view) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(view, &viewKey, UnsafeMutableRawPointer(cairo_surface_reference(image)), { cairo_surface_destroy(OpaquePointer($0)) })
              == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_set_device_scale(view, Double(width) / Double(bounds.size.width), Double(height) / Double(bounds.size.height))
        return ImageNode.painting(view, at: bounds.origin)
    }

    /// Cairo's ARGB32 in GDK's words: premultiplied, a native-endian 32-bit word a pixel.
    #if _endian(little)
    private static let cairoARGB32 = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    #else
    private static let cairoARGB32 = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    #endif
    /// The texture's data key for its cairo image.
    private static let imageKey = "cardstack-cairo-image"
    /// A view's user-data key for the image whose pixels it shows; only its address matters.
    nonisolated(unsafe) private static var viewKey = cairo_user_data_key_t()
}
