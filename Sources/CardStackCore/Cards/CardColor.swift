// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// An opaque sRGB colour given to a card by its deck file.
public struct CardColor: Sendable, Hashable {
    /// Red, green and blue in 0…1.
    public var red, green, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rgb` or `#rrggbb` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex.trimmingCharacters(in: .whitespaces))
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 3 {
            digits = Substring(digits.flatMap { [$0, $0] })
        }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(
            red: Double((value >> 16) & 0xFF) / 255,
            green: Double((value >> 8) & 0xFF) / 255,
            blue: Double(value & 0xFF) / 255
        )
    }

    /// WCAG 2 relative luminance, 0 (black) … 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.039_28 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// Luminance below which white text reads better than dark text.
    ///
    /// WCAG 2's contrast ratio picks dark text on mid blues and greens (GNOME's #3584e4 scores 3.9 with white and
    /// 4.5 with black), where people and APCA find white clearly more legible; 0.36 keeps white on GNOME's
    /// blue, green, orange, red, purple and brown, and dark text on its yellows and light tones.
    public static let lightTextLuminanceThreshold = 0.36

    /// Whether white text reads better on this colour than near-black text.
    public var prefersLightText: Bool {
        relativeLuminance < Self.lightTextLuminanceThreshold
    }
}
