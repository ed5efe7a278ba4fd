// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Closes popovers left open off screen, which in GTK 4.8 take every key of their window.
///
/// A popover that closes itself is hidden and lets go of its grab. One whose parent leaves the screen while it
/// is open (a page switched away by its shortcut while a pile's menu or Browse's filter list is open) is
/// unmapped but stays shown, and GTK 4.8 keeps its grab: from then on every key goes to a popover nobody sees.
/// Hiding it lets the grab go, as closing it by hand would have.
@MainActor
public enum StrandedPopovers {
    /// Hides every popover under `root` that is shown but not on screen; returns how many there were.
    @discardableResult
    public static func close(under root: UnsafeMutablePointer<GtkWidget>) -> Int {
        var closed = 0
        var stack = [root]
        while let widget = stack.popLast() {
            let isPopover = g_type_check_instance_is_a(widget.cast(), gtk_popover_get_type()) != 0
            if isPopover, gtk_widget_get_visible(widget) != 0, gtk_widget_get_mapped(widget) == 0 {
                gtk_popover_popdown(widget.cast())
                closed += 1
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                stack.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        return closed
    }
}
