// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CardStackCore
import GtkSupport
import CardStackWidgets
import Translation

/// Zooming into a photo from the Deck page or Card details, over everything else.
extension MainWindow {
    /// Zooms into deck card `card`'s photo at `point` (in the deck's points; its centre when nil); with
    /// `zoomingIn` false, only takes it from the card for a pinch. False when there is no picture to zoom.
    @discardableResult
    func zoom(_ card: Int, at point: Point?, zoomingIn: Bool = true) -> Bool {
        guard let deckPage else { return false }
        guard let source = deckPage.deckView.zoomSource(of: card) else {
            guard zoomingIn else { return false }
            // A placeholder can't be enlarged: the photo is still decoding, or can't be shown at all.
            toast(tr("This photo can't be zoomed until it is shown"))
            return false
        }
        zoomView.onDecide = { [weak self] direction in
            // An arrow decides the photo as on the deck; the next photo starts fitted.
            self?.deckPage?.deckView.swipe(direction)
        }
        zoomView.present(source, at: point, zoomingIn: zoomingIn)
        return true
    }

    /// Two fingers on the Deck page's front photo (at `point` of the zoom view) take it for the pinch.
    func pinchToOpen(at point: Point) -> Bool {
        guard !duelView.isShowing, String(borrowingGLibString: adw_view_stack_get_visible_child_name(viewStack)) == "deck", sheets.openSheets.isEmpty,
              let deckPage, deckPage.deckView.deck.isPhotoDeck, let front = deckPage.deckView.interaction.progress.frontCardIndex
        else { return false }
        return zoom(front, at: nil, zoomingIn: false)
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
