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
            let stamps = placement.overlays.filter { $0.value > CardStyle.overlayMinimumOpacity }
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
            guard let stamp = faces.stamp(direction, text: text, cardSize: cardSize, make: { CardStamp.render(direction, text: text, cardSize: cardSize, widget: widget) }) else {
                continue
            }
            gtk_snapshot_push_opacity(snapshot, opacity)
            gtk_snapshot_append_node(snapshot, stamp.node)
            gtk_snapshot_pop(snapshot)
        }
    }
}
