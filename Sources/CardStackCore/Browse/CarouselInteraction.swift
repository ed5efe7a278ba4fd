// SPDX-License-Identifier: GPL-3.0-or-later

/// The Browse carousel's state machine: the widget forwards drags, touchpad swipes, wheel notches and keys
/// with their times and draws `frame(at:)` for each frame time.
///
/// The strip holds `items`, deck card indices in deck order (all of them, or those a filter keeps). Its
/// scroll offset follows a drag 1:1, rubber-bands past the ends, and on release settles on the card the
/// shared snap rule picks (`SnapPoints`), with a spring that starts from the release velocity. Grabbing the
/// strip while it moves continues from where it is, with its velocity.
public struct CarouselInteraction: GestureInteraction, Sendable {
    /// The deck card indices on the strip, left to right.
    public private(set) var items: [Int]
    /// The geometry for the current view size.
    public private(set) var strip: CarouselStrip
    /// When false (reduced motion), settling uses a stiffer spring: no overshoot either way.
    public var animationsEnabled = true

    private var motion: Motion = .resting(offset: 0)
    private var snapPoints: SnapPoints?
    /// When the last wheel notch moved the strip, for the cooldown.
    private var lastWheelTime: Microseconds?

    private enum Motion: Sendable {
        case resting(offset: Double)
        case dragging(CarouselDrag)
        case settling(SpringAnimation, target: Int)
    }

    /// A drag in progress: where it began and the pointer's travel since.
    private struct CarouselDrag: Sendable {
        var startOffset: Double
        /// The card centred (or being settled on) when the drag began: a flick moves at least one from it.
        var originItem: Int
        var translation = 0.0
        var tracker = VelocityTracker()
    }

    /// A strip of `items` in a view of `viewSize`, centred on item `centredItem`.
    public init(items: [Int], viewSize: Size, centredItem: Int = 0) {
        self.items = items
        strip = CarouselStrip(viewSize: viewSize, count: items.count)
        snapPoints = strip.snapPoints
        motion = .resting(offset: strip.offset(of: min(max(0, centredItem), max(0, items.count - 1))))
    }

    /// The area the strip is drawn in; a new size keeps the same card centred and stops any motion.
    public var viewSize: Size {
        get { strip.viewSize }
        set {
            guard newValue != strip.viewSize else { return }
            let centred = restingItem
            strip.viewSize = newValue
            snapPoints = strip.snapPoints
            motion = .resting(offset: strip.offset(of: centred ?? 0))
        }
    }

    // MARK: Reading

    /// The scroll offset at `time`, in points: item `i` is centred at `i × strip.pitch`.
    public func offset(at time: Microseconds) -> Double {
        switch motion {
        case .resting(let offset): offset
        case .dragging(let drag): banded(drag.startOffset - drag.translation)
        case .settling(let spring, _): spring.value(at: time)
        }
    }

    /// How fast the offset changes at `time`, in points per second.
    public func velocity(at time: Microseconds) -> Double {
        switch motion {
        case .resting: 0
        case .dragging(let drag): -drag.tracker.velocity(at: time).x
        case .settling(let spring, _): spring.velocity(at: time)
        }
    }

    /// The item nearest the centre at `time`.
    public func centredItem(at time: Microseconds) -> Int? {
        strip.index(nearest: offset(at: time))
    }

    /// The item the strip rests on or is settling on; during a drag, the one nearest the centre.
    public var restingItem: Int? {
        switch motion {
        case .resting(let offset): strip.index(nearest: offset)
        case .dragging(let drag): strip.index(nearest: banded(drag.startOffset - drag.translation))
        case .settling(_, let target): target
        }
    }

    /// The deck card the strip rests on or is settling on.
    public var restingCard: Int? { restingItem.map { items[$0] } }

    /// Whether the strip is held by a drag or a touchpad swipe.
    public var isDragging: Bool {
        if case .dragging = motion { return true }
        return false
    }

    /// Whether anything moves at `time`, so the widget needs further frames. A drag alone does not: the
    /// widget redraws when the pointer moves.
    public func isAnimating(at time: Microseconds) -> Bool {
        if case .settling(let spring, _) = motion { return !spring.isSettled(at: time) }
        return false
    }

    /// Forgets a spring that has settled by `time`. Call once per frame.
    public mutating func advance(to time: Microseconds) {
        if case .settling(let spring, _) = motion, spring.isSettled(at: time) {
            motion = .resting(offset: spring.target)
        }
    }

    /// The cards to draw at `time`, left to right, at full size: only those in view, so the cost does not
    /// depend on how many cards the strip holds.
    public func frame(at time: Microseconds) -> [CardPlacement] {
        let offset = offset(at: time)
        let size = strip.cardSize
        return strip.visibleRange(at: offset).map { item in
            CardPlacement(cardIndex: items[item], center: strip.center(of: item, at: offset), size: size)
        }
    }

    /// The item whose card is drawn under `point` (view coordinates) at `time`, if any.
    public func item(under point: Point, at time: Microseconds) -> Int? {
        let offset = offset(at: time)
        let size = strip.cardSize
        return strip.visibleRange(at: offset).first { item in
            let center = strip.center(of: item, at: offset)
            return abs(point.x - center.x) <= size.width / 2 && abs(point.y - center.y) <= size.height / 2
        }
    }

    // MARK: Dragging

    /// Grabs the strip; one that is moving is caught where it is, and keeps its velocity as the drag's
    /// starting velocity. False, and nothing changes, with no cards or a drag already going on.
    @discardableResult
    public mutating func beginDrag(_ grip: Void, at time: Microseconds) -> Bool {
        guard !items.isEmpty, !isDragging else { return false }
        let offset = offset(at: time)
        let velocity = velocity(at: time)
        var drag = CarouselDrag(startOffset: offset, originItem: restingItem ?? strip.index(nearest: offset) ?? 0)
        // A sample 10 ms back at the moving strip's velocity, so a grab-and-release of a moving strip
        // keeps its momentum instead of stopping dead.
        drag.tracker.add(Point(x: velocity * 0.01, y: 0), at: time - 10_000)
        drag.tracker.add(.zero, at: time)
        motion = .dragging(drag)
        return true
    }

    /// Moves the strip with the pointer; `translation` is its horizontal travel since `beginDrag`, positive
    /// to the right (which brings earlier cards in).
    public mutating func updateDrag(_ translation: Double, at time: Microseconds) {
        guard case .dragging(var drag) = motion, translation.isFinite else { return }
        drag.translation = translation
        drag.tracker.add(Point(x: translation, y: 0), at: time)
        motion = .dragging(drag)
    }

    /// Lets go with the velocity tracked and a finger's deceleration (see ``endDrag(_:at:velocity:deceleration:)``).
    @discardableResult
    public mutating func endDrag(_ translation: Double, at time: Microseconds) -> Int? {
        endDrag(translation, at: time, velocity: nil)
    }

    /// Lets go: the strip settles on the card the snap rule picks for the release velocity (`velocity`
    /// in points per second of the pointer, positive to the right, replaces the tracked one, e.g. a
    /// touchpad's kinetic velocity). Returns the item it settles on.
    @discardableResult
    public mutating func endDrag(
        _ translation: Double,
        at time: Microseconds,
        velocity: Double?,
        deceleration: DecelerationRate = BrowseTuning.touchDeceleration
    ) -> Int? {
        guard case .dragging(var drag) = motion else { return nil }
        if translation.isFinite { drag.translation = translation }
        let tracked = drag.tracker.release(at: Point(x: drag.translation, y: 0), time: time).x
        let pointerVelocity = velocity.flatMap { $0.isFinite ? $0 : nil } ?? tracked
        let released = banded(drag.startOffset - drag.translation)
        let rule = SnapPoints.Rule(deceleration: deceleration, flickSpeed: BrowseTuning.flickSpeed)
        let target = snapPoints?.target(releasedAt: released, velocity: -pointerVelocity, origin: drag.originItem, rule: rule)
            ?? drag.originItem
        settle(from: released, velocity: -pointerVelocity, to: target, time: time)
        return target
    }

    /// Abandons a drag: the strip settles on the nearest card.
    public mutating func cancelDrag(at time: Microseconds) {
        guard case .dragging(let drag) = motion else { return }
        let released = banded(drag.startOffset - drag.translation)
        settle(from: released, velocity: 0, to: strip.index(nearest: released) ?? 0, time: time)
    }

    // MARK: Keys, wheel, clicks

    /// Settles on item `item` (clamped to the strip), continuing from the current motion.
    public mutating func scroll(to item: Int, at time: Microseconds) {
        guard !items.isEmpty else { return }
        let target = min(max(0, item), items.count - 1)
        settle(from: offset(at: time), velocity: velocity(at: time), to: target, time: time)
    }

    /// Centres item `item` (clamped to the strip) at once, without motion: a page opening on a card.
    public mutating func jump(to item: Int) {
        guard !items.isEmpty else { return }
        motion = .resting(offset: strip.offset(of: min(max(0, item), items.count - 1)))
    }

    /// Moves `delta` items from where the strip rests or is heading (keys: ±1, ±page, and Home/End).
    public mutating func step(by delta: Int, at time: Microseconds) {
        guard let base = restingItem else { return }
        let (sum, overflow) = base.addingReportingOverflow(delta)
        scroll(to: overflow ? (delta > 0 ? Int.max : 0) : sum, at: time)
    }

    /// One mouse-wheel notch (`direction` −1 or +1): moves one card unless another notch moved the strip
    /// less than `BrowseTuning.wheelCooldown` ago. Returns whether it moved.
    @discardableResult
    public mutating func wheel(_ direction: Int, at time: Microseconds) -> Bool {
        guard direction != 0, !isDragging else { return false }
        if let last = lastWheelTime, time >= last, time - last < BrowseTuning.wheelCooldown { return false }
        lastWheelTime = time
        step(by: direction > 0 ? 1 : -1, at: time)
        return true
    }

    // MARK: Items

    /// Shows `items` instead (a filter changed, or a deck's decisions did): card `keeping` stays centred
    /// when it is still there; otherwise the nearest card after it in deck order, or the last one.
    public mutating func setItems(_ newItems: [Int], keeping card: Int?) {
        let centred: Int
        if let card, let same = newItems.firstIndex(of: card) {
            centred = same
        } else if let card {
            centred = newItems.firstIndex { $0 >= card } ?? max(0, newItems.count - 1)
        } else {
            centred = 0
        }
        items = newItems
        strip.count = newItems.count
        snapPoints = strip.snapPoints
        motion = .resting(offset: strip.offset(of: centred))
    }

    // MARK: Motion

    private mutating func settle(from offset: Double, velocity: Double, to target: Int, time: Microseconds) {
        let parameters = animationsEnabled ? BrowseTuning.settleSpring : BrowseTuning.reducedMotionSpring
        // Reduced motion: the strip is at the card it goes to at once, no spring travel.
        guard animationsEnabled, let spring = snapPoints?.spring(from: offset, velocity: velocity, to: target, parameters: parameters, startTime: time) else {
            motion = .resting(offset: strip.offset(of: target))
            return
        }
        motion = .settling(spring, target: target)
    }

    /// A raw offset with the rubber band applied past the first and the last card.
    private func banded(_ raw: Double) -> Double {
        let width = strip.viewSize.width
        if raw < 0 {
            return RubberBand.offset(raw, dimension: width, coefficient: BrowseTuning.rubberBandCoefficient)
        }
        let maximum = strip.maximumOffset
        if raw > maximum {
            return maximum + RubberBand.offset(raw - maximum, dimension: width, coefficient: BrowseTuning.rubberBandCoefficient)
        }
        return raw
    }
}
