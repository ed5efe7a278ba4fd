// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Calls `body` with `root` and every widget under it, parents before their children, in order.
public func forEachWidget(under root: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
    body(root)
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        forEachWidget(under: current, body)
        child = gtk_widget_get_next_sibling(current)
    }
}

/// Whether `widget` is an instance of `type` or of a type derived from it.
public func isWidget(_ widget: UnsafeMutablePointer<GtkWidget>, of type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)), type) != 0
}
