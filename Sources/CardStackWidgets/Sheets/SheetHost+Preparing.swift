// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// Sheets built ahead of their first opening, in idle time: the first opening in a process otherwise builds the
/// sheet's widgets, styles them and lays out its text in the frame that starts the slide, the frame a person
/// meets the first time they press Enter.
extension SheetHost {
    /// Builds `sheet`'s frame now and, in the next frame, styles, lays out and draws it once unseen (beneath the
    /// pages, all but transparent; never picked), then keeps it hidden as a closed sheet is kept: presenting the
    /// same content shows that frame. When a frame for its id is open, kept or being prepared, the content is let
    /// go instead.
    public func prepare(_ sheet: SheetContent) {
        guard !(frames + kept + preparing).contains(where: { $0.id == sheet.id }) else {
            // As ``present(_:)`` lets go of content it won't show.
            sheet.owner?.sheetRemoved()
            _ = ObjectReference(sinking: sheet.body)
            return
        }
        let frame = SheetFrame(sheet)
        // Beneath the pages, so nothing of it is ever picked while it is laid out.
        gtk_widget_insert_before(frame.widget, widget, content)
        installInput(on: frame)
        // Unmapped until it is laid out at the sheets' width in the next frame.
        gtk_widget_set_child_visible(frame.widget, 0)
        preparing.append(frame)
        gtk_widget_queue_allocate(widget)
    }

    /// Lays out the frames being prepared at `width` (the sheets' width), as tall as their content up to the
    /// window, and maps them for the frame that draws them once (``drawPrepared(in:)``); an idle callback then
    /// keeps them.
    func layOutPrepared(width: Double) {
        guard !preparing.isEmpty, width > 0 else { return }
        for frame in preparing {
            var natural: Int32 = 0
            gtk_widget_measure(frame.widget, GTK_ORIENTATION_VERTICAL, Int32(width), nil, &natural, nil, nil)
            gtk_widget_allocate(frame.widget, Int32(width), min(natural, Int32(max(1, size.height))), -1, nil)
            gtk_widget_set_child_visible(frame.widget, 1)
        }
        IdleCallback.add { [weak self] in
            self?.keepPrepared()
            return false
        }
    }

    /// Draws the frames being prepared once, beneath the pages and all but transparent (one 255th: no colour
    /// changes by more than a step), so the renderer compiles their ways of drawing and uploads their glyphs now
    /// rather than in the first frame of their first opening; an opacity of 0 would drop them unrendered.
    func drawPrepared(in snapshot: OpaquePointer) {
        let drawable = preparing.filter { gtk_widget_get_mapped($0.widget) != 0 }
        guard !drawable.isEmpty else { return }
        gtk_snapshot_push_opacity(snapshot, 1.0 / 255)
        for frame in drawable { gtk_widget_snapshot_child(widget, frame.widget, snapshot) }
        gtk_snapshot_pop(snapshot)
    }

    /// Keeps every frame prepared so far, hidden, as closed sheets are kept.
    func keepPrepared() {
        let prepared = preparing
        preparing = []
        for frame in prepared {
            gtk_widget_set_visible(frame.widget, 0)
            gtk_widget_set_child_visible(frame.widget, 1)
            keep(frame)
        }
    }
}
