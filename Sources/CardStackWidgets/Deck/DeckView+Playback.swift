// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import Foundation
import GtkSupport

extension DeckView {
    /// Plays the front card's video, or its Live Photo's motion, in the card's place, or stops it: Space. False
    /// when the front card has nothing to play, so the key goes on to the page.
    @discardableResult
    public func togglePlayback() -> Bool {
        guard let front = interaction.progress.frontCardIndex else { return false }
        let card = deck.cards[front]
        guard let path = card.isVideo ? card.filePath : card.motionPath else { return false }
        if let playback, playback.cardIndex == front {
            stopPlayback()
            return true
        }
        stopPlayback()
        let name = FileNameEncoding.displayName((path as NSString).lastPathComponent)
        guard let started = VideoPlayback(cardIndex: front, path: path, name: name) else { return true }
        started.onFrame = { [weak self] in
            guard let self else { return }
            gtk_widget_queue_draw(widget)
        }
        started.onEnded = { [weak self] in
            Trace.log("video: ended \(name)")
            self?.stopPlayback()
        }
        started.onError = { [weak self] reason in
            Trace.log("video: can't play \(name): \(reason)")
            self?.stopPlayback()
            self?.onVideoProblem?(name, reason)
        }
        playback = started
        Trace.log("video: playing \(name)")
        return true
    }

    /// Stops what plays, if anything: the card shows its poster or still again.
    func stopPlayback() {
        guard let playing = playback else { return }
        playback = nil
        playing.stop()
        Trace.log("video: stopped \(playing.name)")
        gtk_widget_queue_draw(widget)
    }

    /// Draws the playing video over its card, wherever `placements` put it (held in a drag, it moves with it).
    func drawPlayback(over placements: [CardPlacement], in snapshot: OpaquePointer) {
        guard let playback, playback.hasFrame, let placement = placements.last(where: { $0.cardIndex == playback.cardIndex }) else { return }
        painter.drawOver(placement, in: snapshot) { size in playback.draw(in: snapshot, size: size) }
    }
}
