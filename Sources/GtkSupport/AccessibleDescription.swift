// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A widget's accessible description, set through here so that it can be read back (GTK 4.8 has no getter), and
/// messages said to a screen reader through the focused widget's description.
@MainActor
public enum AccessibleDescription {
    private static let key = "cardstack-accessible-description"

    /// Sets `widget`'s description to `text`, and keeps it for ``of(_:)``.
    public static func set(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        g_object_set_data_full(widget.cast(), key, g_strdup(text), g_free)
        cs_accessible_set_description(OpaquePointer(widget), text)
    }

    /// What ``set(_:_:)`` last gave `widget`; empty when nothing did.
    public static func of(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        g_object_get_data(widget.cast(), key).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    }

    /// Says `message` to a screen reader through the widget that has the keyboard in `root`'s window.
    ///
    /// GTK 4.8 tells AT-SPI nothing when a toast appears (nor when a label with the alert role does), while Orca
    /// speaks a change of the focused widget's description as a message. The description is emptied first, so a
    /// message said twice is a change twice. A widget to which we gave no description gets GTK's own back after
    /// `milliseconds` (what its labels describe, often nothing; a change to nothing is not spoken); one we
    /// described keeps the message until it next describes itself, as giving it back at once would have its
    /// whole text (a card's body) read again after every message.
    public static func say(_ message: String, in root: UnsafeMutablePointer<GtkWidget>, holding milliseconds: UInt32 = 1_000) {
        guard let focus = gtk_root_get_focus(OpaquePointer(root)) else { return }
        let accessible = OpaquePointer(focus)
        cs_accessible_set_description(accessible, "")
        cs_accessible_set_description(accessible, message)
        guard of(focus).isEmpty else { return }
        let held = ObjectReference(retaining: focus)
        TimeoutCallback.add(milliseconds: milliseconds) {
            if of(held.pointer).isEmpty { gtk_accessible_reset_property(OpaquePointer(held.pointer), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) }
            return false
        }
    }
}
