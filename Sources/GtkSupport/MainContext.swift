// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Runs work on GLib's main context, the one GTK's main loop drives.
///
/// On Linux `DispatchQueue.main` is not drained by a GLib main loop, so background work must come back to the
/// UI through the main context instead.
public enum MainContext {
    private final class Box: @unchecked Sendable {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    /// Schedules `body` on the main context from any thread; it runs once, on the main actor.
    public static func invoke(_ body: @escaping @Sendable @MainActor () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let run: GSourceFunc = { data in
            guard let data else { return 0 }
            let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.body() }
            return 0
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).release()
        }
        // Queued, never run here: `g_main_context_invoke` runs the work at once on the calling thread when no
        // thread owns the context at that moment (between the iterations of a loop driven by hand, as the
        // benchmark and the tests do), which would be off the main actor.
        g_idle_add_full(G_PRIORITY_DEFAULT, run, box, release)
    }
}
