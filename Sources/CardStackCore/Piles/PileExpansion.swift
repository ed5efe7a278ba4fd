// SPDX-License-Identifier: GPL-3.0-or-later

/// How far one pile is expanded, card by card: toggling starts a spring per card on screen, each a little
/// after the one above it, and one for the pile's height.
///
/// Progress is 0 collapsed and 1 expanded (a spring may overshoot). Only the cards on screen are animated and
/// staggered, so a 10,000-card pile opens as fast as a five-card one; the others are where they belong at once.
/// Toggling again mid-way continues every card from where it is, with its velocity: a card still waiting for
/// its turn keeps its old motion until its new spring starts from that motion's position and velocity.
public struct PileExpansion: Sendable {
    /// Where the pile is heading.
    public private(set) var isExpanded: Bool
    /// When false (reduced motion): no stagger and no overshoot.
    public var animationsEnabled = true

    private var cards: [Int: CardMotion] = [:]
    private var pile: SpringAnimation?

    /// One card's motion: a spring from its start time on, and before that whatever the card did before.
    private indirect enum CardMotion: Sendable {
        case resting(Double)
        case spring(SpringAnimation, before: CardMotion)

        func value(at time: Microseconds) -> Double {
            switch self {
            case .resting(let value): value
            case .spring(let spring, let before): time < spring.startTime ? before.value(at: time) : spring.value(at: time)
            }
        }

        func velocity(at time: Microseconds) -> Double {
            switch self {
            case .resting: 0
            case .spring(let spring, let before): time < spring.startTime ? before.velocity(at: time) : spring.velocity(at: time)
            }
        }

        func isSettled(at time: Microseconds) -> Bool {
            switch self {
            case .resting: true
            case .spring(let spring, _): time >= spring.startTime && spring.isSettled(at: time)
            }
        }

        /// The same motion from `time` on, without what came before a spring that has started.
        func pruned(at time: Microseconds) -> CardMotion {
            switch self {
            case .resting: self
            case .spring(let spring, let before): time >= spring.startTime ? .spring(spring, before: .resting(spring.value(at: spring.startTime))) : .spring(spring, before: before.pruned(at: time))
            }
        }
    }

    /// A pile at rest, collapsed or expanded.
    public init(expanded: Bool = false) {
        isExpanded = expanded
    }

    private var rest: Double { isExpanded ? 1 : 0 }

    /// Card `index`'s progress at `time`.
    public func progress(ofCard index: Int, at time: Microseconds) -> Double {
        cards[index]?.value(at: time) ?? rest
    }

    /// Card `index`'s progress velocity at `time`, per second.
    public func velocity(ofCard index: Int, at time: Microseconds) -> Double {
        cards[index]?.velocity(at: time) ?? 0
    }

    /// The pile's height progress at `time`.
    public func pileProgress(at time: Microseconds) -> Double {
        pile?.value(at: time) ?? rest
    }

    /// Expands or collapses at `time`; `onScreen` are the cards on screen, top first, which move with the
    /// staggered springs (the rest jump).
    public mutating func setExpanded(_ expanded: Bool, at time: Microseconds, onScreen: [Int]) {
        guard expanded != isExpanded else { return }
        let parameters = animationsEnabled ? PileTuning.cascadeSpring : PileTuning.reducedMotionSpring
        let oldRest = rest
        isExpanded = expanded
        let target = rest
        // Reduced motion: every card and the pile's height are where they go at once, no spring travel.
        guard animationsEnabled else {
            cards = [:]
            pile = SpringAnimation(from: target, to: target, parameters: parameters, startTime: time)
            return
        }
        var motions: [Int: CardMotion] = [:]
        for (order, index) in onScreen.enumerated() {
            let delay = animationsEnabled ? PileTuning.cascadeDelay * Microseconds(order) : 0
            let start = time + delay
            // The old motion carries on until the new spring takes over from it, position and velocity.
            let current = cards[index] ?? .resting(oldRest)
            let spring = SpringAnimation(
                from: current.value(at: start),
                to: target,
                initialVelocity: current.velocity(at: start),
                parameters: parameters,
                startTime: start
            )
            motions[index] = .spring(spring, before: current.pruned(at: time))
        }
        cards = motions
        pile = SpringAnimation(
            from: pile?.value(at: time) ?? oldRest,
            to: target,
            initialVelocity: pile?.velocity(at: time) ?? 0,
            parameters: parameters,
            startTime: time
        )
    }

    /// Whether any card or the pile's height still moves at `time`.
    public func isAnimating(at time: Microseconds) -> Bool {
        if let pile, !pile.isSettled(at: time) { return true }
        return cards.values.contains { !$0.isSettled(at: time) }
    }

    /// Forgets springs that have settled by `time`.
    public mutating func advance(to time: Microseconds) {
        cards = cards.filter { !$0.value.isSettled(at: time) }.mapValues { $0.pruned(at: time) }
        if let pile, pile.isSettled(at: time) { self.pile = nil }
    }
}
