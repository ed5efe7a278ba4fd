// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Cairo nodes that paint a cairo image straight onto the frame, for GTK's cairo renderer.
///
/// GTK 4.8 has no public way to make one: `gsk_cairo_node_get_draw_context` records what is drawn, and cairo
/// replays a recording into a new, cleared image each time the node is drawn, then composites that image (a
/// stack card's picture at another scale: a clear, a resample and a composite, where painting the image is a
/// resample-and-composite); under a translation it also snaps the replay to whole pixels. A texture node is
/// no better: GTK 4.8 turns each of its pixels into floats and back every time it is drawn. So the node is made
/// with a recording and the image put in its place: GSK draws a cairo node by painting its surface, and frees
/// it with the node.
///
/// The surface's place in the node is found, not assumed: it is the one word of the node that holds the
/// recording `gsk_cairo_node_get_surface` returns, and the swap is checked through that function. Where that
/// fails (another GTK's layout), ``isAvailable`` is false and callers draw another way.
public enum ImageNode {
    /// Whether image nodes can be made with this GTK.
    public static var isAvailable: Bool { surfaceOffset != nil }

    /// A node that paints `image` (its device scale giving its pixels to a point) with its top-left corner at
    /// `origin`, as big as the image, filtered as cairo filters a surface by default (not at all where its
    /// pixels fall on the device's); nil if this GTK's cairo nodes cannot hold an image.
    ///
    /// The image's device offset is set to place it: an image belongs to one node.
    public static func painting(_ image: OpaquePointer, at origin: graphene_point_t) -> RenderNodeReference? {
        guard let offset = surfaceOffset, let (node, recording) = recordingNode(graphene_rect_t(origin: origin, size: size(of: image))) else { return nil }
        let reference = RenderNodeReference(adopting: node)
        let field = UnsafeMutableRawPointer(node) + offset
        guard field.load(as: OpaquePointer?.self) == recording else { return nil }
        field.storeBytes(of: cairo_surface_reference(image), as: OpaquePointer?.self)
        cairo_surface_destroy(recording)
        // The node holds the image now, and lets go of it when freed, whether or not it is returned.
        guard gsk_cairo_node_get_surface(node) == image else { return nil }
        var scaleX = 1.0
        var scaleY = 1.0
        cairo_surface_get_device_scale(image, &scaleX, &scaleY)
        cairo_surface_set_device_offset(image, -Double(origin.x) * scaleX, -Double(origin.y) * scaleY)
        return reference
    }

    /// The size of cairo image `image`, in points.
    static func size(of image: OpaquePointer) -> graphene_size_t {
        var scaleX = 1.0
        var scaleY = 1.0
        cairo_surface_get_device_scale(image, &scaleX, &scaleY)
        return graphene_size_t(
            width: Float(Double(cairo_image_surface_get_width(image)) / scaleX),
            height: Float(Double(cairo_image_surface_get_height(image)) / scaleY)
        )
    }

    /// Where a cairo node keeps its surface, in bytes from its start; nil if it cannot be told.
    private static let surfaceOffset: Int? = {
        guard let (node, recording) = recordingNode(graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: 1, height: 1))) else {
            return nil
        }
        defer { gsk_render_node_unref(node) }
        var query = GTypeQuery()
        g_type_query(gsk_cairo_node_get_type(), &query)
        let pointerSize = MemoryLayout<OpaquePointer>.size
        let start = UnsafeRawPointer(node)
        let candidates = stride(from: pointerSize, through: Int(query.instance_size) - pointerSize, by: MemoryLayout<OpaquePointer>.alignment).filter {
            start.load(fromByteOffset: $0, as: OpaquePointer?.self) == recording
        }
        return candidates.count == 1 ? candidates[0] : nil
    }()

    /// A new cairo node of `bounds` with the recording surface GSK gives it, which the node owns.
    private static func recordingNode(_ bounds: graphene_rect_t) -> (node: OpaquePointer, recording: OpaquePointer)? {
        var area = bounds
        guard area.size.width > 0, area.size.height > 0, let node = gsk_cairo_node_new(&area) else { return nil }
        guard let drawing = gsk_cairo_node_get_draw_context(node) else {
            gsk_render_node_unref(node)
            return nil
        }
        cairo_destroy(drawing)
        guard let recording = gsk_cairo_node_get_surface(node) else {
            gsk_render_node_unref(node)
            return nil
        }
        return (node, recording)
    }
}
