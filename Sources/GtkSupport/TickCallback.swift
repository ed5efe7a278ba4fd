// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Per-frame callbacks driven by a widget's frame clock.
///
/// The closure is boxed and retained until GTK calls the destroy notify: after the closure returns `false`,
/// after ``remove(_:from:)``, or when the widget is destroyed.
@MainActor
public enum TickCallback {
    private final class Box {
        let tick: @MainActor (_ frameTime: Int64, _ frameClock: OpaquePointer) -> Bool
        init(_ tick: @escaping @MainActor (Int64, OpaquePointer) -> Bool) { self.tick = tick }
    }

    /// Calls `tick` with the frame time in microseconds before every frame while it returns `true`.
    @discardableResult
    public static func add(
        to widget: UnsafeMutablePointer<GtkWidget>,
        _ tick: @escaping @MainActor (_ frameTime: Int64, _ frameClock: OpaquePointer) -> Bool
    ) -> UInt32 {
        let box = Unmanaged.passRetained(Box(tick)).toOpaque()
        let trampoline: GtkTickCallback = { _, clock, data in
            guard let clock, let data else { return 0 }
            let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
            let time = Int64(gdk_frame_clock_get_frame_time(clock))
            return callOnMainActor((box, clock)) { $0.0.tick(time, $0.1) } ? 1 : 0
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).release()
        }
        return gtk_widget_add_tick_callback(widget, trampoline, box, release)
    }

    /// Stops a callback before it returns `false` by itself; its box is released.
    public static func remove(_ id: UInt32, from widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_remove_tick_callback(widget, id)
    }
}
