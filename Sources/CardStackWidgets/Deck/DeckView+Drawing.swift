// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension DeckView {
    /// Draws `placements` back to front: each card's cached face under its own transform, then its overlays.
    ///
    /// The face and the stamps go under two separate transforms, so the face's transform node has the cached
    /// face node itself as its child: the GL renderer keys the offscreen it draws a rotated card into by that
    /// child, so a rotated card is re-rendered only when its scale changes, not every frame. Stamps are cached
    /// nodes too, faded per frame.
    func draw(_ placements: [CardPlacement], in snapshot: OpaquePointer) {
        for placement in placements {
            let image = images.image(for: deck.cards[placement.cardIndex], size: placement.size)
            guard let face = faces.face(for: placement.cardIndex, of: deck, size: placement.size, dark: isDark, image: image, widget: widget) else {
                continue
            }
            let stamps = placement.overlays.filter { $0.value > DeckStyle.overlayMinimumOpacity }
            let translucent = placement.opacity < 1
            gtk_snapshot_save(snapshot)
            transform(snapshot, to: placement)
            if translucent { gtk_snapshot_push_opacity(snapshot, max(0, placement.opacity)) }
            gtk_snapshot_append_node(snapshot, face.node)
            if translucent {
                // A fading card fades with its stamps as one layer, as before.
                drawStamps(stamps, cardSize: placement.size, in: snapshot)
                gtk_snapshot_pop(snapshot)
            }
            gtk_snapshot_restore(snapshot)
            if !translucent, !stamps.isEmpty {
                gtk_snapshot_save(snapshot)
                transform(snapshot, to: placement)
                drawStamps(stamps, cardSize: placement.size, in: snapshot)
                gtk_snapshot_restore(snapshot)
            }
        }
    }

    /// Moves the origin to the placement's top-left corner, turned and scaled about its centre.
    private func transform(_ snapshot: OpaquePointer, to placement: CardPlacement) {
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
    }

    private func drawStamps(_ stamps: [SwipeDirection: Double], cardSize: Size, in snapshot: OpaquePointer) {
        for (direction, opacity) in stamps {
            let text = deck.label(for: direction).uppercased()
            guard let stamp = faces.stamp(direction, text: text, cardSize: cardSize, make: { stampNode(direction, text: text, cardSize: cardSize) }) else {
                continue
            }
            gtk_snapshot_push_opacity(snapshot, opacity)
            gtk_snapshot_append_node(snapshot, stamp.node)
            gtk_snapshot_pop(snapshot)
        }
    }

    /// A rubber stamp naming the direction: "Keep" on the left when dragged right, "Skip" on the right, and so on.
    ///
    /// Made once per direction and card size (laying out its text is most of a stamp's cost) and faded per frame.
    private func stampNode(_ direction: SwipeDirection, text: String, cardSize: Size) -> RenderNodeReference? {
        guard let snapshot = gtk_snapshot_new() else { return nil }
        let label = TextLayout(widget: widget, text: text, width: cardSize.width, scale: DeckStyle.overlayTextScale, bold: true)
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
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        return RenderNodeReference(adopting: node)
    }
}
