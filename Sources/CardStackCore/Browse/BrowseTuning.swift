// SPDX-License-Identifier: GPL-3.0-or-later

/// Every constant of the Browse carousel, with its unit and where the value comes from.
public enum BrowseTuning {
    /// The centred card's width as a fraction of the view's width, so both neighbours peek (the product design's
    /// carousel: card width from the screen width, about 70%).
    public static let cardWidthFraction = 0.7
    /// The narrowest card in points: a phone-sized 360 pt window still shows a readable card.
    public static let minimumCardWidth = 280.0
    /// The widest card in points, matching the Deck page's card so text reads the same.
    public static let maximumCardWidth = DeckLayout.maximumCardWidth
    /// Width ÷ height of a card, the Deck page's portrait card.
    public static let cardAspectRatio = DeckLayout.cardAspectRatio
    /// Points between neighbouring cards (GNOME HIG spacing between related groups).
    public static let spacing = 16.0
    /// Points kept free above and below the card.
    public static let verticalMargin = 12.0

    /// The spring a release, a key or a click settles with: ζ 1, mass 0.5, stiffness 500 (AdwCarousel's
    /// `scroll-params`), critically damped so it never overshoots.
    public static let settleSpring = SpringParameters.libadwaitaCarousel
    /// Under reduced motion, critically damped; nothing travels then (a motion starts where it ends), so this
    /// only carries the settled state.
    public static let reducedMotionSpring = SpringParameters(dampingRatio: 1, mass: 0.5, stiffness: 2_000)
    /// From this release speed (pt/s) a drag is a flick that moves at least one card: libadwaita's swipe
    /// tracker, `VELOCITY_THRESHOLD_TOUCH` 0.3 pt/ms.
    public static let flickSpeed = 300.0
    /// How a flick coasts before it is snapped: 0.998/ms for touch and mouse, 0.997/ms for the touchpad
    /// (libadwaita's swipe tracker).
    public static let touchDeceleration = DecelerationRate.touch
    public static let touchpadDeceleration = DecelerationRate.touchpad
    /// Resistance past the first and last card (UIScrollView's rubber band, 0.55).
    public static let rubberBandCoefficient = RubberBand.coefficient
    /// After a mouse-wheel notch moves a card, further notches are ignored for this long, in µs, so a
    /// free-spinning wheel doesn't race (AdwCarousel's `SCROLL_TIMEOUT_DURATION`, 150 ms).
    public static let wheelCooldown: Microseconds = 150_000
    /// Cards Page Up and Page Down move: a screenful of a long strip.
    public static let pageStep = 10
    /// Up to this many cards the position shows as dots, beyond as "12 of 340" and a scrubber, as dots stop being
    /// countable.
    public static let maximumDots = 20
}
