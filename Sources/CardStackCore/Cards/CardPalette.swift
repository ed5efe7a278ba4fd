// SPDX-License-Identifier: GPL-3.0-or-later

/// The colours a card is drawn with: its surface and text colours chosen so that every line of text, the
/// dimmer subtitle included, meets WCAG 2's AA contrast for normal text (4.5:1) on the surface.
///
/// The text is white or near-black as ``CardColor/prefersLightText`` says. When that falls short on the deck's
/// colour (white on GNOME's #3584e4 is 3.9:1), the surface is darkened (under white text) or lightened (under
/// dark text) just enough, keeping its hue, rather than switching to text people find harder to read.
public struct CardPalette: Sendable, Hashable {
    /// The card's surface.
    public let surface: CardColor
    /// Titles and body text, opaque.
    public let text: CardColor
    /// Subtitles and notes: the text colour mixed into the surface, opaque, still at least AA.
    public let secondaryText: CardColor

    /// WCAG 2 AA for normal text (success criterion 1.4.3).
    public static let minimumContrast = 4.5
    /// How much of the text colour a subtitle keeps over the surface (the rest is the surface): dimmer than the
    /// title, as libadwaita's `dim-label` is, but never below the minimum contrast.
    public static let secondaryTextWeight = 0.8
    /// Dark text is black at 80% over the surface, libadwaita's light-style foreground.
    public static let darkTextWeight = 0.8
    /// Each adjustment step keeps this much of the distance to black (darkening) or white (lightening).
    static let adjustmentStep = 0.95
    /// Enough steps to reach black or white from any colour.
    static let maximumAdjustmentSteps = 200

    /// The palette for a card of colour `color`.
    public init(surface color: CardColor) {
        let lightText = color.prefersLightText
        var surface = color
        var palette = Self.palette(surface: surface, lightText: lightText)
        var steps = 0
        while Self.contrast(palette.secondaryText, surface) < Self.minimumContrast, steps < Self.maximumAdjustmentSteps {
            surface = lightText ? surface.scaled(toward: 0, keeping: Self.adjustmentStep) : surface.scaled(toward: 1, keeping: Self.adjustmentStep)
            palette = Self.palette(surface: surface, lightText: lightText)
            steps += 1
        }
        self.surface = surface
        text = palette.text
        secondaryText = palette.secondaryText
    }

    private static func palette(surface: CardColor, lightText: Bool) -> (text: CardColor, secondaryText: CardColor) {
        let white = CardColor(red: 1, green: 1, blue: 1)
        let black = CardColor(red: 0, green: 0, blue: 0)
        let text = lightText ? white : surface.mixed(with: black, weight: darkTextWeight)
        return (text, surface.mixed(with: text, weight: secondaryTextWeight))
    }

    /// WCAG 2's contrast ratio of two opaque colours, 1 … 21.
    public static func contrast(_ first: CardColor, _ second: CardColor) -> Double {
        let (lighter, darker) = first.relativeLuminance >= second.relativeLuminance
            ? (first.relativeLuminance, second.relativeLuminance)
            : (second.relativeLuminance, first.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }
}

extension CardColor {
    /// This colour painted over with `other` at `weight` (0 … 1) opacity.
    func mixed(with other: CardColor, weight: Double) -> CardColor {
        CardColor(
            red: red + (other.red - red) * weight,
            green: green + (other.green - green) * weight,
            blue: blue + (other.blue - blue) * weight
        )
    }

    /// Each channel moved toward `target` (0 or 1), keeping `keeping` of its distance: the hue stays.
    func scaled(toward target: Double, keeping: Double) -> CardColor {
        CardColor(
            red: target + (red - target) * keeping,
            green: target + (green - target) * keeping,
            blue: target + (blue - target) * keeping
        )
    }
}
