// SPDX-License-Identifier: GPL-3.0-or-later

/// Every constant that shapes how the deck feels under the finger, in one place.
///
/// Resting geometry (card size, depth steps) lives in `DeckLayout`; this is the interaction.
/// The cards behind the front one move up one depth level per unit of swipe progress, so the
/// card behind grows from `DeckLayout`'s depth-1 scale (0.95) to 1 exactly as the front card
/// reaches the threshold, as in MGSwipeCards.
public enum DeckTuning {
    // MARK: Recognising a swipe

    /// Fraction of the card's extent along the swipe axis a drag must cover to count as a swipe,
    /// dimensionless: a quarter of the width for left/right, of the height for up/down.
    ///
    /// MGSwipeCards uses a quarter of the smaller side. Measuring each axis against its own
    /// extent asks a little more travel for up/down on portrait cards, which is where a sloppy
    /// horizontal drag strays, so vertical swipes are harder to trigger by accident.
    public static let swipeThresholdFraction = 0.25

    /// Release speed along the swipe direction above which a short drag counts as a swipe, in
    /// pt/s (MGSwipeCards' minimum swipe speed, 1100).
    ///
    /// The same speed thrown back toward the centre cancels a drag that is past the threshold,
    /// so a user who changes their mind can fling the card home.
    public static let flickSpeed = 1100.0

    /// Least travel in the flick direction for a flick to count, in points (GTK's default drag
    /// threshold, `gtk-dnd-drag-threshold`, 8 pt), so a tap that twitches isn't a swipe.
    public static let flickMinimumTravel = 8.0

    /// Drag length below which a flick's direction is taken from its velocity rather than its
    /// translation, in points.
    ///
    /// Chosen for CardStack as three times `flickMinimumTravel`: in the first few pixels the
    /// translation's dominant axis is mostly finger jitter, while the release velocity already
    /// says where the throw was going.
    public static let flickAxisLockDistance = 24.0

    /// How stiff the resistance toward a disallowed direction feels, dimensionless
    /// (UIScrollView's rubber-band constant, 0.55, as in `RubberBand`).
    public static let resistanceCoefficient = RubberBand.coefficient

    // MARK: Following the drag

    /// Largest tilt of a dragged card, in radians (MGSwipeCards: π/10, 18°).
    public static let maximumTilt = Double.pi / 10

    /// Horizontal drag at which the tilt reaches `maximumTilt`, in card widths (MGSwipeCards: 1).
    public static let tiltReachWidths = 1.0

    /// Tilt below which a new grab may flip the tilt's sense to match the half grabbed, in
    /// radians.
    ///
    /// Chosen for CardStack: flipping a tilt θ moves a corner of a ~250 pt half-diagonal card by
    /// 2θ·250 pt, so below 0.002 rad the flip is under a pixel; a card tilted more keeps its
    /// sense so grabbing it never makes it jump.
    public static let tiltFlipLimit = 0.002

    // MARK: Animations

    /// A released card that wasn't swiped returning to the stack (the product's design, response 0.4 s,
    /// ζ 0.6): lively enough to read as elastic, settles in about a second.
    public static let snapBackSpring = SpringParameters(response: 0.4, dampingFraction: 0.6)

    /// A swiped card leaving the view (the product's design, response 0.3 s, ζ 0.8): quick so the next card
    /// is free at once; its slight overshoot happens past the view edge, out of sight.
    public static let flyOffSpring = SpringParameters(response: 0.3, dampingFraction: 0.8)

    /// An undone card coming back to the front (the product's design, response 0.4 s, ζ 0.85): barely
    /// overshoots, as it lands on the stack rather than being thrown.
    public static let undoReturnSpring = SpringParameters(response: 0.4, dampingFraction: 0.85)

    /// The front card sinking to the back of the stack (the product's design, response 0.5 s, ζ 0.9):
    /// slower and calm, as it travels through the stack rather than out of it.
    public static let shiftSpring = SpringParameters(response: 0.5, dampingFraction: 0.9)

    /// Release speed given to a swipe from the keyboard or a button, in pt/s.
    ///
    /// Chosen for CardStack: about 2.7 × `flickSpeed`, so the card leaves like a confident throw rather than
    /// being dragged off by the spring alone, and a photographer pressing an arrow sees the next photo
    /// within a few frames.
    public static let keyboardSwipeSpeed = 3000.0

    /// A card sent off by a key or a button (response 0.16 s, ζ 0.85): the fly-off's shape, quicker, as
    /// nothing under a finger has to be followed. The card is off the photo's middle in about 35 ms and out
    /// of view in about 100 ms of its flight: after the head start (``keyboardHeadStart``), still five frames of
    /// motion at 60 Hz, so it reads as a swipe, not a cut.
    public static let keyboardFlyOffSpring = SpringParameters(response: 0.16, dampingFraction: 0.85)

    /// How far into its flight a card sent off by a key or a button is on the first frame after the press, in
    /// microseconds: one frame at 60 Hz.
    ///
    /// Chosen for CardStack: a key press is a finished decision, not a gesture to follow, so a frame showing the
    /// card still where it rested shows nothing; the first frame already shows it leaving, and the photo behind
    /// it is uncovered a frame sooner, which is what a photographer culling by keyboard waits for.
    public static let keyboardHeadStart: Microseconds = 16_667

    /// The longest head start a card sent off by a key or a button is given to clear the middle of the card
    /// behind it on the first frame after the press, in microseconds: three frames at 60 Hz.
    ///
    /// Chosen for CardStack: a photo that fills the page must travel half its width before the middle of the
    /// next photo shows, which the keyboard's fly-off takes two frames for at 1280 × 860 (and at full screen);
    /// starting the flight that far along shows the next photo on the first frame, as a viewer without
    /// animation does, while the card's way out (three frames more) is still seen. A small card (a list's)
    /// clears the middle within the one-frame ``keyboardHeadStart`` and keeps it.
    public static let keyboardHeadStartLimit: Microseconds = 50_000

    /// How far past the view edge a leaving card is aimed, in points.
    ///
    /// Chosen for CardStack: the fly-off spring aims at a point where the card is already wholly
    /// out of view; the margin covers the card's resting centre still moving up the stack while
    /// it flies (up to `DeckLayout.offsetStepPerDepth` and the scale step).
    public static let flyOffMargin = 32.0
}
