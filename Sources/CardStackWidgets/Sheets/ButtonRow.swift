// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkSupport

/// Buttons of one width side by side, in one row when the width allows all of them at their natural width, in
/// rows of two when it allows two, and one above the other otherwise.
///
/// GTK 4.8's `GtkFlowBox` did this before, but its own keyboard navigation divides by its column count, which it
/// leaves at 0 until its first layout: an arrow key right after a sheet opened spun forever and Page Up crashed.
/// Here the buttons are plain children, so arrows and Tab move the focus the way GTK moves it everywhere else.
@MainActor
final class ButtonRow: CustomWidgetDelegate {
    static let type = CustomWidgetType(
        name: "CardStackButtonRow", cssName: "buttonrow", accessibleRole: GTK_ACCESSIBLE_ROLE_GROUP, heightForWidth: true
    )

    /// Points between the buttons, across and down.
    static let spacing: Int32 = 6

    let widget: UnsafeMutablePointer<GtkWidget>
    private var buttons: [UnsafeMutablePointer<GtkWidget>] = []

    init() {
        widget = Self.type.instantiate()
        CustomWidgetType.attach(self, to: widget)
    }

    /// Adds `button` after the others.
    func append(_ button: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_parent(button, widget)
        buttons.append(button)
        gtk_widget_queue_resize(widget)
    }

    /// How many buttons share a row `width` points wide: all of them when they fit at their natural width,
    /// otherwise two when two do, otherwise one (a German "Ins Deck zurücklegen" beside "Deck-Info" is wider
    /// than a 360 pt window).
    private func columns(forWidth width: Int32) -> Int32 {
        let count = Int32(buttons.count)
        guard count > 1 else { return max(1, count) }
        let natural = widest().natural
        func fit(_ columns: Int32) -> Bool { columns * natural + (columns - 1) * Self.spacing <= width }
        if width < 0 || fit(count) { return count }
        return count > 2 && fit(2) ? 2 : 1
    }

    private func widest() -> (minimum: Int32, natural: Int32) {
        var widest: (minimum: Int32, natural: Int32) = (0, 0)
        for button in buttons where gtk_widget_should_layout(button) != 0 {
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(button, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            widest = (max(widest.minimum, minimum), max(widest.natural, natural))
        }
        return widest
    }

    private func columnWidth(forWidth width: Int32, columns: Int32) -> Int32 {
        max(0, (width - (columns - 1) * Self.spacing) / columns)
    }

    private func rowHeight(forColumnWidth width: Int32) -> (minimum: Int32, natural: Int32) {
        var tallest: (minimum: Int32, natural: Int32) = (0, 0)
        for button in buttons where gtk_widget_should_layout(button) != 0 {
            var minimum: Int32 = 0
            var natural: Int32 = 0
            gtk_widget_measure(button, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, nil, nil)
            tallest = (max(tallest.minimum, minimum), max(tallest.natural, natural))
        }
        return tallest
    }

    func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        let count = Int32(buttons.count)
        guard count > 0 else { return (0, 0) }
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let widest = widest()
            return (widest.minimum, count * widest.natural + (count - 1) * Self.spacing)
        }
        let columns = columns(forWidth: forSize)
        let rows = (count + columns - 1) / columns
        let row = rowHeight(forColumnWidth: forSize < 0 ? -1 : columnWidth(forWidth: forSize, columns: columns))
        let gaps = (rows - 1) * Self.spacing
        return (rows * row.minimum + gaps, rows * row.natural + gaps)
    }

    func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {
        let columns = columns(forWidth: width)
        let cellWidth = columnWidth(forWidth: width, columns: columns)
        let cellHeight = rowHeight(forColumnWidth: cellWidth).natural
        let isRTL = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        for (index, button) in buttons.enumerated() {
            let column = Int32(index) % columns
            let row = Int32(index) / columns
            let shown = isRTL ? columns - 1 - column : column
            var place = GtkAllocation(
                x: shown * (cellWidth + Self.spacing), y: row * (cellHeight + Self.spacing),
                width: cellWidth, height: cellHeight
            )
            gtk_widget_size_allocate(button, &place, -1)
        }
    }

    func snapshot(_ snapshot: OpaquePointer) {
        for button in buttons { gtk_widget_snapshot_child(widget, button, snapshot) }
    }

    func dispose() {
        for button in buttons { gtk_widget_unparent(button) }
        buttons.removeAll()
    }
}
