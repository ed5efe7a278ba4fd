// SPDX-License-Identifier: GPL-3.0-or-later

/// One of the four ways a card can leave the deck.
public enum SwipeDirection: String, CaseIterable, Sendable, Hashable, Codable {
    case left, right, up, down

    /// The unit vector of travel in widget coordinates (y grows downward).
    public var unitVector: (x: Double, y: Double) {
        switch self {
        case .left: (-1, 0)
        case .right: (1, 0)
        case .up: (0, -1)
        case .down: (0, 1)
        }
    }

    /// Whether the direction moves along the horizontal axis.
    public var isHorizontal: Bool { self == .left || self == .right }

    /// The direction that points the other way.
    public var opposite: SwipeDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .up: .down
        case .down: .up
        }
    }

    /// The label a deck uses when its file does not name this direction.
    public var defaultLabel: String {
        switch self {
        case .right: "Keep"
        case .left: "Skip"
        case .up: "Favourite"
        case .down: "Later"
        }
    }
}
