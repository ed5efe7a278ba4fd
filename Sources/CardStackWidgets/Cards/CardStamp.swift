// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The rubber stamp a card wears for a direction: the Deck page fades it in while dragging, other pages show a
/// decided card's stamp.
@MainActor
enum CardStamp {
    /// A rubber stamp naming the direction: "Keep" on the left when dragged right, "Skip" on the right, and so on.
    ///
    /// Made once per direction and card size (laying out its text is most of a stamp's cost) and faded per frame.
    static func render(_ direction: SwipeDirection, text: String, cardSize: Size, widget: UnsafeMutablePointer<GtkWidget>) -> RenderNodeReference? {
        guard let snapshot = gtk_snapshot_new() else { return nil }
        let label = TextLayout(widget: widget, text: text, width: cardSize.width, scale: CardStyle.overlayTextScale, bold: true)
        var textWidth: Int32 = 0
        var textHeight: Int32 = 0
        pango_layout_get_pixel_size(label.pointer, &textWidth, &textHeight)
        let boxWidth = Double(textWidth) + 2 * CardStyle.overlayPadding
        let boxHeight = Double(textHeight) + CardStyle.overlayPadding
        let inset = CardStyle.overlayInset
        // Stamps sit in the lower part of the card, where text rarely reaches, so the title stays readable.
        let sideY = cardSize.height * CardStyle.overlaySideStampHeight - boxHeight / 2
        let centerY = cardSize.height * CardStyle.overlayCenterStampHeight - boxHeight / 2
        let origin: Point
        let tilt: Double
        switch direction {
        case .right: origin = Point(x: inset, y: sideY); tilt = -CardStyle.overlayTiltDegrees
        case .left: origin = Point(x: cardSize.width - inset - boxWidth, y: sideY); tilt = CardStyle.overlayTiltDegrees
        case .up, .down: origin = Point(x: (cardSize.width - boxWidth) / 2, y: centerY); tilt = 0
        }
        var color = CardStyle.overlayColor(direction)
        var center = graphene_point_t(x: Float(origin.x + boxWidth / 2), y: Float(origin.y + boxHeight / 2))
        gtk_snapshot_translate(snapshot, &center)
        gtk_snapshot_rotate(snapshot, Float(tilt))
        var box = graphene_rect_t(x: -boxWidth / 2, y: -boxHeight / 2, width: boxWidth, height: boxHeight)
        var outline = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&outline, &box, CardStyle.overlayCornerRadius)
        var fill = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 0.9)
        gtk_snapshot_push_rounded_clip(snapshot, &outline)
        gtk_snapshot_append_color(snapshot, &fill, &box)
        gtk_snapshot_pop(snapshot)
        var widths = [Float](repeating: CardStyle.overlayBorderWidth, count: 4)
        var colors = [GdkRGBA](repeating: color, count: 4)
        gtk_snapshot_append_border(snapshot, &outline, &widths, &colors)
        var textOrigin = graphene_point_t(x: Float(-Double(textWidth) / 2), y: Float(-Double(textHeight) / 2))
        gtk_snapshot_translate(snapshot, &textOrigin)
        gtk_snapshot_append_layout(snapshot, label.pointer, &color)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        return RenderNodeReference(adopting: node)
    }
}
