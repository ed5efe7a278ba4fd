// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Records the height of every text view GTK draws while a test body runs, by wrapping the class's `snapshot`
/// for that long: what a frame drew of a text is what its text view's snapshot saw.
///
/// The state is global because a C function pointer cannot capture; GTK draws on the main thread only.
enum TextViewDrawProbe {
    typealias SnapshotFunction = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void

    nonisolated(unsafe) private static var original: SnapshotFunction?
    nonisolated(unsafe) private static var drawn: [(view: UnsafeMutablePointer<GtkWidget>, height: Int32)] = []

    /// Runs `body`; returns the heights `view` had each time it was drawn meanwhile, in order.
    @MainActor
    static func heights(of view: UnsafeMutablePointer<GtkWidget>, during body: () throws -> Void) rethrows -> [Int32] {
        let klass = g_type_class_ref(gtk_text_view_get_type())!.assumingMemoryBound(to: GtkWidgetClass.self)
        original = klass.pointee.snapshot
        drawn = []
        klass.pointee.snapshot = { widget, snapshot in
            if let widget { TextViewDrawProbe.drawn.append((widget, gtk_widget_get_height(widget))) }
            TextViewDrawProbe.original?(widget, snapshot)
        }
        defer {
            klass.pointee.snapshot = original
            original = nil
            g_type_class_unref(klass)
        }
        try body()
        return drawn.filter { $0.view == view }.map(\.height)
    }
}
