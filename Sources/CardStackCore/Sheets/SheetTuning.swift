// SPDX-License-Identifier: GPL-3.0-or-later

/// Every constant of the stacked bottom sheets, with its unit and where the value comes from.
public enum SheetTuning {
    /// The open and close spring: response 0.4 s, damping ratio 0.6 (the product's design).
    public static let spring = SpringParameters(response: 0.4, dampingFraction: 0.6)
    /// Under reduced motion, critically damped; nothing travels then (a motion starts where it ends), so this
    /// only carries the settled state.
    public static let reducedMotionSpring = SpringParameters(response: 0.4, dampingFraction: 1)
    /// The tallest sheet takes this fraction of the window's height (about 90%, so the page above stays in sight).
    public static let tallestFraction = 0.9
    /// Each sheet is at least this much shorter than the one beneath, in points, so every lower sheet's top
    /// edge stays visible to be tapped (the SwiftUI example the sheets come from steps by 100 of 800).
    public static let heightStep = 48.0
    /// The medium detent of a sheet that has one: half the window (iOS's `.medium()`, Android's half-expanded).
    public static let mediumFraction = 0.5
    /// A release closes the sheet when it was dragged down past this fraction of its height… (vaul's
    /// `CLOSE_THRESHOLD`)
    public static let closeFraction = 0.25
    /// …or flung down faster than this, in points per second (vaul's `VELOCITY_THRESHOLD`, 0.4 pt/ms).
    public static let closeSpeed = 400.0
    /// Scrim opacity at rest over the light style (the product's design: black at 30%) and the dark style
    /// (AdwBottomSheet's shade: 50%).
    public static let scrimLight = 0.3
    public static let scrimDark = 0.5
    /// A sheet under another scales back by this much (vaul's nested drawer: (W − 16)/W; a gentle 0.96 here)…
    public static let coveredScale = 0.96
    /// …and dims by this much (AdwDialog's shadowed dialogs; iOS's presenting view).
    public static let coveredDim = 0.15
    /// Resistance when a sheet is dragged up past its height (UIScrollView's rubber band).
    public static let rubberBandCoefficient = RubberBand.coefficient
    /// The widest a sheet grows, in points, centred on a wider window: a readable column (AdwClamp's usual
    /// 600–800; AdwDialog's bottom sheets are not full width on wide windows either).
    public static let maximumWidth = 720.0
    /// Travel in points before a drag on a sheet is taken for the sheet or left to its content (GTK's drag
    /// threshold).
    public static let dragSlop = 8.0
    /// A drag moves the sheet only when it is this much more vertical than sideways (libadwaita's swipe
    /// tracker's axis rule).
    public static let axisRatio = 1.2
    /// Rounded top corners, in points, as libadwaita's bottom sheets have.
    public static let cornerRadius = 16.0
    /// The shadow a sheet casts up and to its sides, black at 14 %: short (blurred 6 pt, moved 1 pt up), so what
    /// lies above reads as beneath the sheet; a wide second shadow cost llvmpipe 4 ms a frame while sheets move.
    public static let shadow = BoxShadow(cornerRadius: cornerRadius, offsetY: -1, blurRadius: 6)
    /// The shadow's opacity.
    public static let shadowOpacity = 0.14
}
