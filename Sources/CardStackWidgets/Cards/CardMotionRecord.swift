// SPDX-License-Identifier: GPL-3.0-or-later

/// The scale each card was drawn at in the last frame: a card drawn at another scale now is moving.
///
/// The cairo renderer's pixels of a card's face are drawn at once for a card moving up the stack (unless they were
/// drawn ahead, ``CardPainter/prepareAhead(upcoming:returning:of:size:)``: every frame of its move needs them) and
/// when the main loop is idle for a card at rest, which is drawn from its face until then.
struct CardMotionRecord {
    private var lastFrame: [Int: Double] = [:]
    private var thisFrame: [Int: Double] = [:]

    /// Starts a frame: what was drawn in the one before becomes the last frame.
    mutating func beginFrame() {
        lastFrame = thisFrame
        thisFrame.removeAll(keepingCapacity: true)
    }

    /// Records card `cardIndex` drawn at `scale` in this frame; returns whether it was drawn at another scale in
    /// the last one. A card not drawn in the last frame is not moving: it has just come into view, or back.
    mutating func draws(_ cardIndex: Int, at scale: Double) -> Bool {
        thisFrame[cardIndex] = scale
        return lastFrame[cardIndex].map { $0 != scale } ?? false
    }
}
