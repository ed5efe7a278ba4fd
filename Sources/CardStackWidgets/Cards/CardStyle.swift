// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

/// How cards look on every page: every drawing constant of a card, with its unit and where the value comes from.
enum CardStyle {
    /// Card corner radius in points (libadwaita's `.card` uses 12; a larger card reads better with more).
    static let cornerRadius: Float = 18
    /// Inner padding of the card's text in points (GNOME HIG: 18 for large surfaces).
    static let padding = 22.0
    /// Vertical gap between title, subtitle and body in points.
    static let lineGap = 6.0
    /// Title and subtitle sizes relative to the theme font (libadwaita's `.title-2` is 1.5×, `.caption` 0.85×).
    static let titleScale = 1.5
    static let subtitleScale = 0.95
    /// Lines a title may take before it is ellipsized.
    static let titleMaximumLines: Int32 = 3
    /// Fraction of the card's height an image takes when the card also has body text.
    static let imageHeightFraction = 0.55
    /// Height kept under a photo for its file name and date, in points: padding, a title line and a subtitle line.
    static let photoCaptionHeight = 96.0

    /// Behind a letterboxed photo: near-black in both styles, as photo viewers frame pictures.
    static let letterboxColor = GdkRGBA(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
    /// The same, as a photo card's own surface: a photo deck's photo is the whole card, so its surface is the
    /// backdrop, and nothing is filled twice.
    static let letterboxSurface = CardColor(red: 0.1, green: 0.1, blue: 0.1)
    /// A photo's marks badge: white on a dark pill at 75 % (at least 4.5 : 1 over a white photo), text the
    /// body's size in bold (star signs are small in most fonts), 5 pt above and below it.
    static let badgeBackground = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0.75)
    static let badgeText = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
    static let badgeScale = 1.0
    static let badgePadding = 5.0

    /// Whether `card`'s picture is shown whole, letterboxed, rather than cut to fill its band: a photo deck's
    /// photos (as photo viewers show them), and a file's thumbnail or its type's icon (cut, a page or an icon says
    /// nothing).
    static func showsPictureWhole(_ card: Card, isPhotoDeck: Bool) -> Bool {
        isPhotoDeck || card.filePath != nil
    }

    /// How tall `card`'s picture is drawn on a card `cardHeight` points tall: the whole card on a photo deck,
    /// whose name and date lie over the photo; the band above the text elsewhere.
    static func imageHeight(for card: Card, cardHeight: Double, isPhotoDeck: Bool) -> Double {
        if isPhotoDeck { return cardHeight }
        return card.hasBody ? cardHeight * imageHeightFraction : max(0, cardHeight - photoCaptionHeight)
    }

    /// The shade behind a photo's caption: black fading from this opacity at the photo's top edge to none below
    /// the caption, so white text reads on a white sky (GNOME's OSD uses black at 0.7 for the same).
    static let captionShade: Float = 0.6
    /// The caption's text over a photo: white, its second line a little dimmer.
    static let captionText = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
    static let captionSecondaryText = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 0.85)
    /// The name's size over a photo, relative to the theme font: smaller than a card's title, the photo leads.
    static let captionTitleScale = 1.15
    /// The soft shadow under each card: offset and blur in points, opacity (libadwaita's card shadow is 0.03–0.1
    /// layered; a single stronger, wider one reads as elevation on a moving card).
    static let shadowOffsetY: Float = 4
    static let shadowBlur: Float = 14
    static let shadowOpacityLight: Float = 0.22
    static let shadowOpacityDark: Float = 0.5
    /// Overlay label: corner inset in points, border width, corner radius and text scale.
    static let overlayInset = 20.0
    static let overlayBorderWidth: Float = 3
    static let overlayCornerRadius: Float = 8
    static let overlayTextScale = 2.0
    static let overlayPadding = 10.0
    /// Stamps fainter than this opacity are not drawn.
    static let overlayMinimumOpacity = 0.01
    /// Where stamps sit, as a fraction of the card's height: left/right ones and up/down ones.
    static let overlaySideStampHeight = 0.66
    static let overlayCenterStampHeight = 0.82
    /// Tilt of the left/right stamps in degrees, away from the direction of travel (Tinder's stamps: ~15°).
    static let overlayTiltDegrees = 12.0

    /// The plain card surface when a card has no colour: libadwaita's `@card_bg_color` over the window background.
    static func surface(dark: Bool) -> CardColor {
        dark ? CardColor(red: 0.22, green: 0.22, blue: 0.24) : CardColor(red: 1, green: 1, blue: 1)
    }

    /// The colour of a direction's overlay label (GNOME palette: green 4, red 3, blue 3, yellow 5).
    static func overlayColor(_ direction: SwipeDirection) -> GdkRGBA {
        switch direction {
        case .right: GdkRGBA(red: 0.18, green: 0.76, blue: 0.49, alpha: 1)
        case .left: GdkRGBA(red: 0.88, green: 0.11, blue: 0.14, alpha: 1)
        case .up: GdkRGBA(red: 0.21, green: 0.52, blue: 0.89, alpha: 1)
        case .down: GdkRGBA(red: 0.90, green: 0.65, blue: 0.04, alpha: 1)
        }
    }
}

extension GdkRGBA {
    init(_ color: CardColor) {
        self.init(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: 1)
    }

    func withAlpha(_ alpha: Float) -> GdkRGBA {
        GdkRGBA(red: red, green: green, blue: blue, alpha: alpha)
    }
}

extension graphene_rect_t {
    init(x: Double, y: Double, width: Double, height: Double) {
        self.init(
            origin: graphene_point_t(x: Float(x), y: Float(y)),
            size: graphene_size_t(width: Float(width), height: Float(height))
        )
    }

    init(_ rect: Rect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }
}
