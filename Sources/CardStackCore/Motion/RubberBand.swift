// SPDX-License-Identifier: GPL-3.0-or-later

/// The resistance a drag meets past an edge: the further it goes, the less the content follows.
public enum RubberBand {
    /// How stiff the band feels, dimensionless (UIScrollView's constant, 0.55).
    public static let coefficient = 0.55

    /// The displayed offset for a drag `overshoot` past the edge: (1 − 1/(1 + |x|·c/d))·d with
    /// the sign of x, where d is the `dimension` of the view along the drag.
    ///
    /// Starts with slope c, always stays below d, and tends to d for endless drags.
    /// A non-positive `dimension` returns 0.
    public static func offset(
        _ overshoot: Double,
        dimension: Double,
        coefficient: Double = RubberBand.coefficient
    ) -> Double {
        guard dimension > 0 else {
            return 0
        }
        let magnitude = (1 - 1 / (1 + abs(overshoot) * coefficient / dimension)) * dimension
        return overshoot < 0 ? -magnitude : magnitude
    }
}
