// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport
import Translation

/// A dialog's list of files: the first rows, "and N more" past a review's worth, scrolling past a few rows.
@MainActor
enum DialogFileList {
    /// Rows shown before "and N more": a review, not a file manager.
    static let listedLimit = 200
    /// Tallest the list grows before it scrolls, in pt.
    static let maximumHeight: Int32 = 220

    /// The rows `row` makes of the first ``listedLimit`` of `items`, in a list that scrolls.
    static func make<Item>(_ items: [Item], spacing: Int32, row: (Item) -> UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let column = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, spacing))
        for item in items.prefix(listedLimit) {
            gtk_box_append(column.cast(), row(item))
        }
        if items.count > listedLimit {
            let more = created(gtk_label_new(String(format: tr("and %ld more"), items.count - listedLimit)))
            gtk_label_set_xalign(OpaquePointer(more), 0)
            gtk_box_append(column.cast(), more)
        }
        let scrolled = created(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scrolled), maximumHeight)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scrolled), 1)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        return scrolled
    }
}
