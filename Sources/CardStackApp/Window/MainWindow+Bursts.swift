// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackWidgets
import GtkSupport
import Translation

/// A burst's duel from the Deck page: Enter or a tap on a burst's stack opens it over the pages.
extension MainWindow {
    /// Opens the duel of the burst deck card `card` is the front frame of, when two or more of its frames are
    /// undecided; false (and nothing opens) for any other card.
    func duel(_ card: Int) -> Bool {
        guard let session, !zoomView.isShowing else { return false }
        let frames = session.undecidedFrames(ofBurstWith: card)
        guard frames.count >= 2 else { return false }
        duelView.onEnd = { [weak self, weak session] kept in
            guard let self, let session, let kept else { return }
            let count = session.bursts.frames(ofBurstWith: kept)?.count ?? 0
            toast(String(format: trn("Kept %1$@ from a burst of %2$ld", "Kept %1$@ from a burst of %2$ld", count),
                         session.deck.cards[kept].shownTitle, count), undoable: true)
        }
        duelView.present(session.bursts.frames(ofBurstWith: card) ?? frames, of: session)
        return true
    }
}
