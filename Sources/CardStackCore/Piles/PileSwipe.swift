// SPDX-License-Identifier: GPL-3.0-or-later

/// A card of an expanded pile dragged sideways to send it back to the deck: it follows the finger 1:1 and
/// fades toward the edge; let go, it leaves when dragged past half its width or flung fast enough the way it
/// is dragged, and springs back otherwise.
public struct PileSwipe: Sendable {
    /// The card, by its place in the pile (newest first) when the drag began.
    public let cardIndex: Int
    /// The card's width, which the thresholds and the fade are measured against.
    public let width: Double
    private var translation = 0.0
    private var tracker = VelocityTracker()
    private var release: SpringAnimation?
    /// Whether the card left on release; nil while held.
    public private(set) var leaves: Bool?

    /// Where the card was when this drag caught it: a card still springing back is caught where it is.
    private let startOffset: Double

    /// Starts a swipe of card `cardIndex`, `width` points wide, at `time`, from `startOffset` (a card caught
    /// while it springs back).
    public init(cardIndex: Int, width: Double, at time: Microseconds, startOffset: Double = 0) {
        self.cardIndex = cardIndex
        self.width = max(1, width)
        self.startOffset = startOffset.isFinite ? startOffset : 0
        translation = self.startOffset
        tracker.add(Point(x: translation, y: 0), at: time)
    }

    /// Whether a drag that has moved `translation` so far is sideways (a swipe) rather than vertical (a
    /// scroll): the larger axis wins, by `PileTuning.axisRatio`; nil while it is too close to tell.
    public static func isSideways(_ translation: Point) -> Bool? {
        let horizontal = abs(translation.x)
        let vertical = abs(translation.y)
        if horizontal >= PileTuning.axisRatio * vertical, horizontal > 0 { return true }
        if vertical >= PileTuning.axisRatio * horizontal, vertical > 0 { return false }
        return nil
    }

    /// Whether a release at `translation` with `velocity` (points per second) sends the card away.
    public static func leaves(translation: Double, velocity: Double, width: Double) -> Bool {
        if abs(translation) > PileTuning.dismissFraction * width { return true }
        return abs(velocity) > PileTuning.dismissSpeed && translation * velocity > 0
    }

    /// Moves the held card to `translation` points sideways from where the drag began.
    public mutating func update(_ translation: Double, at time: Microseconds) {
        guard leaves == nil, translation.isFinite else { return }
        self.translation = startOffset + translation
        tracker.add(Point(x: self.translation, y: 0), at: time)
    }

    /// Lets go: returns whether the card leaves. It flies out of the pile's width or springs back to 0, from
    /// the release velocity.
    @discardableResult
    public mutating func end(_ translation: Double, at time: Microseconds) -> Bool {
        guard leaves == nil else { return leaves ?? false }
        update(translation, at: time)
        let velocity = tracker.velocity(at: time).x
        let leaving = Self.leaves(translation: self.translation, velocity: velocity, width: width)
        let side: Double = (self.translation != 0 ? self.translation : velocity) < 0 ? -1 : 1
        leaves = leaving
        release = SpringAnimation(
            from: self.translation,
            to: leaving ? side * width * 1.1 : 0,
            initialVelocity: velocity,
            parameters: PileTuning.swipeSpring,
            startTime: time
        )
        return leaving
    }

    /// Lets go without a decision: the card springs back to 0 from where it is, with the velocity tracked.
    public mutating func cancel(at time: Microseconds) {
        guard leaves == nil else { return }
        leaves = false
        release = SpringAnimation(
            from: translation, to: 0, initialVelocity: tracker.velocity(at: time).x, parameters: PileTuning.swipeSpring, startTime: time
        )
    }

    /// The card's sideways offset at `time`.
    public func offset(at time: Microseconds) -> Double {
        release?.value(at: time) ?? translation
    }

    /// The card's opacity at `time`: it fades as it nears the edge, gone at its full width.
    public func opacity(at time: Microseconds) -> Double {
        min(1, max(0, 1 - abs(offset(at: time)) / width))
    }

    /// Whether the release motion has finished at `time` (never while held).
    public func isSettled(at time: Microseconds) -> Bool {
        release?.isSettled(at: time) ?? false
    }
}
