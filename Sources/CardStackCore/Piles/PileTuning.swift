// SPDX-License-Identifier: GPL-3.0-or-later

/// Every constant of the Piles page, with its unit and where the value comes from.
public enum PileTuning {
    /// Cards drawn in a collapsed pile: the top one and two peeking beneath (the product's design; GNOME Shell's
    /// `MAX_VISIBLE_STACKED_MESSAGES`).
    public static let stackedLevels = 3
    /// How much lower each level of a collapsed pile sits, in points (the product's design: 6).
    public static let stackedOffset = 6.0
    /// How much narrower each level is on each side, in points (the product's design: 4).
    public static let stackedInset = 4.0
    /// Points between cards of an expanded pile (the product's design; GNOME Shell's message list: 12).
    public static let expandedGap = 12.0
    /// Every card's expand and collapse spring: response 0.6 s, damping ratio 0.8 (the product's design).
    public static let cascadeSpring = SpringParameters(response: 0.6, dampingFraction: 0.8)
    /// Under reduced motion, critically damped; nothing travels then (a motion starts where it ends), so this
    /// only carries the settled state.
    public static let reducedMotionSpring = SpringParameters(response: 0.6, dampingFraction: 1)
    /// Each on-screen card starts this long after the one above it, in µs (the product's design: 0.05 s).
    public static let cascadeDelay: Microseconds = 50_000
    /// A card swiped back leaves when dragged past this fraction of its width (Android's notification shade: 0.6)…
    public static let dismissFraction = 0.5
    /// …or flung faster than this, in points per second, the way it is dragged (Android's `SWIPE_ESCAPE_VELOCITY`).
    public static let dismissSpeed = 500.0
    /// A drag is sideways when its horizontal travel is this many times its vertical one (libadwaita's
    /// `SCROLL_ORIENTATION_FACTOR`); otherwise the page scrolls.
    public static let axisRatio = 1.2
    /// Springs for a swiped card flying off or back, and for the gap it leaves closing: ζ 1, mass 0.5,
    /// stiffness 500 (SwayNotificationCenter's dismissible cards use AdwCarousel's spring).
    public static let swipeSpring = SpringParameters.libadwaitaCarousel
}

extension PileTuning {
    /// Lines of body text a card shows in a pile (GNOME Shell's `DEFAULT_EXPAND_LINES` is 6; a card is larger).
    public static let bodyLines: Int32 = 8
    /// The widest a pile's column grows, in points, so text stays readable (libadwaita's clamp default 600).
    public static let maximumColumnWidth = 600.0
    /// A collapsed pile shows its count on the stack from this many cards (users of notification stacks complain
    /// a collapsed stack hides how many it holds).
    public static let countBadgeMinimum = 2
    /// Cards of a resting pile whose faces are laid out ahead, in idle time, for the next expansion: about a
    /// tall screen's worth.
    public static let preparedCards = 10
}
