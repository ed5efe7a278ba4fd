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

extension CardPlacement {
    /// Where this card can show in a frame that draws `front` over it (nearest first): its bounds grown by
    /// `margin` (its shadow) less the opaque part of the nearest card in front that hides some of the card, or
    /// nil when none does and the card is drawn whole. Empty when it is hidden entirely.
    ///
    /// Only an opaque card in front counts, and only where it is opaque for sure (``opaqueRect(cornerRadius:)``,
    /// `cornerRadius` in unscaled points); a turned one only when `countingTurned`. A deck's cards behind the
    /// front one show a strip along the bottom; drawn whole, their text was laid out and rasterised at every
    /// depth's scale, a large part of a cairo frame. A card flying off hides much of the card behind it for its
    /// first frames, and of
    /// the card that flew off before it: worth cutting round where every pixel costs (GTK's cairo renderer), not
    /// where each part is drawn again from its nodes (the GL renderer on llvmpipe: 1–2 ms more a frame).
    public func visibleParts(under front: some Sequence<CardPlacement>, cornerRadius: Double, margin: Double, countingTurned: Bool = false) -> [Rect]? {
        // In whole points, the drawn box rounded out and the cover in, so the parts meet on pixel edges: an
        // antialiased clip along a fractional edge would leave a seam where two parts meet.
        let drawn = bounds.insetBy(dx: -margin * scale, dy: -margin * scale).rounded(outward: true)
        for cover in front where cover.opacity >= 1 && cover.scale > 0 && (countingTurned || cover.rotation == 0) {
            guard let opaque = cover.opaqueRect(cornerRadius: cornerRadius) else { continue }
            // A cover over its shadow alone (a carousel's neighbour) is not worth cutting the card into parts.
            guard opaque.intersects(bounds) else { continue }
            return drawn.subtracting(opaque)
        }
        return nil
    }
}

extension CardPlacement {
    /// An upright rectangle on whole points where the card, opaque inside its outline rounded by `cornerRadius`
    /// (unscaled points), covers whatever is under it: upright, its rows between the rounded corners; turned, its
    /// upright interior (``uprightInterior(inset:)``).
    func opaqueRect(cornerRadius: Double) -> Rect? {
        guard rotation == 0 else { return uprightInterior(inset: cornerRadius) }
        let rows = bounds.insetBy(dx: 0, dy: cornerRadius * scale).rounded(outward: false)
        return rows.width > 0 && rows.height > 0 ? rows : nil
    }
}

extension CardPlacement {
    /// The largest upright rectangle centred on the card and inside it, `inset` unscaled points in from each
    /// edge, with its edges on whole points; nil when none is left.
    ///
    /// Whatever the card's turn, the drawn card is opaque there (with `inset` its corner radius): what is drawn
    /// under it there is never seen, so under cairo the cards behind a turned card skip it
    /// (``visibleParts(under:cornerRadius:margin:countingTurned:)``).
    public func uprightInterior(inset: Double) -> Rect? {
        let halfWidth = (size.width / 2 - inset) * scale
        let halfHeight = (size.height / 2 - inset) * scale
        guard halfWidth > 0, halfHeight > 0 else { return nil }
        let cosine = abs(cos(rotation))
        let sine = abs(sin(rotation))
        // A corner (a, b) of the upright rectangle lies in the turned one when a·cos + b·sin ≤ halfWidth and
        // a·sin + b·cos ≤ halfHeight. The largest a·b is where one of the two bounds alone is best (a·b under
        // p·a + q·b ≤ r peaks at a = r / 2p, b = r / 2q) if the other bound holds there, else where both meet.
        func fits(_ a: Double, _ b: Double) -> Bool {
            a >= 0 && b >= 0 && a * cosine + b * sine <= halfWidth * (1 + 1e-12) && a * sine + b * cosine <= halfHeight * (1 + 1e-12)
        }
        var candidates: [(a: Double, b: Double)] = []
        if sine < 1e-9 {
            candidates.append((halfWidth, halfHeight))
        } else if cosine < 1e-9 {
            candidates.append((halfHeight, halfWidth))
        } else {
            candidates.append((halfWidth / (2 * cosine), halfWidth / (2 * sine)))
            candidates.append((halfHeight / (2 * sine), halfHeight / (2 * cosine)))
            let determinant = cosine * cosine - sine * sine
            if abs(determinant) > 1e-9 {
                candidates.append(((halfWidth * cosine - halfHeight * sine) / determinant, (halfHeight * cosine - halfWidth * sine) / determinant))
            }
        }
        guard let best = candidates.filter({ fits($0.a, $0.b) }).max(by: { $0.a * $0.b < $1.a * $1.b }) else { return nil }
        let interior = Rect(x: center.x - best.a, y: center.y - best.b, width: 2 * best.a, height: 2 * best.b).rounded(outward: false)
        return interior.width > 0 && interior.height > 0 ? interior : nil
    }
}

extension CardPlacement {
    /// `rect` (widget points) in the face's own points, origin at the card's top-left corner: the part of the
    /// face a clip to `rect` lets show. Nil for a turned card or one scaled to nothing, whose face no upright
    /// rectangle describes.
    public func faceArea(of rect: Rect) -> Rect? {
        guard rotation == 0, scale > 0 else { return nil }
        let corner = cardCoordinates(of: Point(x: rect.minX, y: rect.minY))
        return Rect(x: corner.x + size.width / 2, y: corner.y + size.height / 2, width: rect.width / scale, height: rect.height / scale)
    }
}
