// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

/// A rectangle with rounded corners filled with one colour as rectangles, and each rounded corner as its own
/// square under a rounded clip.
///
/// GTK 4.8's GL renderer shades every pixel under a rounded clip against the clip's outline. On Mesa's software
/// rasterizer that made a rounded background several times dearer than a plain fill of the same area: a sheet's
/// background cost 5 of 40 ms a frame while three sheets moved, and a boxed list's 684 × 274 pt background, drawn
/// by the style sheet under its rounded clip, 2.5 ms more than the same fill in pieces.
@MainActor
enum RoundedFill {
    /// Fills `rect` with `color`, its top corners rounded by `radius` and its bottom ones too when `roundsBottom`,
    /// only within `shown` (rectangles that do not overlap; a corner is drawn whole when any of them reaches it).
    /// The pieces meet on whole device pixels at `scale`: two antialiased edges at a fractional position (a
    /// covered sheet is scaled) leave a seam what lies beneath shows through.
    static func append(
        _ rect: Rect, radius: Double, roundsBottom: Bool, color: GdkRGBA, within shown: [Rect], scale: Double,
        to snapshot: OpaquePointer
    ) {
        let radius = max(0, min(radius, rect.width / 2, roundsBottom ? rect.height / 2 : rect.height))
        func onPixel(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let top = min(onPixel(rect.minY + radius), rect.maxY)
        let bottom = roundsBottom ? max(top, onPixel(rect.maxY - radius)) : rect.maxY
        let left = onPixel(rect.minX + radius)
        let right = max(left, onPixel(rect.maxX - radius))
        var color = color
        var bands = [
            Rect(x: rect.minX, y: top, width: rect.width, height: bottom - top),
            Rect(x: left, y: rect.minY, width: right - left, height: top - rect.minY),
        ]
        if roundsBottom { bands.append(Rect(x: left, y: bottom, width: right - left, height: rect.maxY - bottom)) }
        for band in bands where band.width > 0 && band.height > 0 {
            for part in shown {
                guard let piece = band.intersection(part) else { continue }
                var area = graphene_rect_t(piece)
                gtk_snapshot_append_color(snapshot, &color, &area)
            }
        }
        var corners = [
            (area: Rect(x: rect.minX, y: rect.minY, width: left - rect.minX, height: top - rect.minY), rounded: 0),
            (area: Rect(x: right, y: rect.minY, width: rect.maxX - right, height: top - rect.minY), rounded: 1),
        ]
        if roundsBottom {
            corners.append((area: Rect(x: right, y: bottom, width: rect.maxX - right, height: rect.maxY - bottom), rounded: 2))
            corners.append((area: Rect(x: rect.minX, y: bottom, width: left - rect.minX, height: rect.maxY - bottom), rounded: 3))
        }
        for corner in corners where corner.area.width > 0 && corner.area.height > 0 && shown.contains(where: { $0.intersects(corner.area) }) {
            var area = graphene_rect_t(corner.area)
            let curve = Float(min(radius, corner.area.width, corner.area.height))
            // GskRoundedRect's corners in its order: top left, top right, bottom right, bottom left.
            var sizes = Array(repeating: graphene_size_t(width: 0, height: 0), count: 4)
            sizes[corner.rounded] = graphene_size_t(width: curve, height: curve)
            var outline = GskRoundedRect()
            gsk_rounded_rect_init(&outline, &area, &sizes[0], &sizes[1], &sizes[2], &sizes[3])
            gtk_snapshot_push_rounded_clip(snapshot, &outline)
            gtk_snapshot_append_color(snapshot, &color, &area)
            gtk_snapshot_pop(snapshot)
        }
    }
}
