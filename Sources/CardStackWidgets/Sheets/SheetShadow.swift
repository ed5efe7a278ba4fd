// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The shadow every sheet casts (``SheetTuning/shadow``), drawn by the sheets' host round what shows of each
/// sheet rather than by the style sheet: GTK draws a CSS box shadow as one node the size of the sheet, which the
/// GL renderer shades whole, and whole again under every clip that cuts it.
@MainActor
enum SheetShadow {
    private struct Key: Hashable {
        let scale: Int
        let cairo: Bool
    }

    /// Shadows made so far, by scale and renderer.
    private static var made: [Key: SlicedShadow] = [:]

    /// The shadow at `scale` device pixels to a point, for the cairo renderer or the GL one, made the first time
    /// (a mask 74 points square, blurred once on the CPU).
    static func shared(scale: Int, cairo: Bool) -> SlicedShadow {
        let key = Key(scale: max(1, scale), cairo: cairo)
        if let shadow = made[key] { return shadow }
        let shape = SheetTuning.shadow
        let template = shape.mask(for: ShadowSlices(shadow: shape).templateSize, scale: key.scale)
        let shadow = SlicedShadow(shape: shape, template: template, opacity: Float(SheetTuning.shadowOpacity), cairo: key.cairo)
        made[key] = shadow
        return shadow
    }
}
