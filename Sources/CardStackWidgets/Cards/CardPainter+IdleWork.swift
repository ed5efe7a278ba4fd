// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The painter's work put off to idle time, so a frame only draws: the text of faces drawn without it, pixels
/// for the cairo renderer, the faces of the cards about to come into view, and the shadow a turned card casts
/// under cairo.
extension CardPainter {
    /// How many cards on each side of the stack have their faces made ready ahead
    /// (``prepareAhead(upcoming:returning:of:size:)``): the next two to come into view, one a swipe, and the two
    /// an undo would bring back, with room for a step the main loop had no time between.
    static let facesAhead = 2
    /// How many of the cards to come into view are drawn into pixels ahead for the cairo renderer: the next one,
    /// so the pixels kept (``CardFaceCache/rasterCapacity``) are the visible stack's and its.
    static let rastersAhead = 1

    /// Makes ready, when the main loop is idle, the faces of the cards about to be drawn: `upcoming`, the cards
    /// behind the visible stack (front first), and `returning`, the decided cards an undo brings back (latest
    /// first). Faces are laid out with their text and, under the cairo renderer, the first ``rastersAhead`` of
    /// `upcoming` drawn into pixels, as a card moving up the stack is drawn. Otherwise a card coming into view
    /// in a burst of swipes is laid out (about 0.4 ms) and drawn into pixels (about 0.3 ms) inside the frame
    /// that shows it (a key burst's slowest snapshots, 0.6–0.8 ms at p95, were those frames).
    func prepareAhead(upcoming: some Sequence<Int>, returning: some Sequence<Int>, of deck: Deck, size: Size) {
        let next = Array(upcoming.prefix(Self.facesAhead))
        ahead = (next + returning.prefix(Self.facesAhead), Array(next.prefix(Self.rastersAhead)), deck, size)
        // Called every frame: while idle work is pending it will reach the cards ahead, so nothing is built here.
        if idleWork == nil, aheadWork() != nil { scheduleIdleWork() }
    }

    /// The next piece of ``prepareAhead(upcoming:returning:of:size:)``'s work, if any is left. A card whose face
    /// or pixels cannot be made (a card too small to draw) is given up, so the main loop is not kept busy.
    private func aheadWork() -> (() -> Void)? {
        guard let (cards, pixels, deck, size) = ahead else { return nil }
        if let cardIndex = cards.first(where: { !faces.hasText($0) }) {
            return { [unowned self] in
                prepareFace(cardIndex, of: deck, size: size)
                if !faces.hasText(cardIndex) { giveUpAhead(cardIndex) }
            }
        }
        guard drawsWithCairo else { return nil }
        let scale = Int(gtk_widget_get_scale_factor(widget))
        for cardIndex in pixels {
            if let face = faces.unrasterizedFace(cardIndex, scale: scale) {
                return { [unowned self] in
                    if faces.rasterize(face, for: cardIndex, scale: scale) == nil { giveUpAhead(cardIndex) }
                }
            }
        }
        // The shadow a turned card casts under cairo, which the first swipe would otherwise make.
        let shadow = CardShadow.shared(dark: isDark, scale: scale, cairo: true)
        if !shadow.isTurnedReady(for: size) { return { shadow.prepareTurned(for: size) } }
        return nil
    }

    private func giveUpAhead(_ cardIndex: Int) {
        ahead?.faces.removeAll { $0 == cardIndex }
        ahead?.pixels.removeAll { $0 == cardIndex }
    }

    /// Whether put-off work waits for the main loop to be idle.
    var hasIdleWork: Bool { idleWork != nil }


    /// Lays out card `cardIndex`'s text once the main loop is idle (after the frame).
    func completeLater(_ cardIndex: Int, of deck: Deck, size: Size) {
        textless[cardIndex] = (deck, size)
        scheduleIdleWork()
    }

    /// Draws `face`, card `cardIndex`'s, into pixels once the main loop is idle (after the frame).
    func rasterizeLater(_ face: RenderNodeReference, for cardIndex: Int, scale: Int) {
        unrasterized[cardIndex] = (face, scale)
        scheduleIdleWork()
    }

    /// Does the put-off work one card per idle turn, text first, then the cards ahead. A face replaced since it
    /// was put off (it gained its text or its picture, the style or the size changed) is not drawn into pixels: a
    /// raster belongs to the face it was drawn from.
    private func scheduleIdleWork() {
        guard idleWork == nil else { return }
        idleWork = IdleCallback.add { [weak self] in
            guard let self else { return false }
            guard gtk_widget_get_realized(widget) != 0 else {
                textless.removeAll()
                unrasterized.removeAll()
                ahead = nil
                idleWork = nil
                return false
            }
            if let (cardIndex, pending) = textless.first {
                textless[cardIndex] = nil
                prepareFace(cardIndex, of: pending.deck, size: pending.size)
                return true
            }
            if let (cardIndex, pending) = unrasterized.first {
                unrasterized[cardIndex] = nil
                if faces.holds(pending.face, for: cardIndex) { faces.rasterize(pending.face, for: cardIndex, scale: pending.scale) }
                return true
            }
            if let work = aheadWork() {
                work()
                return true
            }
            idleWork = nil
            return false
        }
    }
}
