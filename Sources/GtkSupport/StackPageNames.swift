// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Names the page `page` of a GtkStack for screen readers by what it shows.
///
/// GTK 4.8 gives each page of a stack an accessible object of its own, a panel, and speaks one without a name by
/// its class: entering any page, Orca said "GtkStackPage panel", and never the page's name.
public func nameStackPage(_ page: OpaquePointer?, _ name: String) {
    guard let page else { return }
    cs_accessible_set_label(page, name)
}

/// Names each page of the stacks under `root` by the text shown on it (``nameStackPage(_:_:)``), for the stacks
/// GTK and libadwaita build themselves: in a view switcher's buttons ("Deck"), in a drop-down's button.
public func nameStackPagesAsShown(under root: UnsafeMutablePointer<GtkWidget>) {
    forEachWidget(under: root) { widget in
        forEachStackPage(of: widget) { child, page in
            if let name = shownText(of: child) { nameStackPage(page, name) }
        }
    }
}

/// Calls `body` with each child of `stack` and its page, if `stack` is a GtkStack; nothing otherwise.
public func forEachStackPage(of stack: UnsafeMutablePointer<GtkWidget>,
                             _ body: (_ child: UnsafeMutablePointer<GtkWidget>, _ page: OpaquePointer) -> Void) {
    guard isWidget(stack, of: gtk_stack_get_type()) else { return }
    var child = gtk_widget_get_first_child(stack)
    while let current = child {
        if let page = gtk_stack_get_page(OpaquePointer(stack), current) { body(current, page) }
        child = gtk_widget_get_next_sibling(current)
    }
}

/// The text `widget` shows: its own if it is a label, else its labels'.
private func shownText(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    if isWidget(widget, of: gtk_label_get_type()) {
        return String(borrowingGLibString: gtk_label_get_text(OpaquePointer(widget))).flatMap { $0.isEmpty ? nil : $0 }
    }
    return shownName(under: widget, iconNames: [:])
}
