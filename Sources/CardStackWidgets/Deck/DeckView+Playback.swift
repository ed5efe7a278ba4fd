// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackFiles
import Foundation
import GtkSupport

extension DeckView {
    /// Plays the front card's video, its Live Photo's motion or its Motion Photo's video, in the card's place, or
    /// stops it: Space. False when the front card has nothing to play, so the key goes on to the page.
    @discardableResult
    public func togglePlayback() -> Bool {
        guard let front = interaction.progress.frontCardIndex else { return false }
        if let playback, playback.cardIndex == front {
            stopPlayback()
            return true
        }
        let card = deck.cards[front]
        let path: String
        if card.isVideo, let file = card.filePath {
            path = file
        } else if let motion = card.motionPath {
            path = motion
        } else if let file = card.filePath, let video = MotionPhotoVideo.extract(from: file) {
            path = video
        } else {
            return false
        }
        stopPlayback()
        // The file the user knows: the video, the Live Photo's motion, or the Motion Photo itself.
        let name = FileNameEncoding.displayName(((card.motionPath ?? card.filePath ?? path) as NSString).lastPathComponent)
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

    /// A press held on the front card plays its video or Live Photo's motion until it is let go, as a phone plays
    /// a Live Photo; a press that moves first is a drag.
    func installLongPress(groupedWith drag: OpaquePointer) {
        let longPress = created(gtk_gesture_long_press_new())
        signals.connect(longPress.raw, .point("pressed")) { [weak self] _, _ in
            // Held on the front card: the drag took it, and it has not moved.
            guard let self, deck.isPhotoDeck, playback == nil, interaction.isDragging, togglePlayback() else { return }
            playsWhileHeld = true
        }
        signals.connect(longPress.raw, .pointer("end")) { [weak self] _ in
            guard let self, playsWhileHeld else { return }
            stopPlayback()
        }
        gtk_widget_add_controller(widget, longPress)
        // In the drag's group (both on the widget first), so the drag's claim on the press doesn't deny it.
        gtk_gesture_group(drag, longPress)
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
