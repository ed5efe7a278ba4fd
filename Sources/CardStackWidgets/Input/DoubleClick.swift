// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// Two presses close in time and place, by the desktop's double-click settings: a double click with the mouse
/// or a double tap with a finger, told apart by the pages that have both a single and a double press.
struct DoubleClick {
    /// The desktop's double-click time (µs) and distance (pt; at least 8, a finger's wobble).
    struct Limits {
        var interval: Microseconds
        var distance: Double

        init(of widget: UnsafeMutablePointer<GtkWidget>) {
            var time: Int32 = 400
            var distance: Int32 = 5
            if let settings = gtk_widget_get_settings(widget) {
                time = cs_object_get_int(settings.raw, "gtk-double-click-time")
                distance = cs_object_get_int(settings.raw, "gtk-double-click-distance")
            }
            interval = Microseconds(time) * 1_000
            self.distance = Double(max(distance, 8))
        }
    }

    private var first: (point: Point, time: Microseconds)?

    /// Whether a press at `point` at `time` is the second of a double click; if it isn't, it is the first of the
    /// next one.
    mutating func isSecond(at point: Point, time: Microseconds, within limits: Limits) -> Bool {
        if let first, time - first.time <= limits.interval, (point - first.point).length <= limits.distance {
            self.first = nil
            return true
        }
        first = (point, time)
        return false
    }
}
