// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// A widget's clock: the time input and animation share, and a frame callback that runs only while something
/// moves.
///
/// Every page draws a value type's state at the frame's time. Input arrives with event times, which GDK takes
/// from the same clock as frames (`g_get_monotonic_time`, in µs), so a drag and the spring after it continue
/// without a jump. One callback at a time: ``run(_:)`` while one runs does nothing, and the callback ends
/// itself by returning false when the state has settled.
@MainActor
final class FrameDriver {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var tickID: UInt32?

    /// A clock for `widget`, which owns whatever owns the driver.
    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// The current time on the frame clock's time base.
    var now: Microseconds { Microseconds(g_get_monotonic_time()) }

    /// The time of the frame being laid out or drawn; `now` before the widget has a frame clock.
    var frameTime: Microseconds {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return now }
        return Microseconds(gdk_frame_clock_get_frame_time(clock))
    }

    /// Whether a frame callback is running.
    var isRunning: Bool { tickID != nil }

    /// Called when the running callback has ended by itself (``isRunning`` is false by then): for what tells
    /// observers that the page stopped moving.
    var onStop: (@MainActor () -> Void)?

    /// Calls `tick` with each frame's time, before the frame is laid out, until it returns false; nothing when a
    /// callback already runs (it goes on with the state it reads at each frame).
    func run(_ tick: @escaping @MainActor (_ frameTime: Microseconds) -> Bool) {
        guard tickID == nil else { return }
        var frames = 0
        tickID = TickCallback.add(to: widget) { [weak self] frameTime, _ in
            guard let self else { return false }
            frames += 1
            guard tick(Microseconds(frameTime)) else {
                tickID = nil
                // How long motion ran, for the tests of reduced motion (a frame or two) and of springs.
                if Trace.isEnabled { Trace.log("motion: \(String(cString: gtk_widget_get_css_name(widget))) moved \(frames) frames") }
                onStop?()
                return false
            }
            return true
        }
    }

    /// Keeps the clock running while the interaction at `path` of `owner` moves, the same way on every page:
    /// each frame advances it to the frame's time, then `eachFrame` redraws or lays out what it moved, told
    /// whether it still moves; the callback ends once it rests. Nothing when it already rests.
    func follow<Owner: AnyObject, Interaction: GestureInteraction>(
        _ path: ReferenceWritableKeyPath<Owner, Interaction>,
        of owner: Owner,
        eachFrame: @escaping @MainActor (_ owner: Owner, _ isMoving: Bool) -> Void
    ) {
        guard owner[keyPath: path].isAnimating(at: now) else { return }
        run { [weak owner] frameTime in
            guard let owner else { return false }
            owner[keyPath: path].advance(to: frameTime)
            let isMoving = owner[keyPath: path].isAnimating(at: frameTime)
            eachFrame(owner, isMoving)
            return isMoving
        }
    }

    /// Ends the running callback, if any: for a widget going away.
    func stop() {
        if let tickID { TickCallback.remove(tickID, from: widget) }
        tickID = nil
        onStop = nil
    }
}
