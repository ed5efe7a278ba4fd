// SPDX-License-Identifier: GPL-3.0-or-later

/// A press and release that barely moved: a tap or a click, not a drag. Every page tells them apart one way.
public enum Tap {
    /// Travel in points under which a press and release is a tap (GTK's drag threshold is 8 pt at scale 1).
    public static let slop = 8.0

    /// Whether a gesture that travelled `translation` from its press is a tap.
    public static func isTap(_ translation: Point) -> Bool {
        abs(translation.x) < slop && abs(translation.y) < slop
    }
}
