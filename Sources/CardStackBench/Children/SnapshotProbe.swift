// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Times the `snapshot` virtual function of a registered widget class, without touching the widget's code.
///
/// ``install(typeName:)`` swaps the class's `snapshot` pointer for a wrapper that calls the original between two
/// clock readings and adds the time to ``nanoseconds``; the frame recorder reads and clears it every frame. The
/// state is global because a C function pointer cannot capture; GTK calls it on the main thread only.
enum SnapshotProbe {
    typealias SnapshotFunction = @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void

    nonisolated(unsafe) private static var original: SnapshotFunction?
    /// Snapshot time accumulated since the last ``reset()``, ns.
    nonisolated(unsafe) private(set) static var nanoseconds: Int64 = 0
    /// Snapshots since the last ``reset()``.
    nonisolated(unsafe) private(set) static var calls = 0
    /// When the first snapshot since the last ``reset()`` began, ns (0 if none).
    nonisolated(unsafe) private(set) static var firstStart: Int64 = 0

    /// Wraps the `snapshot` of the GType called `typeName`; false if no such type is registered yet.
    @discardableResult
    static func install(typeName: String) -> Bool {
        guard original == nil else { return true }
        let type = g_type_from_name(typeName)
        guard type != 0, let klass = g_type_class_ref(type) else { return false }
        let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
        original = widgetClass.pointee.snapshot
        widgetClass.pointee.snapshot = { widget, snapshot in
            let start = MonotonicClock.nanoseconds()
            SnapshotProbe.original?(widget, snapshot)
            SnapshotProbe.record(from: start)
        }
        return true
    }

    /// Adds a snapshot that began at `start` and ends now; the floor widget reports its own through this too.
    static func record(from start: Int64) {
        nanoseconds += MonotonicClock.nanoseconds() - start
        if calls == 0 { firstStart = start }
        calls += 1
    }

    /// Starts a new frame's accounting.
    static func reset() {
        nanoseconds = 0
        calls = 0
        firstStart = 0
    }
}
