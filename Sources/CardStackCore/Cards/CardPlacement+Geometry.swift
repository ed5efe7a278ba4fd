// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation

extension CardPlacement {
    /// The axis-aligned box the drawn card covers, rotation and scale included.
    public var bounds: Rect {
        let cosine = abs(cos(rotation))
        let sine = abs(sin(rotation))
        let width = (size.width * cosine + size.height * sine) * scale
        let height = (size.width * sine + size.height * cosine) * scale
        return Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }

    /// Whether `point`, in widget coordinates, lies on the drawn card.
    public func contains(_ point: Point) -> Bool {
        guard scale > 0 else { return false }
        let local = cardCoordinates(of: point)
        return abs(local.x) <= size.width / 2 && abs(local.y) <= size.height / 2
    }

    /// `point` in the card's own unscaled, unrotated frame, origin at its centre, y down; only
    /// rotated back when the card is scaled to nothing.
    public func cardCoordinates(of point: Point) -> Point {
        let delta = point - center
        let cosine = cos(rotation)
        let sine = sin(rotation)
        let unrotated = Point(x: delta.x * cosine + delta.y * sine, y: -delta.x * sine + delta.y * cosine)
        return scale > 0 ? unrotated / scale : unrotated
    }
}
