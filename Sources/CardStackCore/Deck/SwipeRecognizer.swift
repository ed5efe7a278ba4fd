// SPDX-License-Identifier: GPL-3.0-or-later

/// Decides whether a released drag is a swipe, and how a drag in progress looks and resists.
///
/// Pure: everything comes from the card size, the deck's allowed directions and the numbers
/// passed in, so the same drag always gives the same answer.
public struct SwipeRecognizer: Sendable, Hashable {
    /// The unscaled size of the card being dragged; thresholds and resistance scale with it.
    public var cardSize: Size
    /// The directions that can be recognised; drags the other ways meet resistance.
    public var allowedDirections: Set<SwipeDirection>
    /// How little a drag needs, as the user prefers.
    public var sensitivity: SwipeSensitivity

    /// Recognises swipes of a card of `cardSize` in `allowedDirections`.
    public init(cardSize: Size, allowedDirections: Set<SwipeDirection>, sensitivity: SwipeSensitivity = .normal) {
        self.cardSize = cardSize
        self.allowedDirections = allowedDirections
        self.sensitivity = sensitivity
    }

    /// The travel a drag needs toward `direction` to be a swipe without a flick, in points.
    public func threshold(for direction: SwipeDirection) -> Double {
        extent(along: direction) * DeckTuning.swipeThresholdFraction * sensitivity.scale
    }

    /// The release speed that makes a short drag a swipe, in pt/s.
    var flickSpeed: Double { DeckTuning.flickSpeed * sensitivity.scale }

    /// The swipe a drag released with `translation` and `velocity` (pt/s) makes, if any.
    ///
    /// A drag past the threshold of its dominant direction is a swipe unless it is thrown back
    /// toward the centre at flick speed. A shorter drag is a swipe if it is flicked: at least
    /// `flickSpeed` and `flickMinimumTravel` the same way as its dominant direction (taken from
    /// the velocity while the drag is still too short to have a direction of its own).
    /// Disallowed directions are never recognised.
    public func direction(translation: Point, velocity: Point) -> SwipeDirection? {
        if let dominant = Self.dominantDirection(of: translation),
           allowedDirections.contains(dominant),
           Self.component(of: translation, along: dominant) >= threshold(for: dominant) {
            let isThrownBack = Self.component(of: velocity, along: dominant) <= -flickSpeed
            return isThrownBack ? nil : dominant
        }
        let axisSource = translation.length < DeckTuning.flickAxisLockDistance ? velocity : translation
        guard let flick = Self.dominantDirection(of: axisSource),
              allowedDirections.contains(flick),
              Self.component(of: velocity, along: flick) >= flickSpeed,
              Self.component(of: translation, along: flick) >= DeckTuning.flickMinimumTravel
        else { return nil }
        return flick
    }

    /// How far `translation` has gone toward each direction's threshold: 0 at rest or going the
    /// other way, 1 at the threshold, more beyond it. Every direction is present, allowed or not.
    public func progress(translation: Point) -> [SwipeDirection: Double] {
        var shares: [SwipeDirection: Double] = [:]
        for direction in SwipeDirection.allCases {
            shares[direction] = progress(translation: translation, toward: direction)
        }
        return shares
    }

    /// The progress toward one direction, as in `progress(translation:)`.
    public func progress(translation: Point, toward direction: SwipeDirection) -> Double {
        let threshold = threshold(for: direction)
        guard threshold > 0 else { return 0 }
        return max(0, Self.component(of: translation, along: direction)) / threshold
    }

    /// Where the card is drawn for a raw drag: components toward a disallowed direction are
    /// rubber-banded against the card's extent on that axis, so the card gives a little and
    /// tells the user that way is closed.
    public func resistedTranslation(_ raw: Point) -> Point {
        Point(
            x: resists(raw.x, horizontally: true)
                ? RubberBand.offset(raw.x, dimension: cardSize.width, coefficient: DeckTuning.resistanceCoefficient)
                : raw.x,
            y: resists(raw.y, horizontally: false)
                ? RubberBand.offset(raw.y, dimension: cardSize.height, coefficient: DeckTuning.resistanceCoefficient)
                : raw.y
        )
    }

    /// The raw drag that `resistedTranslation(_:)` would draw at `displayed`, so a grab of a
    /// moving card can continue from where it is drawn.
    public func unresistedTranslation(_ displayed: Point) -> Point {
        Point(
            x: resists(displayed.x, horizontally: true)
                ? Self.unbanded(displayed.x, dimension: cardSize.width)
                : displayed.x,
            y: resists(displayed.y, horizontally: false)
                ? Self.unbanded(displayed.y, dimension: cardSize.height)
                : displayed.y
        )
    }

    /// The velocity of the drawn card when the raw drag at `raw` moves at `velocity`: the
    /// rubber band's slope slows the resisted components.
    public func resistedVelocity(_ velocity: Point, at raw: Point) -> Point {
        func slope(_ value: Double, _ speed: Double, dimension: Double, horizontally: Bool) -> Double {
            // At the origin the way the drag is heading decides whether it meets resistance.
            guard resists(value == 0 ? speed : value, horizontally: horizontally), dimension > 0 else { return 1 }
            let coefficient = DeckTuning.resistanceCoefficient
            let stretch = 1 + abs(value) * coefficient / dimension
            return coefficient / (stretch * stretch)
        }
        return Point(
            x: velocity.x * slope(raw.x, velocity.x, dimension: cardSize.width, horizontally: true),
            y: velocity.y * slope(raw.y, velocity.y, dimension: cardSize.height, horizontally: false)
        )
    }

    /// The direction of the larger component of `vector`, horizontal on a tie; nil for zero.
    public static func dominantDirection(of vector: Point) -> SwipeDirection? {
        if vector.x == 0 && vector.y == 0 { return nil }
        if abs(vector.x) >= abs(vector.y) {
            return vector.x > 0 ? .right : .left
        }
        return vector.y > 0 ? .down : .up
    }

    /// The signed length of `vector` along `direction`.
    public static func component(of vector: Point, along direction: SwipeDirection) -> Double {
        let unit = direction.unitVector
        return vector.x * unit.x + vector.y * unit.y
    }

    private func extent(along direction: SwipeDirection) -> Double {
        direction.isHorizontal ? cardSize.width : cardSize.height
    }

    private func resists(_ value: Double, horizontally: Bool) -> Bool {
        guard value != 0 else { return false }
        let direction: SwipeDirection = horizontally ? (value > 0 ? .right : .left) : (value > 0 ? .down : .up)
        return !allowedDirections.contains(direction)
    }

    /// Inverts `RubberBand.offset`: x = (d/c)·y/(d − y) for a drawn offset y below d.
    private static func unbanded(_ displayed: Double, dimension: Double) -> Double {
        let coefficient = DeckTuning.resistanceCoefficient
        guard dimension > 0, coefficient > 0 else { return displayed }
        // The band never reaches d; a drawn offset at or past it can only be a rounding artefact.
        let magnitude = min(abs(displayed), dimension * (1 - 1e-9))
        let raw = dimension / coefficient * magnitude / (dimension - magnitude)
        return displayed < 0 ? -raw : raw
    }
}
