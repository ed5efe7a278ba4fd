// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Work the main loop runs when it has nothing more urgent to do: after input, layout and drawing.
///
/// The closure is boxed and retained until GLib calls the destroy notify, after the closure returns `false`
/// or after ``remove(_:)``.
@MainActor
public enum IdleCallback {
    /// Calls `work` whenever the main loop is idle, at `G_PRIORITY_DEFAULT_IDLE` (below GTK's redraws), while it
    /// returns `true`. Returns the source's id.
    @discardableResult
    public static func add(_ work: @escaping @MainActor () -> Bool) -> UInt32 {
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, SourceClosure.trampoline, SourceClosure.box(work), SourceClosure.release)
    }

    /// Stops a callback before it returns `false` by itself; its box is released.
    public static func remove(_ id: UInt32) {
        g_source_remove(id)
    }
}

/// Work the main loop runs when the process gets a Unix signal (Ctrl+C in the terminal is SIGINT), instead of
/// the signal's default action.
@MainActor
public enum UnixSignalCallback {
    /// Calls `work` on the main loop each time `signal` arrives, while it returns `true`. Returns the source's id.
    @discardableResult
    public static func add(signal: Int32, _ work: @escaping @MainActor () -> Bool) -> UInt32 {
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, SourceClosure.trampoline, SourceClosure.box(work), SourceClosure.release)
    }
}

/// Work the main loop runs after a delay, such as ending a gesture whose end never came.
///
/// The closure is boxed and retained until GLib calls the destroy notify, after the closure returns `false`
/// or after ``remove(_:)``.
@MainActor
public enum TimeoutCallback {
    /// Calls `work` every `milliseconds`, first after that long, while it returns `true`. Returns the source's id.
    @discardableResult
    public static func add(milliseconds: UInt32, _ work: @escaping @MainActor () -> Bool) -> UInt32 {
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, SourceClosure.trampoline, SourceClosure.box(work), SourceClosure.release)
    }

    /// Stops a callback before it returns `false` by itself; its box is released.
    public static func remove(_ id: UInt32) {
        g_source_remove(id)
    }
}

/// A closure behind a GLib main-loop source: retained in a box that the source's destroy notify releases.
@MainActor
private enum SourceClosure {
    final class Box {
        let work: @MainActor () -> Bool
        init(_ work: @escaping @MainActor () -> Bool) { self.work = work }
    }

    static func box(_ work: @escaping @MainActor () -> Bool) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(Box(work)).toOpaque()
    }

    static let trampoline: GSourceFunc = { data in
        guard let data else { return 0 }
        let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
        return callOnMainActor(box) { $0.work() } ? 1 : 0
    }

    static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<Box>.fromOpaque(data).release()
    }
}
