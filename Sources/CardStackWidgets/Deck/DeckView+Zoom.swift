// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

extension DeckView {
    /// A tap on a photo card waits this long for a second one (a double tap zooms) before it opens the card's
    /// details, or a burst's duel; other cards open at once.
    func tapped(_ card: Int, at point: Point, time: Microseconds) {
        guard deck.isPhotoDeck, onZoom != nil, deck.cards[card].hasImage else { return activate(card) }
        let limits = DoubleClick.Limits(of: widget)
        if taps.isSecond(at: point, time: time, within: limits), pendingTap?.card == card {
            pendingTap = nil
            // A burst's stack opens its duel, where both frames zoom together.
            if session.undecidedFrames(ofBurstWith: card).count >= 2 { return activate(card) }
            onZoom?(card, point)
            return
        }
        let tap = PendingTap(card: card, time: time)
        pendingTap = tap
        Trace.log("tap: card \(card) waits \(limits.interval / 1_000) ms for a second")
        TimeoutCallback.add(milliseconds: UInt32(limits.interval / 1_000)) { [weak self] in
            guard let self, pendingTap == tap else {
                Trace.log("tap: card \(card) was taken by another press")
                return false
            }
            pendingTap = nil
            Trace.log("tap: card \(card) opens")
            activate(card)
            return false
        }
    }

    private func activate(_ card: Int) {
        pendingTap = nil
        onActivateCard?(card)
    }

    /// The Z key: zooms the front card's photo at the pointer, so the image point under it stays under it, as a
    /// double click does; with the pointer off the photo (or off the deck), at the photo's centre.
    func zoomFront() -> Bool {
        guard deck.isPhotoDeck, let front = interaction.progress.frontCardIndex, deck.cards[front].hasImage, let onZoom else { return false }
        let onPhoto = pointer.flatMap { point in zoomSource(of: front)?.drawnRect.flatMap { $0.contains(point) ? point : nil } }
        onZoom(front, onPhoto)
        return true
    }

    /// What zooming card `card` needs: its file and name, its picture as decoded for the card and the photo's
    /// pixel size, and where its photo is drawn on the front card at rest (in this widget's points); nil until the
    /// picture is decoded (a placeholder can't be enlarged), and for a video (its poster is no photo to enlarge).
    public func zoomSource(of card: Int) -> PhotoZoomSource? {
        let shown = deck.cards[card]
        guard let path = shown.imagePath, !shown.isVideo,
              case .texture(let texture, let width, let height, _, _, _) = painter.images.known(for: shown), width > 0, height > 0
        else { return nil }
        let cardSize = interaction.layout.cardSize
        let centre = interaction.layout.frontCenter
        let band = Size(width: cardSize.width, height: CardStyle.imageHeight(for: shown, cardHeight: cardSize.height, isPhotoDeck: deck.isPhotoDeck))
        // Contained in the band across the card's top, centred, as the card draws a photo.
        let scale = min(band.width / Double(width), band.height / Double(height))
        let origin = Point(x: centre.x - cardSize.width / 2 + (band.width - Double(width) * scale) / 2,
                           y: centre.y - cardSize.height / 2 + (band.height - Double(height) * scale) / 2)
        return PhotoZoomSource(path: path, raw: shown.rawPath, name: shown.shownTitle, pixelSize: Size(width: Double(width), height: Double(height)),
                               picture: texture, home: PhotoZoom.View(scale: scale, origin: origin), widget: widget)
    }
}

/// A tap on a photo card waiting to learn whether it is the first of a double tap.
struct PendingTap: Equatable {
    var card: Int
    var time: Microseconds
}

/// A photo to zoom and where it comes from on screen.
@MainActor
public struct PhotoZoomSource {
    let path: String
    /// The RAW of a RAW+JPEG pair, shown by its preview if the JPEG can't be.
    var raw: String? = nil
    let name: String
    /// The photo's pixel size, upright.
    let pixelSize: Size
    /// The picture already decoded, shown enlarged until the full one is.
    let picture: ObjectReference<OpaquePointer>?
    /// Where the photo is drawn, in the points of `widget`.
    let home: PhotoZoom.View?
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// The rectangle the photo covers where it is drawn, in the points of `widget`.
    var drawnRect: Rect? {
        home.map { Rect(x: $0.origin.x, y: $0.origin.y, width: pixelSize.width * $0.scale, height: pixelSize.height * $0.scale) }
    }
}

extension PhotoZoomView {
    /// Zooms `source`'s photo at `point` (in the source widget's points; the centre when nil); with `zoomingIn`
    /// false it only takes the photo from its place, for a pinch to zoom.
    public func present(_ source: PhotoZoomSource, at point: Point?, zoomingIn: Bool = true) {
        func converted(_ point: Point) -> Point {
            var from = graphene_point_t(x: Float(point.x), y: Float(point.y))
            var to = graphene_point_t()
            guard gtk_widget_compute_point(source.widget, widget, &from, &to) != 0 else { return point }
            return Point(x: Double(to.x), y: Double(to.y))
        }
        // Shown first, so its size is known before the zoom is laid out.
        gtk_widget_set_visible(widget, 1)
        let home = source.home.map { PhotoZoom.View(scale: $0.scale, origin: converted($0.origin)) }
        present(path: source.path, raw: source.raw, name: source.name, pixelSize: source.pixelSize, picture: source.picture, home: home,
                at: point.map(converted), zoomingIn: zoomingIn)
    }
}
