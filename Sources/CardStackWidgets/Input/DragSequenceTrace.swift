// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import GtkSupport

/// A drag's events as the trace tells them, each as its time after the press and where it was: "+0 ms 0,0 · +11 ms
/// 20,0 · …", to tell a gesture that arrived slowly from one the app misread. Kept only while the trace is on.
struct DragSequenceTrace {
    private var start: Microseconds = 0
    private var events: [String] = []

    /// Starts a sequence at the press, at `time`.
    mutating func begin(at time: Microseconds) {
        guard Trace.isEnabled else { return }
        start = time
        events = ["+0 ms 0,0"]
    }

    /// Adds an event at `translation` from the press, at `time`.
    mutating func add(_ translation: Point, at time: Microseconds) {
        guard Trace.isEnabled, events.count < 200 else { return }
        events.append("+\((time - start) / 1_000) ms \(Int(translation.x.rounded())),\(Int(translation.y.rounded()))")
    }

    /// The events, in order.
    var text: String { events.joined(separator: " · ") }
}
