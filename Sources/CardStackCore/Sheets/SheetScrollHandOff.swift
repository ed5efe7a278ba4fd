// SPDX-License-Identifier: GPL-3.0-or-later

/// Who gets a vertical drag that starts on a sheet's scrolling content: the content or the sheet.
///
/// ``split(_:contentOffset:contentLimit:sheetRise:)`` hands one move over within a gesture, as iOS sheets do:
/// dragging down scrolls the content back to its top and then moves the sheet; dragging up raises the sheet to
/// its full height and then scrolls the content.
public enum SheetScrollHandOff {
    /// How one move of the finger, `delta` points down (negative: up), divides: `content` is the change of the
    /// content's scroll offset (negative: towards its top), `sheet` the change of the sheet's drag (positive:
    /// down). `contentOffset` is how far the content is scrolled, `contentLimit` how far it can be,
    /// `sheetRise` how much lower the sheet stands than its full height. Past both, an upward move goes to the
    /// sheet, which rubber-bands.
    public static func split(_ delta: Double, contentOffset: Double, contentLimit: Double, sheetRise: Double) -> (content: Double, sheet: Double) {
        guard delta.isFinite, delta != 0 else { return (0, 0) }
        if delta > 0 {
            let scrolledBack = min(delta, max(0, contentOffset))
            return (-scrolledBack, delta - scrolledBack)
        }
        let up = -delta
        let raised = min(up, max(0, sheetRise))
        let scrolled = min(up - raised, max(0, contentLimit - contentOffset))
        return (scrolled, -(up - scrolled))
    }

    /// What a drag should move.
    public enum Target: Sendable, Equatable {
        case content
        case sheet
    }

    /// A downward drag (`translation` > 0) scrolls the content back to its top first and only then moves the
    /// sheet; an upward drag on a sheet below its full detent grows the sheet before the content scrolls.
    public static func target(translation: Double, contentOffset: Double, sheetBelowFull: Bool) -> Target {
        if translation > 0 { return contentOffset > 0.5 ? .content : .sheet }
        return sheetBelowFull ? .sheet : .content
    }
}
