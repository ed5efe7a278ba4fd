// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GtkSupport

/// The desktop settings every card page follows: the dark style and reduced motion.
@MainActor
enum DisplaySettings {
    /// Redraws `widget` with `painter`'s faces made again whenever the style switches between light and dark.
    static func followStyle(_ painter: CardPainter, of widget: UnsafeMutablePointer<GtkWidget>, with signals: SignalGroup) {
        signals.connect(created(adw_style_manager_get_default()).raw, .pointer("notify::dark")) { [weak painter] _ in
            painter?.styleChanged()
            gtk_widget_queue_draw(widget)
        }
    }

    /// Calls `apply` now and whenever `gtk-enable-animations` changes, with whether animations are on (false
    /// means reduced motion).
    static func followAnimations(with signals: SignalGroup, _ apply: @escaping @MainActor (Bool) -> Void) {
        guard let settings = gtk_settings_get_default() else { return }
        apply(cs_object_get_boolean(settings.raw, "gtk-enable-animations") != 0)
        signals.connect(settings.raw, .pointer("notify::gtk-enable-animations")) { _ in
            apply(cs_object_get_boolean(settings.raw, "gtk-enable-animations") != 0)
        }
    }
}
