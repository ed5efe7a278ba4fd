// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// A card's soft shadow, blurred once into a texture that every card of the same size shares.
///
/// A blurred outset shadow node is re-blurred every frame by the cairo renderer (on the CPU: about 10 ms for a
/// 420×583 card here) and by the GL renderer whenever the card's scale changes (the cards behind the front one
/// change scale every frame while the stack moves up). Drawn as a texture it is sampled instead, under any
/// transform, and looks the same because it was rendered by the same renderer from the same node.
@MainActor
final class CardShadow {
    let texture: ObjectReference<OpaquePointer>
    /// Where the texture goes, in the card's coordinates (top-left corner of the card at the origin), points.
    let bounds: graphene_rect_t

    private init(texture: ObjectReference<OpaquePointer>, bounds: graphene_rect_t) {
        self.texture = texture
        self.bounds = bounds
    }

    /// Appends the shadow node of a card with `outline`.
    static func appendNode(to snapshot: OpaquePointer, outline: inout GskRoundedRect, dark: Bool) {
        var color = GdkRGBA(red: 0, green: 0, blue: 0, alpha: dark ? CardStyle.shadowOpacityDark : CardStyle.shadowOpacityLight)
        gtk_snapshot_append_outset_shadow(snapshot, &outline, &color, 0, CardStyle.shadowOffsetY, 0, CardStyle.shadowBlur)
    }

    /// Renders the shadow of a card of `size` with `renderer` at `scale` device pixels per point; nil if the
    /// renderer cannot make textures.
    static func render(size: Size, dark: Bool, renderer: OpaquePointer, scale: Int) -> CardShadow? {
        guard size.width > 1, size.height > 1, let snapshot = gtk_snapshot_new() else { return nil }
        let factor = Float(max(1, scale))
        // Drawn in device pixels, so the texture maps 1:1 onto the screen at rest.
        if factor > 1 { gtk_snapshot_scale(snapshot, factor, factor) }
        var cardBounds = graphene_rect_t(x: 0, y: 0, width: size.width, height: size.height)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &cardBounds, CardStyle.cornerRadius)
        appendNode(to: snapshot, outline: &outline, dark: dark)
        guard let freed = gtk_snapshot_free_to_node(snapshot) else { return nil }
        let node = RenderNodeReference(adopting: freed)
        var nodeBounds = graphene_rect_t()
        gsk_render_node_get_bounds(node.node, &nodeBounds)
        let left = nodeBounds.origin.x.rounded(.down)
        let top = nodeBounds.origin.y.rounded(.down)
        let right = (nodeBounds.origin.x + nodeBounds.size.width).rounded(.up)
        let bottom = (nodeBounds.origin.y + nodeBounds.size.height).rounded(.up)
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: left, y: top),
            size: graphene_size_t(width: right - left, height: bottom - top)
        )
        guard let texture = gsk_renderer_render_texture(renderer, node.node, &viewport) else { return nil }
        let bounds = graphene_rect_t(
            origin: graphene_point_t(x: left / factor, y: top / factor),
            size: graphene_size_t(width: (right - left) / factor, height: (bottom - top) / factor)
        )
        return CardShadow(texture: ObjectReference(adopting: texture), bounds: bounds)
    }
}
