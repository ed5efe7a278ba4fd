// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

extension GdkModifierType {
    /// Whether no Control, Alt or Shift is held: a page's own keys (arrows, digits, Escape) are plain ones, and
    /// with a modifier the key is left to the window's shortcuts.
    public var isPlain: Bool {
        rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0
    }
}
