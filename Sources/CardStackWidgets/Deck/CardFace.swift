// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// Draws one card's face (shadow, surface, image, text) into a render node that is reused every frame.
///
/// Building text layout is the expensive part of a card; the finished node is appended under a new transform
/// each frame instead, so dragging never re-lays-out text.
@MainActor
struct CardFace {
    let card: Card
    let size: Size
    let dark: Bool

    /// Renders the face with its top-left corner at the origin; the caller positions it.
    func render(in widget: UnsafeMutablePointer<GtkWidget>) -> RenderNodeReference? {
        guard size.width > 1, size.height > 1, let snapshot = gtk_snapshot_new() else { return nil }
        var bounds = graphene_rect_t(x: 0, y: 0, width: size.width, height: size.height)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &bounds, DeckStyle.cornerRadius)

        var shadow = GdkRGBA(red: 0, green: 0, blue: 0, alpha: dark ? DeckStyle.shadowOpacityDark : DeckStyle.shadowOpacityLight)
        gtk_snapshot_append_outset_shadow(snapshot, &outline, &shadow, 0, DeckStyle.shadowOffsetY, 0, DeckStyle.shadowBlur)

        gtk_snapshot_push_rounded_clip(snapshot, &outline)
        var surface = card.color.map(GdkRGBA.init) ?? DeckStyle.surface(dark: dark)
        gtk_snapshot_append_color(snapshot, &surface, &bounds)
        var textTop = DeckStyle.padding
        if let image = imageTexture() {
            let imageHeight = size.height * DeckStyle.imageHeightFraction
            var imageBounds = coverRect(for: image, in: Size(width: size.width, height: imageHeight))
            var clip = graphene_rect_t(x: 0, y: 0, width: size.width, height: imageHeight)
            gtk_snapshot_push_clip(snapshot, &clip)
            gtk_snapshot_append_texture(snapshot, image.pointer, &imageBounds)
            gtk_snapshot_pop(snapshot)
            textTop = imageHeight + DeckStyle.padding
        }
        drawText(in: snapshot, widget: widget, top: textTop)
        gtk_snapshot_pop(snapshot)

        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        return RenderNodeReference(adopting: node)
    }

    private func drawText(in snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, top: Double) {
        let width = size.width - 2 * DeckStyle.padding
        let bottom = size.height - DeckStyle.padding
        guard width > 0 else { return }
        let color = DeckStyle.text(on: card.color, dark: dark)
        var y = top

        func place(_ text: String, scale: Double, bold: Bool, alpha: Float, maximumHeight: Double, maximumLines: Int32?) {
            guard maximumHeight > 0 else { return }
            let layout = TextLayout(widget: widget, text: text, width: width, scale: scale, bold: bold)
            layout.limit(height: maximumHeight, lines: maximumLines)
            var origin = graphene_point_t(x: Float(DeckStyle.padding), y: Float(y))
            var tinted = color.withAlpha(color.alpha * alpha)
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            gtk_snapshot_append_layout(snapshot, layout.pointer, &tinted)
            gtk_snapshot_restore(snapshot)
            y += layout.height + DeckStyle.lineGap
        }

        place(card.title, scale: DeckStyle.titleScale, bold: true, alpha: 1, maximumHeight: bottom - y, maximumLines: DeckStyle.titleMaximumLines)
        if let subtitle = card.subtitle {
            place(subtitle, scale: DeckStyle.subtitleScale, bold: false, alpha: 0.75, maximumHeight: bottom - y, maximumLines: 2)
        }
        if let body = card.body {
            y += DeckStyle.lineGap
            place(body, scale: 1, bold: false, alpha: 0.9, maximumHeight: bottom - y, maximumLines: nil)
        }
    }

    private func imageTexture() -> ObjectReference<OpaquePointer>? {
        guard let path = card.imagePath, let texture = gdk_texture_new_from_filename(path, nil) else { return nil }
        return ObjectReference(adopting: texture)
    }

    /// The rectangle that covers `area` with the image's aspect ratio kept (CSS `object-fit: cover`).
    private func coverRect(for texture: ObjectReference<OpaquePointer>, in area: Size) -> graphene_rect_t {
        let imageWidth = Double(gdk_texture_get_width(texture.pointer))
        let imageHeight = Double(gdk_texture_get_height(texture.pointer))
        guard imageWidth > 0, imageHeight > 0 else {
            return graphene_rect_t(x: 0, y: 0, width: area.width, height: area.height)
        }
        let scale = max(area.width / imageWidth, area.height / imageHeight)
        let width = imageWidth * scale
        let height = imageHeight * scale
        return graphene_rect_t(x: (area.width - width) / 2, y: (area.height - height) / 2, width: width, height: height)
    }
}
