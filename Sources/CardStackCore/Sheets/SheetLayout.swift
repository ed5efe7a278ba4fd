// SPDX-License-Identifier: GPL-3.0-or-later

/// How tall each sheet of a stack is for a window: the bottom one at most about 90% of the window, each one
/// above at least `SheetTuning.heightStep` shorter than the one beneath so every lower sheet's top edge stays
/// visible, and none taller than its content needs.
public enum SheetLayout {
    /// The heights of sheets whose content wants `natural` points each, bottom first, in a window
    /// `windowHeight` points tall. A sheet that would be shorter than `minimum` gets `minimum` as long as the
    /// window allows, and never less than 0.
    public static func heights(natural: [Double], windowHeight: Double, minimum: Double = 96) -> [Double] {
        var limit = max(0, windowHeight * SheetTuning.tallestFraction)
        var heights: [Double] = []
        heights.reserveCapacity(natural.count)
        for wanted in natural {
            let height = max(0, min(limit, max(min(minimum, limit), wanted.isFinite ? wanted : limit)))
            heights.append(height)
            limit = max(0, height - SheetTuning.heightStep)
        }
        return heights
    }

    /// A sheet's detents, as how much of it shows, in points: medium (half the window, when that is shorter
    /// than the sheet) and full.
    public static func detents(height: Double, windowHeight: Double, hasMedium: Bool) -> SnapPoints? {
        let medium = windowHeight * SheetTuning.mediumFraction
        if hasMedium, medium < height - 1 {
            return SnapPoints([medium, height])
        }
        return SnapPoints([height])
    }

    /// The scale nearest `scale` at which a sheet `width` points wide, centred in a host `hostWidth` points
    /// wide with `pixelsPerPoint` device pixels to a point, has both side edges on whole pixels; 1 stays 1.
    ///
    /// Covered sheets scale back (``SheetTuning/coveredScale``), and what shows of a sheet beneath another is
    /// cut round the one above on whole pixels, so the parts meet without a seam. Two covered sheets with edges
    /// between pixels left a sliver under a pixel wide down each side of the lower one, which was drawn again
    /// under each sliver's clip, and their edges were blurred. Whole pixels also bound the scales a motion passes
    /// through (one step per 2 px of width), and GTK's GL renderer rasterizes a text's glyphs again at each new
    /// scale. Opening and closing three sheets under GL on llvmpipe: p95 68.0 → 64.7 ms, p50 49.4 → 47.3 (means
    /// of eight interleaved runs).
    public static func pixelAlignedScale(_ scale: Double, width: Double, hostWidth: Double, pixelsPerPoint: Double) -> Double {
        guard scale != 1, scale.isFinite, width > 0, hostWidth > 0, pixelsPerPoint > 0 else { return scale }
        let margin = ((hostWidth - width * scale) * pixelsPerPoint / 2).rounded()
        return (hostWidth * pixelsPerPoint - 2 * margin) / (width * pixelsPerPoint)
    }

    /// The scrim's opacity when the top sheet is `progress` of the way open (1 = open; a spring may overshoot).
    public static func scrimOpacity(progress: Double, dark: Bool) -> Double {
        min(1, max(0, progress)) * (dark ? SheetTuning.scrimDark : SheetTuning.scrimLight)
    }
}
