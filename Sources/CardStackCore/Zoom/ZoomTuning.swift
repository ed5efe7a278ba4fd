// SPDX-License-Identifier: GPL-3.0-or-later

/// The constants of zooming into a photo to check its focus.
public enum ZoomTuning {
    /// The most a photo is enlarged, as a multiple of 100 % (one image pixel on one screen pixel),
    /// dimensionless: 400 %, where a photographer judges a few pixels of an eye's lashes; more shows only the
    /// JPEG's blocks.
    public static let maximumZoom = 4.0

    /// What the zoom key and a double click zoom to when the photo is smaller than the view at 100 %, as a
    /// multiple of the fitted size, dimensionless: twice, so the toggle always visibly enlarges.
    public static let smallPhotoZoom = 2.0

    /// The change of scale a step of Ctrl+scroll makes, dimensionless: 2^(1/4), four steps to double, as Eye of
    /// GNOME and Loupe step.
    public static let scrollStepFactor = 1.189_207_115

    /// Scales within this ratio of the fitted one count as fitted, dimensionless: a pinch that ends at 1.01× has
    /// not zoomed in.
    public static let fittedTolerance = 1.01

    /// The spring the zoom key and double click move by (and a pinch released below the fitted size returns by):
    /// critically damped, settling in about a third of a second, as libadwaita's own transitions do, so the
    /// place under the pointer stays put without overshoot.
    public static let spring = SpringParameters(response: 0.3, dampingFraction: 1)
}
