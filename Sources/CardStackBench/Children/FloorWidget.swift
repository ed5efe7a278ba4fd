// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport

/// The cheapest full redraw the window can do: a widget that fills its area with one colour, drawn every frame.
///
/// Its frame cost is the floor under which no deck frame can go in this window with this renderer (frame clock,
/// snapshot of the window, render and upload of the whole area); deck frames are reported as a ratio to it.
@MainActor
final class FloorWidget: CustomWidgetDelegate {
    static let type = CustomWidgetType(name: "CardStackBenchFloor", cssName: "floor", accessibleRole: GTK_ACCESSIBLE_ROLE_PRESENTATION)
    /// The colour cycles through this many shades, so every frame really draws something new.
    static let shadeCount = 16

    let widget: UnsafeMutablePointer<GtkWidget>
    private var frame = 0

    init() {
        widget = Self.type.instantiate()
        CustomWidgetType.attach(self, to: widget)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
    }

    func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        (1, 1)
    }

    func snapshot(_ snapshot: OpaquePointer) {
        let start = MonotonicClock.nanoseconds()
        frame += 1
        let shade = 0.9 - 0.01 * Float(frame % Self.shadeCount)
        var color = GdkRGBA(red: shade, green: shade, blue: shade, alpha: 1)
        var area = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0),
            size: graphene_size_t(width: Float(gtk_widget_get_width(widget)), height: Float(gtk_widget_get_height(widget)))
        )
        gtk_snapshot_append_color(snapshot, &color, &area)
        SnapshotProbe.record(from: start)
    }
}
