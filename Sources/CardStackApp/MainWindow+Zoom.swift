// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackWidgets
import Translation

/// Zooming into a photo from the Deck page or Card details, over everything else.
extension MainWindow {
    /// Zooms into deck card `card`'s photo at `point` (in the deck's points; its centre when nil).
    func zoom(_ card: Int, at point: Point?) {
        guard let deckPage else { return }
        guard let source = deckPage.deckView.zoomSource(of: card) else {
            // A placeholder can't be enlarged: the photo is still decoding, or can't be shown at all.
            toast(tr("This photo can't be zoomed until it is shown"))
            return
        }
        zoomView.onDecide = { [weak self] direction in
            // An arrow decides the photo as on the deck; the next photo starts fitted.
            self?.deckPage?.deckView.swipe(direction)
        }
        zoomView.present(source, at: point)
    }

    /// Zooms the photo Card details shows, growing from its place in the sheet.
    func zoom(_ source: PhotoZoomSource, at point: Point?) {
        zoomView.onDecide = nil
        zoomView.present(source, at: point)
    }

    /// The zoomed photo goes when another page is shown or the deck changes.
    func closeZoom() {
        zoomView.close(animated: false)
    }
}
