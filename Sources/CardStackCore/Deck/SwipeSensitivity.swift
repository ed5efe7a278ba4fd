// SPDX-License-Identifier: GPL-3.0-or-later

/// How little a drag needs to be a swipe, as the user prefers: steady hands on a touchpad may want more travel
/// before a card goes, a phone held in one hand less.
public enum SwipeSensitivity: String, Sendable, Hashable, CaseIterable {
    /// A longer drag or a faster flick.
    case low
    /// The deck's own thresholds (``DeckTuning``).
    case normal
    /// A shorter drag or a slower flick.
    case high

    /// What the travel threshold and the flick speed are multiplied by, dimensionless: a third more or less
    /// travel is clearly felt and still leaves the low threshold (a third of the card) short of the card's edge.
    public var scale: Double {
        switch self {
        case .low: 4.0 / 3.0
        case .normal: 1
        case .high: 2.0 / 3.0
        }
    }
}
