// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

/// A scripted interaction: one input (or none) per frame, given to the deck through the entry points its gestures
/// and keys use, with the frame's time.
struct Scenario: Sendable {
    /// What a frame of the script does.
    enum Step: Sendable {
        /// Presses on the front card at ``gripOffset`` from its centre.
        case press
        /// Moves the held card to this translation from the press.
        case move(Point)
        /// Lets go at this translation.
        case release(Point)
        case swipe(SwipeDirection)
        case undo
        /// Nothing this frame.
        case pause
    }

    /// What every repeat must do to the deck, capped by what the deck allows.
    enum Effect: Sendable {
        case decides(Int)
        case undoes(Int)
    }

    let name: String
    let steps: [Step]
    let effect: Effect

    /// Where the pointer presses, from the front card's centre: above it, so the card turns like one held by
    /// its top edge.
    static let gripOffset = Point(x: 0, y: -100)
    /// Frames between key presses in a burst: 2 at 60 Hz is 33 ms, GNOME's default key repeat interval.
    static let keyIntervalFrames = 2
    /// Presses in a burst of keyboard swipes or undos.
    static let burstLength = 20
    /// The slow drag: 1.5 s (90 frames) to 300 pt right, 200 pt/s, well below the 1,100 pt/s flick speed, then
    /// released past the 105 pt threshold (a quarter of the 420 pt card), so the card leaves slowly.
    static let slowDragFrames = 90
    static let slowDragDistance = 300.0
    /// The fling: 24 pt per frame (1,440 pt/s) for 4 frames, released at 96 pt, short of the threshold, so only
    /// its speed swipes it.
    static let flingFrames = 4
    static let flingStep = 24.0
    /// Flings in each repeat. A fling paints only a few frames, so with one a repeat its p95 was the second
    /// slowest of the pooled repeats' frames, and one slow frame of llvmpipe decided it (see `docs/performance.md`).
    static let flingRunsPerRepeat = 3
    /// Swipe bursts, each followed by its undo burst, in each repeat. Under llvmpipe a burst paints only a few
    /// dozen frames, so with one a repeat the p99 of the pooled repeats was their slowest frame, and one slow
    /// frame decided the tail ratio (see `docs/performance.md`).
    static let burstRunsPerRepeat = 3
    /// The key directions of a burst, in turn.
    static let burstDirections: [SwipeDirection] = [.right, .left, .up, .down]

    static let slowDrag: Scenario = {
        var steps: [Step] = [.press]
        for frame in 1...slowDragFrames {
            let progress = Double(frame) / Double(slowDragFrames)
            // A hand drifts: a little vertical wander on the way.
            steps.append(.move(Point(x: slowDragDistance * progress, y: 24 * progress * (1 - progress))))
        }
        steps.append(.release(Point(x: slowDragDistance, y: 0)))
        return Scenario(name: "slow drag + release", steps: steps, effect: .decides(1))
    }()

    static let fling: Scenario = {
        var steps: [Step] = [.press]
        for frame in 1..<flingFrames {
            steps.append(.move(Point(x: -flingStep * Double(frame), y: -2 * Double(frame))))
        }
        steps.append(.release(Point(x: -flingStep * Double(flingFrames), y: -2 * Double(flingFrames))))
        return Scenario(name: "fling", steps: steps, effect: .decides(1))
    }()

    static let swipeBurst = Scenario(
        name: "20 keyboard swipes",
        steps: burst { .swipe(burstDirections[$0 % burstDirections.count]) },
        effect: .decides(burstLength)
    )

    static let undoBurst = Scenario(name: "20 undos", steps: burst { _ in .undo }, effect: .undoes(burstLength))

    /// In the order they run: each repeat leaves the deck as it found it (the drag and the fling are undone
    /// unmeasured; the undo burst takes back the swipe burst).
    static let all = [slowDrag, fling, swipeBurst, undoBurst]

    private static func burst(_ step: (Int) -> Step) -> [Step] {
        (0..<burstLength).flatMap { index in
            [step(index)] + Array(repeating: Step.pause, count: keyIntervalFrames - 1)
        }
    }
}
