// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A revealer hidden, not only folded, while it is folded.
///
/// GTK still measures and styles a folded revealer's child in every layout of the window (the first frame's
/// included) and a screen reader still meets it; hidden, it costs nothing until it is shown.
@MainActor
public enum FoldedRevealer {
    /// Hides `revealer` now and each time it has finished folding; `revealed` is told each time it has finished
    /// unfolding. `signals` keeps the handler as long as its owner lives.
    public static func hideWhileFolded(
        _ revealer: UnsafeMutablePointer<GtkWidget>,
        with signals: SignalGroup,
        revealed: (@MainActor () -> Void)? = nil
    ) {
        gtk_widget_set_visible(revealer, 0)
        signals.connect(revealer.raw, .pointer("notify::child-revealed")) { _ in
            if gtk_revealer_get_child_revealed(OpaquePointer(revealer)) != 0 {
                revealed?()
            } else if gtk_revealer_get_reveal_child(OpaquePointer(revealer)) == 0 {
                gtk_widget_set_visible(revealer, 0)
            }
        }
    }

    /// Shows `revealer` and unfolds it.
    public static func reveal(_ revealer: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_visible(revealer, 1)
        gtk_revealer_set_reveal_child(OpaquePointer(revealer), 1)
    }

    /// Folds `revealer`, hidden once folded: at once when nothing of its child shows, as no fold is left to end.
    public static func fold(_ revealer: UnsafeMutablePointer<GtkWidget>) {
        gtk_revealer_set_reveal_child(OpaquePointer(revealer), 0)
        // A revealer gives its child "child visible" only while some of it shows (not at position 0).
        let showsChild = gtk_revealer_get_child(OpaquePointer(revealer)).map { gtk_widget_get_child_visible($0) != 0 } ?? false
        if !showsChild { gtk_widget_set_visible(revealer, 0) }
    }
}
