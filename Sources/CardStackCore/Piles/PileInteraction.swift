// SPDX-License-Identifier: GPL-3.0-or-later

/// One pile's state machine: its cards, how far it is expanded, a card held sideways, cards flying out and the
/// gap one left closing. The widget forwards input with its timestamps, measures the cards, and draws
/// `frame(of:at:)` for each frame time.
///
/// Taking a card back to the deck is a decision the page makes at once (``endSwipe(translation:time:)`` says
/// which); what follows only shows it: the card flies out from where it was drawn while the cards below close its
/// gap, and the next swipe can begin before either has settled.
public struct PileInteraction: GestureInteraction, Sendable {
    /// A card, or with `whole` the collapsed stack, held sideways.
    public struct Held: Sendable {
        /// The card's motion under the finger, and after it.
        public var swipe: PileSwipe
        /// The deck card held (the top one for a whole stack).
        public let card: Int
        /// Whether the collapsed stack is held as one.
        public let whole: Bool
    }

    /// A card that left the pile, still drawn where it was while it flies out.
    public struct Leaving: Sendable {
        /// The deck card.
        public let card: Int
        /// Where it was when it left.
        public let frame: PileCardFrame
        /// Its flight.
        public let swipe: PileSwipe
    }

    /// What a released swipe decided.
    public enum Release: Sendable {
        /// Nothing: the card springs back.
        case springsBack
        /// Deck card `card`, at `item` in the pile, goes back to the deck, flying out with `flight`.
        case returnsCard(Int, item: Int, flight: PileSwipe)
        /// The whole collapsed pile goes back to the deck, flying out with `flight`.
        case returnsAll(flight: PileSwipe)
    }

    /// Height of an empty pile's line of text, in points.
    public static let emptyHeight = 48.0

    /// Deck card indices in the pile, newest first.
    public private(set) var cards: [Int] = []
    /// The cards' heights, measured or estimated, and where each sits.
    public var layout = PileLayout(estimatedHeights: [])
    /// How far the pile and each card on screen are expanded.
    public private(set) var expansion = PileExpansion()
    /// The pile's width, in points, which swipes are measured against.
    public var width = 0.0
    /// The card held sideways, or springing back.
    public private(set) var held: Held?
    /// Cards that left and are still flying out.
    public private(set) var leaving: [Leaving] = []
    /// The gap a card left, closing: cards from `index` on sit lower by the spring's value.
    private var closingGap: (index: Int, spring: SpringAnimation)?

    /// An empty, collapsed pile.
    public init() {}

    /// When false (reduced motion): the cascade has no stagger and no overshoot.
    public var animationsEnabled: Bool {
        get { expansion.animationsEnabled }
        set { expansion.animationsEnabled = newValue }
    }

    /// Whether the pile is expanded (or expanding).
    public var isExpanded: Bool { expansion.isExpanded }

    /// Whether a card is under the finger (not one springing back).
    public var isHolding: Bool { held.map { $0.swipe.leaves == nil } ?? false }

    // MARK: Contents

    /// Takes the pile's new cards, newest first, with their heights; an emptied pile collapses at `time`.
    public mutating func setCards(_ cards: [Int], layout: PileLayout, at time: Microseconds) {
        precondition(cards.count == layout.count, "a height for every card")
        self.cards = cards
        self.layout = layout
        if cards.isEmpty, expansion.isExpanded { expansion.setExpanded(false, at: time, onScreen: []) }
    }

    // MARK: Geometry

    /// Item `item`'s frame at `time`, with the closing gap applied.
    public func frame(of item: Int, at time: Microseconds) -> PileCardFrame {
        var frame = layout.frame(of: item, progress: expansion.progress(ofCard: item, at: time), width: width)
        if let gap = closingGap, item >= gap.index { frame.top += gap.spring.value(at: time) }
        return frame
    }

    /// How far item `item` is drawn sideways, and its opacity there, at `time`: a held card (or every card of a
    /// held stack) follows its swipe.
    public func sideways(of item: Int, at time: Microseconds) -> (offset: Double, opacity: Double) {
        guard let held, held.whole || cards.indices.contains(item) && cards[item] == held.card else { return (0, 1) }
        return (held.swipe.offset(at: time), held.swipe.opacity(at: time))
    }

    /// The pile's height at `time`: the expansion's, plus a gap still closing; an empty pile keeps room for its
    /// line of text, or for the last card still flying out.
    public func height(at time: Microseconds) -> Double {
        guard !cards.isEmpty else { return max(Self.emptyHeight, leaving.map(\.frame.height).max() ?? 0) }
        return layout.height(atProgress: expansion.pileProgress(at: time)) + (closingGap?.spring.value(at: time) ?? 0)
    }

    /// The card drawn at `point` (pile coordinates) at `time`: in a collapsed pile the top one.
    public func item(under point: Point, at time: Microseconds) -> Int? {
        guard !cards.isEmpty else { return nil }
        guard expansion.isExpanded else { return point.y <= layout.stackedHeight ? 0 : nil }
        let band = layout.expandedCards(between: point.y - 1, and: point.y + 1)
        return band.first { frame(of: $0, at: time).rect.contains(point) }
    }

    // MARK: Expanding

    /// Expands or collapses at `time`, cascading the cards in `band` (pile coordinates: what is on screen); false
    /// when nothing changes (already so, or an empty pile asked to expand).
    @discardableResult
    public mutating func setExpanded(_ expanded: Bool, at time: Microseconds, band: ClosedRange<Double>) -> Bool {
        guard expanded != expansion.isExpanded, !(expanded && cards.isEmpty) else { return false }
        let onScreen = Array(layout.expandedCards(between: band.lowerBound, and: band.upperBound))
        expansion.setExpanded(expanded, at: time, onScreen: onScreen)
        return true
    }

    // MARK: Swiping

    /// Holds item `item` (or, collapsed, the whole pile) sideways at `time`; false when there is no such card or
    /// another one is held. A card springing back is caught where it is.
    @discardableResult
    public mutating func beginDrag(_ item: Int, at time: Microseconds) -> Bool {
        guard cards.indices.contains(item) else { return false }
        var startOffset = 0.0
        if let current = held {
            guard current.swipe.leaves == false, current.card == cards[item] else { return false }
            startOffset = current.swipe.offset(at: time)
        }
        let width = max(1, frame(of: item, at: time).rect.size.width)
        held = Held(swipe: PileSwipe(cardIndex: item, width: width, at: time, startOffset: startOffset), card: cards[item], whole: !isExpanded)
        return true
    }

    /// Moves the held card to `translation` points sideways from where the drag began.
    public mutating func updateDrag(_ translation: Double, at time: Microseconds) {
        guard var current = held else { return }
        current.swipe.update(translation, at: time)
        held = current
    }

    /// Lets go of the held card at `time`, `translation` points from where the drag began, and says what the
    /// release decided. A card that leaves is the page's to take back (then ``cardLeft(_:from:item:flying:at:)``
    /// or ``pileLeft(_:flying:)``); one that springs back is drawn from ``held`` until it settles.
    public mutating func endDrag(_ translation: Double, at time: Microseconds) -> Release {
        guard var current = held else { return .springsBack }
        guard current.swipe.end(translation, at: time) else {
            held = current.swipe.isSettled(at: time) ? nil : current
            return .springsBack
        }
        held = nil
        if current.whole { return .returnsAll(flight: current.swipe) }
        guard let item = cards.firstIndex(of: current.card) else { return .springsBack }
        return .returnsCard(current.card, item: item, flight: current.swipe)
    }

    /// Lets go of the held card without a decision (the system took the pointer away): it springs back.
    public mutating func cancelDrag(at time: Microseconds) {
        guard var current = held, current.swipe.leaves == nil else { return }
        current.swipe.cancel(at: time)
        held = current
    }

    // MARK: Leaving

    /// Deck card `card`, which sat at `item` drawn at `frame`, has left the pile (``setCards(_:layout:at:)`` has
    /// its new cards): in an expanded pile it flies out, with `flying` when it was swiped and sideways otherwise,
    /// and the cards below close its gap.
    public mutating func cardLeft(_ card: Int, from frame: PileCardFrame, item: Int, flying: PileSwipe?, at time: Microseconds) {
        guard expansion.isExpanded else { return }
        var flight = flying ?? PileSwipe(cardIndex: item, width: frame.rect.size.width, at: time)
        if flying == nil { flight.end(frame.rect.size.width * PileTuning.dismissFraction + 1, at: time) }
        leaving.append(Leaving(card: card, frame: frame, swipe: flight))
        let gap = frame.height + PileTuning.expandedGap
        closingGap = (item, SpringAnimation(from: gap, to: 0, parameters: PileTuning.swipeSpring, startTime: time))
    }

    /// The cards a collapsed stack draws at `time`, top first, with their frames: what flies out when the whole
    /// pile is swiped away.
    public func stackFrames(at time: Microseconds) -> [(card: Int, frame: PileCardFrame)] {
        (0..<min(cards.count, PileTuning.stackedLevels)).map { (cards[$0], frame(of: $0, at: time)) }
    }

    /// The collapsed stack's cards, drawn at `frames` (top first, from ``stackFrames(at:)``), have left the pile
    /// together, flying out with `flying`.
    public mutating func pileLeft(_ frames: [(card: Int, frame: PileCardFrame)], flying: PileSwipe) {
        for (card, frame) in frames.reversed() { leaving.append(Leaving(card: card, frame: frame, swipe: flying)) }
    }

    // MARK: Time

    /// Whether anything moves at `time`.
    public func isAnimating(at time: Microseconds) -> Bool {
        expansion.isAnimating(at: time)
            || leaving.contains { !$0.swipe.isSettled(at: time) }
            || (held.map { $0.swipe.leaves != nil && !$0.swipe.isSettled(at: time) } ?? false)
            || (closingGap.map { !$0.spring.isSettled(at: time) } ?? false)
    }

    /// Forgets motions that have settled by `time`.
    public mutating func advance(to time: Microseconds) {
        expansion.advance(to: time)
        leaving.removeAll { $0.swipe.isSettled(at: time) }
        if let gap = closingGap, gap.spring.isSettled(at: time) { closingGap = nil }
        if let current = held, current.swipe.leaves == false, current.swipe.isSettled(at: time) { held = nil }
    }
}
