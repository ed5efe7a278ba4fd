// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Work the main loop runs when it has nothing more urgent to do: after input, layout and drawing.
///
/// The closure is boxed and retained until GLib calls the destroy notify, after the closure returns `false`
/// or after ``remove(_:)``.
@MainActor
public enum IdleCallback {
    private final class Box {
        let work: @MainActor () -> Bool
        init(_ work: @escaping @MainActor () -> Bool) { self.work = work }
    }

    /// Calls `work` whenever the main loop is idle, at `G_PRIORITY_DEFAULT_IDLE` (below GTK's redraws), while it
    /// returns `true`. Returns the source's id.
    @discardableResult
    public static func add(_ work: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = Unmanaged.passRetained(Box(work)).toOpaque()
        let trampoline: GSourceFunc = { data in
            guard let data else { return 0 }
            let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
            return callOnMainActor(box) { $0.work() } ? 1 : 0
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).release()
        }
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, trampoline, box, release)
    }

    /// Stops a callback before it returns `false` by itself; its box is released.
    public static func remove(_ id: UInt32) {
        g_source_remove(id)
    }
}
