// SPDX-License-Identifier: GPL-3.0-or-later

/// Where each card of the deck is drawn: the front card's pose from its drag or spring, the cards flying off,
/// and every card's placement (offset, tilt, scale, stamps) at a moment.
extension DeckInteraction {
    // MARK: Poses

    /// The front card's state at a moment, wherever that comes from.
    struct FrontPose {
        var cardIndex: Int
        /// From its resting centre.
        var offset: Point
        /// In pt/s.
        var velocity: Point
        var tiltSign: Double
    }

    func frontPose(at time: Microseconds) -> FrontPose? {
        guard let cardIndex = progress.frontCardIndex else { return nil }
        switch front {
        case .dragging(let drag) where drag.cardIndex == cardIndex:
            let recognizer = recognizer
            return FrontPose(
                cardIndex: cardIndex,
                offset: recognizer.resistedTranslation(drag.rawOffset),
                velocity: recognizer.resistedVelocity(drag.tracker.velocity(at: time), at: drag.rawOffset),
                tiltSign: drag.tiltSign
            )
        case .returning(let card) where card.cardIndex == cardIndex:
            return FrontPose(
                cardIndex: cardIndex,
                offset: card.motion.value(at: time),
                velocity: card.motion.velocity(at: time),
                tiltSign: card.tiltSign
            )
        default:
            return FrontPose(cardIndex: cardIndex, offset: .zero, velocity: .zero, tiltSign: 1)
        }
    }

    /// How far an offset has gone toward the nearest allowed threshold, 0…1; the stack behind
    /// advances by this many depth levels.
    func swipeProgress(of offset: Point) -> Double {
        let recognizer = recognizer
        let progress = deck.allowedDirections.map { recognizer.progress(translation: offset, toward: $0) }.max() ?? 0
        return min(1, progress)
    }

    /// The depth levels the stack still owes to cards leaving it; see the type's description.
    func stackLag(at time: Microseconds) -> Double {
        let flying = flights.reduce(0) { $0 + 1 - swipeProgress(of: $1.motion.value(at: time)) }
        let sinking = shifts.reduce(0) { $0 + $1.owedAdvance * (1 - min(1, max(0, $1.travel.value(at: time)))) }
        return flying + sinking
    }

    func depth(of flight: FlyingCard, at time: Microseconds) -> Double {
        flight.departureDepth * (1 - swipeProgress(of: flight.motion.value(at: time)))
    }

    func hasLeftView(_ flight: FlyingCard, at time: Microseconds) -> Bool {
        // The spring's target is out of view, so a settled card is gone too, even if the view
        // grew meanwhile.
        flight.motion.isSettled(at: time) || !placement(of: flight, at: time).bounds.intersects(layout.bounds)
    }

    // MARK: Placements

    func placement(of pose: FrontPose, depth: Double) -> CardPlacement {
        cardPlacement(pose.cardIndex, depth: depth, offset: pose.offset, tiltSign: pose.tiltSign)
    }

    func placement(of flight: FlyingCard, at time: Microseconds) -> CardPlacement {
        cardPlacement(
            flight.decision.cardIndex,
            depth: depth(of: flight, at: time),
            offset: flight.motion.value(at: time),
            tiltSign: flight.tiltSign
        )
    }

    /// A sinking card heads for where the stack will show it, or for the deepest visible place
    /// (fading out on the way) if it is too far back to be shown.
    func placement(
        of shift: ShiftingCard,
        among visible: some Collection<Int>,
        lag: Double,
        frontAdvance: Double,
        at time: Microseconds
    ) -> CardPlacement {
        let travel = shift.travel.value(at: time)
        let settled = min(1, max(0, travel))
        let otherLag = lag - shift.owedAdvance * (1 - settled)
        let destination: Double
        var opacity = 1.0
        if let position = visible.firstIndex(of: shift.cardIndex).map({ visible.distance(from: visible.startIndex, to: $0) }) {
            destination = Double(position) + otherLag - frontAdvance
        } else {
            destination = Double(DeckLayout.visibleDepth - 1)
            opacity = 1 - settled
        }
        var placement = cardPlacement(
            shift.cardIndex,
            depth: shift.startDepth + (destination - shift.startDepth) * travel,
            offset: shift.startOffset * (1 - travel),
            tiltSign: shift.tiltSign
        )
        placement.opacity *= opacity
        return placement
    }

    /// A card at a possibly fractional depth, moved by `offset` and tilted and labelled for it.
    ///
    /// Cards pushed deeper than the visible levels (while several cards are still leaving)
    /// fade out over the last level instead of popping.
    func cardPlacement(_ cardIndex: Int, depth: Double, offset: Point, tiltSign: Double) -> CardPlacement {
        let size = layout.cardSize
        let drawnDepth = min(max(0, depth), Double(DeckLayout.visibleDepth))
        let tiltReach = size.width * DeckTuning.tiltReachWidths
        let tilt = tiltReach > 0 ? min(1, max(-1, offset.x / tiltReach)) : 0
        return CardPlacement(
            cardIndex: cardIndex,
            center: layout.center(atDepth: drawnDepth) + offset,
            size: size,
            scale: layout.scale(atDepth: drawnDepth),
            rotation: tiltSign * DeckTuning.maximumTilt * tilt,
            opacity: min(1, max(0, Double(DeckLayout.visibleDepth) - drawnDepth)),
            overlays: overlays(for: offset)
        )
    }

    /// Label opacities: each allowed direction shows as 2·p − Σp (MGSwipeCards), so the labels
    /// cross-fade when the drag turns toward another direction.
    func overlays(for offset: Point) -> [SwipeDirection: Double] {
        guard offset != .zero else { return [:] }
        let recognizer = recognizer
        let progress = deck.allowedDirections.map { ($0, recognizer.progress(translation: offset, toward: $0)) }
        let total = progress.reduce(0) { $0 + $1.1 }
        var overlays: [SwipeDirection: Double] = [:]
        for (direction, share) in progress {
            let opacity = min(1, max(0, 2 * share - total))
            if opacity > 0 { overlays[direction] = opacity }
        }
        return overlays
    }

    // MARK: Leaving the view

    /// How far into `motion` (started at `start`) a card leaving along the unit vector `unit` from `offset` has
    /// gone half its own extent that way, uncovering the middle of the card behind: at least
    /// ``DeckTuning/keyboardHeadStart``, at most ``DeckTuning/keyboardHeadStartLimit``.
    ///
    /// The spring's travel only grows over so short a time, so a bisection to a tenth of a millisecond finds it.
    func headStart(of motion: PointSpringAnimation, from offset: Point, along unit: Point, startingAt start: Microseconds) -> Microseconds {
        let size = layout.cardSize
        let halfExtent = (abs(unit.x) * size.width + abs(unit.y) * size.height) / 2
        func isClear(_ elapsed: Microseconds) -> Bool {
            let travelled = motion.value(at: start + elapsed) - offset
            return travelled.x * unit.x + travelled.y * unit.y >= halfExtent
        }
        var (low, high) = (DeckTuning.keyboardHeadStart, DeckTuning.keyboardHeadStartLimit)
        if isClear(low) { return low }
        if !isClear(high) { return high }
        while high - low > 100 {
            let middle = (low + high) / 2
            if isClear(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// How far a card centred at `center` must travel along the unit vector `heading` to be
    /// wholly outside the view, turned any way, plus `margin`.
    func distanceToLeaveView(from center: Point, along heading: Point, margin: Double) -> Double {
        let radius = layout.cardRadius
        let view = layout.viewSize
        var distance = Double.infinity
        if heading.x > 0 { distance = min(distance, (view.width + radius - center.x) / heading.x) }
        if heading.x < 0 { distance = min(distance, (center.x + radius) / -heading.x) }
        if heading.y > 0 { distance = min(distance, (view.height + radius - center.y) / heading.y) }
        if heading.y < 0 { distance = min(distance, (center.y + radius) / -heading.y) }
        return distance.isFinite ? max(0, distance) + margin : margin
    }

    static func vector(of direction: SwipeDirection) -> Point {
        let unit = direction.unitVector
        return Point(x: unit.x, y: unit.y)
    }
}
