// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension DeckView {
    /// Draws `placements` back to front: each card's cached face under its own transform, then its overlays.
    func draw(_ placements: [CardPlacement], in snapshot: OpaquePointer) {
        for placement in placements {
            let image = images.image(for: deck.cards[placement.cardIndex], size: placement.size)
            guard let face = faces.face(for: placement.cardIndex, of: deck, size: placement.size, dark: isDark, image: image, widget: widget) else {
                continue
            }
            gtk_snapshot_save(snapshot)
            var center = graphene_point_t(x: Float(placement.center.x), y: Float(placement.center.y))
            gtk_snapshot_translate(snapshot, &center)
            if placement.rotation != 0 {
                gtk_snapshot_rotate(snapshot, Float(placement.rotation * 180 / .pi))
            }
            if placement.scale != 1 {
                gtk_snapshot_scale(snapshot, Float(placement.scale), Float(placement.scale))
            }
            var corner = graphene_point_t(x: Float(-placement.size.width / 2), y: Float(-placement.size.height / 2))
            gtk_snapshot_translate(snapshot, &corner)
            let translucent = placement.opacity < 1
            if translucent { gtk_snapshot_push_opacity(snapshot, max(0, placement.opacity)) }
            gtk_snapshot_append_node(snapshot, face.node)
            for (direction, opacity) in placement.overlays where opacity > 0.01 {
                drawOverlay(direction, opacity: opacity, cardSize: placement.size, in: snapshot)
            }
            if translucent { gtk_snapshot_pop(snapshot) }
            gtk_snapshot_restore(snapshot)
        }
    }

    /// A rubber stamp naming the direction: "Keep" on the left when dragged right, "Skip" on the right, and so on.
    private func drawOverlay(_ direction: SwipeDirection, opacity: Double, cardSize: Size, in snapshot: OpaquePointer) {
        let label = TextLayout(widget: widget, text: deck.label(for: direction).uppercased(), width: cardSize.width, scale: DeckStyle.overlayTextScale, bold: true)
        var textWidth: Int32 = 0
        var textHeight: Int32 = 0
        pango_layout_get_pixel_size(label.pointer, &textWidth, &textHeight)
        let boxWidth = Double(textWidth) + 2 * DeckStyle.overlayPadding
        let boxHeight = Double(textHeight) + DeckStyle.overlayPadding
        let inset = DeckStyle.overlayInset
        // Stamps sit in the lower part of the card, where text rarely reaches, so the title stays readable.
        let sideY = cardSize.height * DeckStyle.overlaySideStampHeight - boxHeight / 2
        let centerY = cardSize.height * DeckStyle.overlayCenterStampHeight - boxHeight / 2
        let origin: Point
        let tilt: Double
        switch direction {
        case .right: origin = Point(x: inset, y: sideY); tilt = -DeckStyle.overlayTiltDegrees
        case .left: origin = Point(x: cardSize.width - inset - boxWidth, y: sideY); tilt = DeckStyle.overlayTiltDegrees
        case .up, .down: origin = Point(x: (cardSize.width - boxWidth) / 2, y: centerY); tilt = 0
        }
        var color = DeckStyle.overlayColor(direction)
        gtk_snapshot_save(snapshot)
        gtk_snapshot_push_opacity(snapshot, opacity)
        var center = graphene_point_t(x: Float(origin.x + boxWidth / 2), y: Float(origin.y + boxHeight / 2))
        gtk_snapshot_translate(snapshot, &center)
        gtk_snapshot_rotate(snapshot, Float(tilt))
        var box = graphene_rect_t(x: -boxWidth / 2, y: -boxHeight / 2, width: boxWidth, height: boxHeight)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &box, DeckStyle.overlayCornerRadius)
        var fill = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 0.9)
        gtk_snapshot_push_rounded_clip(snapshot, &outline)
        gtk_snapshot_append_color(snapshot, &fill, &box)
        gtk_snapshot_pop(snapshot)
        var widths = [Float](repeating: DeckStyle.overlayBorderWidth, count: 4)
        var colors = [GdkRGBA](repeating: color, count: 4)
        gtk_snapshot_append_border(snapshot, &outline, &widths, &colors)
        var textOrigin = graphene_point_t(x: Float(-Double(textWidth) / 2), y: Float(-Double(textHeight) / 2))
        gtk_snapshot_translate(snapshot, &textOrigin)
        gtk_snapshot_append_layout(snapshot, label.pointer, &color)
        gtk_snapshot_pop(snapshot)
        gtk_snapshot_restore(snapshot)
    }
}
