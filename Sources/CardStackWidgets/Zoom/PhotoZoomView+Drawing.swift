// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension PhotoZoomView {
    /// The dark backdrop photo viewers use behind a photo, opaque once the photo is as large as the view.
    static let backdrop = GdkRGBA(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)

    /// The backdrop, faded in as the photo grows from its card, and the photo where the zoom puts it; at 100 % its
    /// top-left corner sits on a screen pixel, so each image pixel is one screen pixel, not a blend of four.
    func draw(in snapshot: OpaquePointer) {
        guard let zoom, let photo, let picture = photo.picture else { return }
        let view = zoom.view(at: clock.frameTime)
        let width = Double(gtk_widget_get_width(widget))
        let height = Double(gtk_widget_get_height(widget))
        let home = zoom.homeView?.scale ?? zoom.fittedScale
        let grown = zoom.fittedScale > home ? (view.scale - home) / (zoom.fittedScale - home) : 1
        var backdrop = Self.backdrop
        backdrop.alpha = Float(min(1, max(0, grown)))
        var area = graphene_rect_t(x: 0, y: 0, width: width, height: height)
        gtk_snapshot_append_color(snapshot, &backdrop, &area)

        var origin = view.origin
        let pixelsPerPoint = zoom.pixelsPerPoint
        if abs(view.scale - zoom.actualScale) < 1e-9 {
            origin = Point(x: (origin.x * pixelsPerPoint).rounded() / pixelsPerPoint, y: (origin.y * pixelsPerPoint).rounded() / pixelsPerPoint)
        }
        var bounds = graphene_rect_t(x: origin.x, y: origin.y, width: zoom.imageSize.width * view.scale, height: zoom.imageSize.height * view.scale)
        gtk_snapshot_push_clip(snapshot, &area)
        // Under the cairo renderer the card's picture, shown while the full-size photo decodes, is painted from
        // its pixels as they are (``CairoBackedTexture``); the full-size photo is drawn as the texture it decoded to.
        if RasterNode.drawsWithCairo(widget), let painted = CairoBackedTexture.node(for: picture.pointer, in: bounds) {
            gtk_snapshot_append_node(snapshot, painted.node)
        } else {
            gtk_snapshot_append_texture(snapshot, picture.pointer, &bounds)
        }
        gtk_snapshot_pop(snapshot)
    }
}
