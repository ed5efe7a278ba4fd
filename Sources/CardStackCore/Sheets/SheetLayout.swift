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

    /// The scrim's opacity when the top sheet is `progress` of the way open (1 = open; a spring may overshoot).
    public static func scrimOpacity(progress: Double, dark: Bool) -> Double {
        min(1, max(0, progress)) * (dark ? SheetTuning.scrimDark : SheetTuning.scrimLight)
    }
}
