// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport

/// Keeps the context-menu keys (Menu, Shift+F10) from opening GTK's own menu of a label or a text field whose
/// anchor is out of the window.
///
/// GTK 4.8 on X11 places a menu within the monitor its anchor is on, and asks for that monitor's geometry
/// without checking there is one: a menu anchored off every monitor (a label of a sheet still rising from below
/// the window, or one scrolled out of sight) is a critical error. Such a menu would open out of sight anyway;
/// a right click or a long press still opens it where the pointer is.
@MainActor
enum ContextMenuKeys {
    /// Swallows the keys in `window`'s capture phase when the focused widget's menu would be anchored outside it.
    static func guardAnchors(of window: UnsafeMutablePointer<GtkWindow>, with signals: SignalGroup) {
        let keys = created(gtk_event_controller_key_new())
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        signals.connect(keys.raw, .key("key-pressed")) { keyval, _, modifiers in
            let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard keyval == UInt32(GDK_KEY_Menu) || (keyval == UInt32(GDK_KEY_F10) && shift),
                  let focus = gtk_root_get_focus(OpaquePointer(window))
            else { return false }
            guard let anchor = anchor(of: focus) else { return false }
            var point = graphene_point_t()
            var inWindow = graphene_point_t()
            point.x = anchor.x
            point.y = anchor.y
            let widget = UnsafeMutablePointer<GtkWidget>(OpaquePointer(window))
            guard gtk_widget_compute_point(focus, widget, &point, &inWindow) != 0 else { return true }
            let width = Float(gtk_widget_get_width(widget))
            let height = Float(gtk_widget_get_height(widget))
            return !(0...width).contains(inWindow.x) || !(0...height).contains(inWindow.y)
        }
        gtk_widget_add_controller(window.cast(), keys)
    }

    /// Where GTK anchors the focused widget's own context menu, in its coordinates: a text view's cursor, a
    /// label's or text field's middle; nil for widgets whose menus are the app's own.
    private static func anchor(of focus: UnsafeMutablePointer<GtkWidget>) -> (x: Float, y: Float)? {
        let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(focus))
        if g_type_check_instance_is_a(instance, gtk_text_view_get_type()) != 0 {
            let view = OpaquePointer(focus)
            guard let buffer = gtk_text_view_get_buffer(view.cast()) else { return nil }
            var cursor = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
            var location = GdkRectangle()
            gtk_text_view_get_iter_location(view.cast(), &cursor, &location)
            var x: Int32 = 0
            var y: Int32 = 0
            gtk_text_view_buffer_to_window_coords(view.cast(), GTK_TEXT_WINDOW_WIDGET, location.x, location.y, &x, &y)
            return (Float(x), Float(y))
        }
        let isText = g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0
            || g_type_check_instance_is_a(instance, gtk_text_get_type()) != 0
        guard isText else { return nil }
        return (Float(gtk_widget_get_width(focus)) / 2, Float(gtk_widget_get_height(focus)) / 2)
    }
}
