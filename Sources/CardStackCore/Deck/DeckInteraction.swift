// SPDX-License-Identifier: GPL-3.0-or-later

/// The swipe deck's state machine: the widget forwards input with its timestamps and draws
/// `frame(at:)` for each frame time.
///
/// A swipe is decided the moment it is recognised: the card starts its flight and the decision is reported;
/// the deck's owner (the session) makes it and hands the progress back with ``adopt(_:after:time:)``, which
/// is how every change reaches the interaction, its own included. The interaction never changes the progress.
/// The animations only show decisions, so any number of cards may be in flight while the user goes on with
/// the next one.
///
/// While cards are leaving, the ones behind the front card sit further back than their place in
/// the stack: each leaving card owes the stack one depth level, paid off as its swipe progresses.
/// That keeps every card where it was drawn when a decision or undo reorders the stack.
public struct DeckInteraction: GestureInteraction, Sendable {
    /// The deck being decided.
    public let deck: Deck
    /// Which cards are decided, and what comes next, as the owner last handed it over: shown, never changed here.
    public private(set) var progress: DeckProgress
    /// The resting geometry for the current view size.
    public private(set) var layout: DeckLayout

    /// When false (reduced motion), swipes, undo, snap-back and shift complete at once, without
    /// travel; a drag still follows the pointer.
    public var animationsEnabled = true {
        didSet {
            if !animationsEnabled { finishAnimations() }
        }
    }

    private(set) var front: FrontCardMotion = .resting
    /// Oldest first, so the latest is drawn on top.
    private(set) var flights: [FlyingCard] = []
    private(set) var shifts: [ShiftingCard] = []

    /// Starts a deck; `progress` defaults to (and, if made for a different card count, is
    /// replaced by) every card undecided.
    public init(deck: Deck, progress: DeckProgress? = nil, viewSize: Size) {
        self.deck = deck
        if let progress, progress.totalCount == deck.cards.count {
            self.progress = progress
        } else {
            self.progress = DeckProgress(cardCount: deck.cards.count)
        }
        layout = DeckLayout(viewSize: viewSize, fillsView: deck.isPhotoDeck)
    }

    /// The area the deck is drawn in.
    public var viewSize: Size {
        get { layout.viewSize }
        set { layout.viewSize = newValue }
    }

    /// Whether a photo deck's card covers the whole view (full screen); cards of text keep their margins.
    public var isEdgeToEdge: Bool {
        get { layout.isEdgeToEdge }
        set { layout.isEdgeToEdge = newValue }
    }

    /// The card the user decides on next, if any.
    public var frontCardIndex: Int? { progress.frontCardIndex }

    /// Whether the front card is held under the pointer.
    public var isDragging: Bool {
        if case .dragging = front { return true }
        return false
    }

    /// Cards drawn besides the stack: those flying out and those sinking to the back.
    public var inFlightCount: Int { flights.count + shifts.count }

    /// How little a drag needs to be a swipe, as the user prefers.
    public var sensitivity = SwipeSensitivity.normal

    /// Thresholds and resistance for the current card size.
    public var recognizer: SwipeRecognizer {
        SwipeRecognizer(cardSize: layout.cardSize, allowedDirections: deck.allowedDirections, sensitivity: sensitivity)
    }

    // MARK: Dragging

    /// Grabs the front card at `point` (widget coordinates); false, and nothing changes, if the
    /// point is not on it or a drag is already going on.
    ///
    /// A card that is still springing back or returning from an undo is caught where it is drawn,
    /// with the pointer keeping its place on the card.
    @discardableResult
    public mutating func beginDrag(_ point: Point, at time: Microseconds) -> Bool {
        guard !isDragging, let pose = frontPose(at: time) else { return false }
        let placement = placement(of: pose, depth: stackLag(at: time))
        guard placement.contains(point) else { return false }
        var tiltSign = pose.tiltSign
        if abs(placement.rotation) < DeckTuning.tiltFlipLimit {
            // Like a card held by its top edge, a card grabbed above the centre turns clockwise
            // when pulled right; held below, it turns the other way.
            tiltSign = placement.cardCoordinates(of: point).y <= 0 ? 1 : -1
        }
        var drag = CardDrag(
            cardIndex: pose.cardIndex,
            startOffset: recognizer.unresistedTranslation(pose.offset),
            tiltSign: tiltSign
        )
        drag.tracker.add(.zero, at: time)
        front = .dragging(drag)
        return true
    }

    /// Moves the held card; `translation` is the pointer's travel since `beginDrag`.
    public mutating func updateDrag(_ translation: Point, at time: Microseconds) {
        guard case .dragging(var drag) = front else { return }
        drag.translation = translation
        drag.tracker.add(translation, at: time)
        front = .dragging(drag)
    }

    /// Lets go of the card with the velocity tracked (see ``endDrag(_:at:velocity:)``).
    @discardableResult
    public mutating func endDrag(_ translation: Point, at time: Microseconds) -> Decision? {
        endDrag(translation, at: time, velocity: nil)
    }

    /// Lets go of the card: a recognised swipe is decided now and the card flies off; otherwise
    /// it springs back. `velocity` (pt/s) replaces the tracked one, e.g. a touchpad's kinetic
    /// velocity.
    @discardableResult
    public mutating func endDrag(_ translation: Point, at time: Microseconds, velocity: Point?) -> Decision? {
        guard case .dragging(var drag) = front else { return nil }
        guard drag.cardIndex == progress.frontCardIndex else {
            front = .resting
            return nil
        }
        drag.translation = translation
        let pointerVelocity = velocity ?? drag.tracker.release(at: translation, time: time)
        let recognizer = recognizer
        let pose = FrontPose(
            cardIndex: drag.cardIndex,
            offset: recognizer.resistedTranslation(drag.rawOffset),
            velocity: recognizer.resistedVelocity(pointerVelocity, at: drag.rawOffset),
            tiltSign: drag.tiltSign
        )
        let depth = stackLag(at: time)
        guard let direction = recognizer.direction(translation: pose.offset, velocity: pose.velocity),
              let decision = decision(direction)
        else {
            springBack(from: pose, time: time)
            return nil
        }
        // A flick travels the way it was thrown; a drag past the threshold leaves straight.
        let isFlick = recognizer.progress(translation: pose.offset, toward: direction) < 1
        let heading = isFlick ? pose.velocity : Self.vector(of: direction)
        launch(decision, from: pose, depth: depth, heading: heading, time: time)
        return decision
    }

    /// Abandons the drag; the card springs back.
    public mutating func cancelDrag(at time: Microseconds) {
        guard isDragging, let pose = frontPose(at: time) else { return }
        springBack(from: pose, time: time)
    }

    // MARK: Keyboard and buttons

    /// Decides the front card `direction` and throws it out of view, already clear of the middle of the card
    /// behind it (``DeckTuning/keyboardHeadStartLimit``); nil if the deck is finished or the direction is not
    /// allowed. A drag on the card is abandoned.
    @discardableResult
    public mutating func swipe(_ direction: SwipeDirection, at time: Microseconds) -> Decision? {
        guard deck.allowedDirections.contains(direction), var pose = frontPose(at: time) else { return nil }
        let depth = stackLag(at: time)
        guard let decision = decision(direction) else { return nil }
        pose.velocity = Self.vector(of: direction) * DeckTuning.keyboardSwipeSpeed
        launch(decision, from: pose, depth: depth, heading: Self.vector(of: direction), spring: DeckTuning.keyboardFlyOffSpring,
               time: time, clearingTheCardBehind: true)
        return decision
    }

    /// What deciding the front card `direction` is, for the owner to make; nil when the deck is finished.
    private func decision(_ direction: SwipeDirection) -> Decision? {
        progress.frontCardIndex.map { Decision(cardIndex: $0, direction: direction) }
    }

    /// Takes on `progress` as changed by `change`, reported here or made on another page, and shows it: an
    /// undone decision of what is now the front card comes back from its side, a redone decision of the front
    /// card flies off, Start Over and a direction's cards returned stop every card in motion; anything else
    /// puts the cards it concerns straight where they belong.
    public mutating func adopt(_ progress: DeckProgress, after change: ProgressChange, at time: Microseconds) {
        guard progress.totalCount == self.progress.totalCount else { return }
        switch change {
        case .did(.rate(let rating)) where rating.sentBack && self.progress.frontCardIndex == rating.cardIndex,
             .redid(.rate(let rating)) where rating.sentBack && self.progress.frontCardIndex == rating.cardIndex:
            // Rated and moved on: the photo sinks behind the others as a shift does.
            let pose = frontPose(at: time)
            let depth = stackLag(at: time)
            self.progress = progress
            if let pose { sinkBehind(rating.cardIndex, from: pose, depth: depth, time: time) }
        case .undid(.decide(let decision)) where progress.frontCardIndex == decision.cardIndex:
            self.progress = progress
            bringBack(decision, time: time)
        case .redid(.decide(let decision)) where self.progress.frontCardIndex == decision.cardIndex:
            var start = frontPose(at: time)
                ?? FrontPose(cardIndex: decision.cardIndex, offset: .zero, velocity: .zero, tiltSign: 1)
            let depth = stackLag(at: time)
            self.progress = progress
            let heading = Self.vector(of: decision.direction)
            start.velocity = heading * DeckTuning.keyboardSwipeSpeed
            launch(decision, from: start, depth: depth, heading: heading, spring: DeckTuning.keyboardFlyOffSpring,
                   time: time, clearingTheCardBehind: true)
        case .did(.restart), .did(.returnAll):
            self.progress = progress
            stopAllMotion()
        default:
            self.progress = progress
            // Cards whose place changed elsewhere stop where they belong now.
            flights.removeAll { progress.isUpcoming($0.decision.cardIndex) }
            shifts.removeAll { !progress.isUpcoming($0.cardIndex) }
            dropShiftOfFrontCard()
            if case .returning(let card) = front, card.cardIndex != progress.frontCardIndex {
                front = .resting
            }
        }
    }

    /// Brings the card of an undone decision, now the front card, back from the side it left.
    private mutating func bringBack(_ decision: Decision, time: Microseconds) {
        let flight = flights.firstIndex { $0.decision.cardIndex == decision.cardIndex }
            .map { flights.remove(at: $0) }
        front = .resting
        guard animationsEnabled else { return }
        let lag = stackLag(at: time)
        let restingCenter = layout.center(atDepth: lag)
        let motion: PointSpringAnimation
        if let flight {
            let drawnCenter = layout.center(atDepth: depth(of: flight, at: time)) + flight.motion.value(at: time)
            motion = PointSpringAnimation(
                from: drawnCenter - restingCenter,
                to: .zero,
                initialVelocity: flight.motion.velocity(at: time),
                parameters: DeckTuning.undoReturnSpring,
                startTime: time
            )
        } else {
            let heading = Self.vector(of: decision.direction)
            let distance = distanceToLeaveView(from: restingCenter, along: heading, margin: 0)
            motion = PointSpringAnimation(
                from: heading * distance,
                to: .zero,
                initialVelocity: .zero,
                parameters: DeckTuning.undoReturnSpring,
                startTime: time
            )
        }
        front = .returning(ReturningCard(
            cardIndex: decision.cardIndex,
            motion: motion,
            tiltSign: flight?.tiltSign ?? 1
        ))
    }

    /// Starts the front card sinking behind the others into the deepest visible place, fading if it is too far
    /// back to be seen; returns the card, for the owner to move to the back of the line, or nil if there is
    /// nothing to move it behind.
    @discardableResult
    public mutating func shift(at time: Microseconds) -> Int? {
        guard progress.upcomingCardIndices.count >= 2, let pose = frontPose(at: time) else { return nil }
        let depth = stackLag(at: time)
        sinkBehind(pose.cardIndex, from: pose, depth: depth, time: time)
        return pose.cardIndex
    }

    /// Sinks card `cardIndex`, the front card until now, from `pose` behind the others, as a shift does.
    private mutating func sinkBehind(_ cardIndex: Int, from pose: FrontPose, depth: Double, time: Microseconds) {
        front = .resting
        dropShiftOfFrontCard()
        guard animationsEnabled else { return }
        shifts.append(ShiftingCard(
            cardIndex: cardIndex,
            startOffset: pose.offset,
            startDepth: depth,
            tiltSign: pose.tiltSign,
            owedAdvance: 1 - swipeProgress(of: pose.offset),
            travel: SpringAnimation(from: 0, to: 1, parameters: DeckTuning.shiftSpring, startTime: time)
        ))
    }

    // MARK: Frames

    /// What to draw at frame time `time`, back to front: cards sinking to the back, the resting
    /// stack, the front card, then the cards flying out.
    ///
    /// Only the visible cards are looked at, so the cost does not depend on the deck's length.
    public func frame(at time: Microseconds) -> [CardPlacement] {
        let lag = stackLag(at: time)
        let pose = frontPose(at: time)
        let frontAdvance = pose.map { swipeProgress(of: $0.offset) } ?? 0
        let visible = progress.upcomingCardIndices.prefix(DeckLayout.visibleDepth)
        var placements: [CardPlacement] = []
        placements.reserveCapacity(visible.count + flights.count + shifts.count)

        for shift in shifts {
            placements.append(placement(of: shift, among: visible, lag: lag, frontAdvance: frontAdvance, at: time))
        }
        for (position, cardIndex) in visible.enumerated().reversed() where position > 0 {
            guard !shifts.contains(where: { $0.cardIndex == cardIndex }) else { continue }
            let depth = Double(position) + lag - frontAdvance
            let rest = FrontPose(cardIndex: cardIndex, offset: .zero, velocity: .zero, tiltSign: 1)
            placements.append(placement(of: rest, depth: depth))
        }
        if let pose {
            placements.append(placement(of: pose, depth: lag))
        }
        for flight in flights {
            let placement = placement(of: flight, at: time)
            if placement.bounds.intersects(layout.bounds) {
                placements.append(placement)
            }
        }
        return placements
    }

    /// Forgets motion that is over by `time`: settled springs and flying cards that have left the
    /// view. Call once per frame before drawing.
    public mutating func advance(to time: Microseconds) {
        flights = flights.filter { !hasLeftView($0, at: time) }
        shifts.removeAll { $0.travel.isSettled(at: time) }
        if case .returning(let card) = front, card.motion.isSettled(at: time) {
            front = .resting
        }
    }

    /// Whether anything is still moving at `time`, so the widget needs further frames.
    ///
    /// A drag on its own is not animating: the widget redraws when the pointer moves.
    public func isAnimating(at time: Microseconds) -> Bool {
        if case .returning(let card) = front, !card.motion.isSettled(at: time) { return true }
        return flights.contains { !hasLeftView($0, at: time) }
            || shifts.contains { !$0.travel.isSettled(at: time) }
    }

    /// Whether anything was still moving at the last `advance(to:)`: keep the tick callback
    /// running while this is true.
    public var isAnimating: Bool {
        if case .returning = front { return true }
        return !flights.isEmpty || !shifts.isEmpty
    }

    // MARK: Motion

    /// Sends a decided card off along `heading` from `pose` by `spring`, or lets it vanish with reduced motion.
    /// `clearingTheCardBehind` (a key's or a button's) starts the flight a head start before `time`: one frame,
    /// or as long as the card takes to uncover the middle of the card behind, up to a limit.
    private mutating func launch(
        _ decision: Decision,
        from pose: FrontPose,
        depth: Double,
        heading: Point,
        spring: SpringParameters = DeckTuning.flyOffSpring,
        time: Microseconds,
        clearingTheCardBehind: Bool = false
    ) {
        front = .resting
        shifts.removeAll { $0.cardIndex == decision.cardIndex }
        dropShiftOfFrontCard()
        guard animationsEnabled else { return }
        let length = heading.length
        let unit = length > 0 ? heading / length : Self.vector(of: decision.direction)
        // Aimed from where the card's depth level ends up, so it leaves the view even after the
        // stack has moved up under it.
        let finalCenter = layout.frontCenter + pose.offset
        let distance = distanceToLeaveView(from: finalCenter, along: unit, margin: DeckTuning.flyOffMargin)
        var motion = PointSpringAnimation(from: pose.offset, to: pose.offset + unit * distance, initialVelocity: pose.velocity,
                                          parameters: spring, startTime: time)
        if clearingTheCardBehind {
            let headStart = headStart(of: motion, from: pose.offset, along: unit, startingAt: time)
            motion = PointSpringAnimation(from: pose.offset, to: pose.offset + unit * distance, initialVelocity: pose.velocity,
                                          parameters: spring, startTime: time - headStart)
        }
        flights.append(FlyingCard(
            decision: decision,
            motion: motion,
            tiltSign: pose.tiltSign,
            departureDepth: depth
        ))
    }

    private mutating func springBack(from pose: FrontPose, time: Microseconds) {
        guard animationsEnabled, pose.offset != .zero || pose.velocity != .zero else {
            front = .resting
            return
        }
        front = .returning(ReturningCard(
            cardIndex: pose.cardIndex,
            motion: PointSpringAnimation(
                from: pose.offset,
                to: .zero,
                initialVelocity: pose.velocity,
                parameters: DeckTuning.snapBackSpring,
                startTime: time
            ),
            tiltSign: pose.tiltSign
        ))
    }

    /// A card that comes round to the front while still sinking is drawn as the front card only.
    private mutating func dropShiftOfFrontCard() {
        guard let frontCardIndex = progress.frontCardIndex else { return }
        shifts.removeAll { $0.cardIndex == frontCardIndex }
    }

    private mutating func finishAnimations() {
        flights.removeAll()
        shifts.removeAll()
        if case .returning = front { front = .resting }
    }

    private mutating func stopAllMotion() {
        finishAnimations()
        front = .resting
    }
}
