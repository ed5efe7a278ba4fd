// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

/// One drawn leaf of a render node tree: its kind, where it lies in the tree's coordinates, and its colour if it
/// is a fill.
struct RenderLeaf {
    var kind: GskRenderNodeType
    var bounds: Rect
    var color: GdkRGBA?

    /// The drawn leaves of `node`, with the translations and scales above them applied. Clips and opacity are
    /// looked through; a turned subtree is listed as it would lie unturned.
    static func leaves(of node: OpaquePointer) -> [RenderLeaf] {
        var result: [RenderLeaf] = []
        collect(node, scale: 1, offset: Point(x: 0, y: 0), into: &result)
        return result
    }

    private static func collect(_ node: OpaquePointer, scale: Double, offset: Point, into result: inout [RenderLeaf]) {
        let kind = gsk_render_node_get_node_type(node)
        switch kind {
        case GSK_CONTAINER_NODE:
            for index in 0..<gsk_container_node_get_n_children(node) {
                collect(gsk_container_node_get_child(node, index), scale: scale, offset: offset, into: &result)
            }
        case GSK_TRANSFORM_NODE:
            let transform = gsk_transform_node_get_transform(node)
            var scaleX: Float = 1, scaleY: Float = 1, dx: Float = 0, dy: Float = 0
            if gsk_transform_get_category(transform).rawValue >= GSK_TRANSFORM_CATEGORY_2D_AFFINE.rawValue {
                gsk_transform_to_affine(transform, &scaleX, &scaleY, &dx, &dy)
            }
            collect(gsk_transform_node_get_child(node), scale: scale * Double(scaleX),
                    offset: Point(x: offset.x + scale * Double(dx), y: offset.y + scale * Double(dy)), into: &result)
        case GSK_CLIP_NODE:
            collect(gsk_clip_node_get_child(node), scale: scale, offset: offset, into: &result)
        case GSK_ROUNDED_CLIP_NODE:
            collect(gsk_rounded_clip_node_get_child(node), scale: scale, offset: offset, into: &result)
        case GSK_OPACITY_NODE:
            collect(gsk_opacity_node_get_child(node), scale: scale, offset: offset, into: &result)
        default:
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(node, &bounds)
            let rect = Rect(x: offset.x + scale * Double(bounds.origin.x), y: offset.y + scale * Double(bounds.origin.y),
                            width: scale * Double(bounds.size.width), height: scale * Double(bounds.size.height))
            result.append(RenderLeaf(kind: kind, bounds: rect, color: kind == GSK_COLOR_NODE ? gsk_color_node_get_color(node).pointee : nil))
        }
    }
}
