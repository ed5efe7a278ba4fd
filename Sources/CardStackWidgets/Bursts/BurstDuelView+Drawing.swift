// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import Translation

extension BurstDuelView {
    /// The dark backdrop, and each frame in its pane where the shared zoom puts it, with its name, "Sharpest" on
    /// the sharpest frame, and which key keeps it.
    func draw(in snapshot: OpaquePointer) {
        let layout = DuelLayout(viewSize: viewSize)
        var backdrop = PhotoZoomView.backdrop
        var area = graphene_rect_t(x: 0, y: 0, width: layout.viewSize.width, height: layout.viewSize.height)
        gtk_snapshot_append_color(snapshot, &backdrop, &area)
        guard let (left, right) = pair, let session else { return }
        let view = zoom?.view(at: clock.frameTime)
        drawFrame(left, in: layout.first, view: view, key: layout.isStacked ? tr("← Keep the upper photo") : tr("← Keep"), session: session, snapshot: snapshot)
        drawFrame(right, in: layout.second, view: view, key: layout.isStacked ? tr("Keep the lower photo →") : tr("Keep →"), session: session, snapshot: snapshot)
        if pictures[left] != nil, pictures[right] != nil { reportDrawn(left, right) }
    }

    /// Frame `card` in `pane`, under the shared zoom's `view` (fitted to its pane until the zoom is set up).
    private func drawFrame(_ card: Int, in pane: Rect, view: PhotoZoom.View?, key: String, session: DeckSession, snapshot: OpaquePointer) {
        guard pane.width > 1, pane.height > 1 else { return }
        var clip = graphene_rect_t(x: pane.minX, y: pane.minY, width: pane.width, height: pane.height)
        gtk_snapshot_push_clip(snapshot, &clip)
        if let picture = pictures[card] {
            let bounds = placement(of: picture, in: pane, view: view)
            var rect = graphene_rect_t(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bounds.height)
            if RasterNode.drawsWithCairo(widget), let painted = CairoBackedTexture.node(for: picture.texture.pointer, in: rect) {
                gtk_snapshot_append_node(snapshot, painted.node)
            } else {
                gtk_snapshot_append_texture(snapshot, picture.texture.pointer, &rect)
            }
        }
        var caption = session.deck.cards[card].shownTitle
        if session.bursts.isSharpest(card) { caption += " · " + tr("Sharpest") }
        drawLabel(caption, at: Point(x: pane.minX + 12, y: pane.minY + 10), width: pane.width - 24, snapshot: snapshot)
        drawLabel(key, at: Point(x: pane.minX + 12, y: pane.maxY - 34), width: pane.width - 24, snapshot: snapshot)
        gtk_snapshot_pop(snapshot)
    }

    /// Where `picture` is drawn in `pane`: the shared zoom's view, mapped through the picture's own size so both
    /// frames show the same image point at the same place; fitted and centred without a view.
    func placement(of picture: Picture, in pane: Rect, view: PhotoZoom.View?) -> Rect {
        let size = picture.size
        guard let view, let zoom, size.width > 0, size.height > 0 else {
            let scale = min(pane.width / max(1, size.width), pane.height / max(1, size.height))
            return Rect(x: pane.minX + (pane.width - size.width * scale) / 2, y: pane.minY + (pane.height - size.height * scale) / 2,
                        width: size.width * scale, height: size.height * scale)
        }
        // The same share of each picture under the same point: a picture of another size is scaled to match.
        let scale = view.scale * zoom.imageSize.width / size.width
        return Rect(x: pane.minX + view.origin.x, y: pane.minY + view.origin.y, width: size.width * scale, height: size.height * scale)
    }

    /// `text` on a dark pill at `origin`, one line.
    private func drawLabel(_ text: String, at origin: Point, width: Double, snapshot: OpaquePointer) {
        guard width > 20 else { return }
        let layout = TextLayout(widget: widget, text: text, width: width - 16, scale: 1, bold: true)
        layout.limit(height: 40, lines: 1)
        var pill = graphene_rect_t(x: origin.x, y: origin.y, width: layout.width + 16, height: layout.height + 8)
        var rounded = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&rounded, &pill, pill.size.height / 2)
        gtk_snapshot_push_rounded_clip(snapshot, &rounded)
        var shade = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0.6)
        gtk_snapshot_append_color(snapshot, &shade, &pill)
        gtk_snapshot_pop(snapshot)
        var point = graphene_point_t(x: Float(origin.x + 8), y: Float(origin.y + 4))
        var color = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
        gtk_snapshot_save(snapshot)
        gtk_snapshot_translate(snapshot, &point)
        gtk_snapshot_append_layout(snapshot, layout.pointer, &color)
        gtk_snapshot_restore(snapshot)
    }
}
