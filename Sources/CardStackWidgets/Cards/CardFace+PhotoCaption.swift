// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

extension CardFace {
    /// Draws a photo's name and its date and size over the photo's top left, on a shade that fades into the
    /// photo, as photo viewers lay their information over the picture; returns where the caption ends (points
    /// from the card's top), for what goes under it.
    ///
    /// On a photo deck the photo is the whole card: a caption under it took a tenth of the window from every photo.
    func drawPhotoCaption(in snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        let inset = CardStyle.padding / 2
        let width = size.width - 2 * CardStyle.padding
        guard width > 0 else { return inset }
        var lines: [(layout: TextLayout, color: GdkRGBA, top: Double)] = []
        var y = inset
        func add(_ text: String, scale: Double, bold: Bool, color: GdkRGBA) {
            let layout = TextLayout(widget: widget, text: text, width: width, scale: scale, bold: bold)
            layout.limit(height: max(0, size.height / 3 - y), lines: 1)
            lines.append((layout, color, y))
            y += layout.height + CardStyle.lineGap / 2
        }
        add(card.shownTitle, scale: CardStyle.captionTitleScale, bold: true, color: CardStyle.captionText)
        if let subtitle = subtitleWithPixelSize {
            add(subtitle, scale: CardStyle.subtitleScale, bold: false, color: CardStyle.captionSecondaryText)
        }
        let shadeHeight = min(size.height, y + CardStyle.padding * 2)
        var shade = graphene_rect_t(x: 0, y: 0, width: size.width, height: shadeHeight)
        var start = graphene_point_t(x: 0, y: 0)
        var end = graphene_point_t(x: 0, y: Float(shadeHeight))
        let stops = [
            GskColorStop(offset: 0, color: GdkRGBA(red: 0, green: 0, blue: 0, alpha: CardStyle.captionShade)),
            GskColorStop(offset: 0.6, color: GdkRGBA(red: 0, green: 0, blue: 0, alpha: CardStyle.captionShade * 0.6)),
            GskColorStop(offset: 1, color: GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0)),
        ]
        stops.withUnsafeBufferPointer { gtk_snapshot_append_linear_gradient(snapshot, &shade, &start, &end, $0.baseAddress, gsize($0.count)) }
        for line in lines {
            var origin = graphene_point_t(x: Float(CardStyle.padding), y: Float(line.top))
            var color = line.color
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &origin)
            gtk_snapshot_append_layout(snapshot, line.layout.pointer, &color)
            gtk_snapshot_restore(snapshot)
        }
        return y + CardStyle.lineGap / 2
    }
}
