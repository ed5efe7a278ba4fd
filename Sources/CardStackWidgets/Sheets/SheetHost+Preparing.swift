// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// Sheets built ahead of their first opening, in idle time: the first opening in a process otherwise builds the
/// sheet's widgets, styles them and lays out its text in the frame that starts the slide, the frame a person
/// meets the first time they press Enter.
extension SheetHost {
    /// Builds `sheet`'s frame now and, from the next frame on, styles, lays out and draws it unseen (beneath the
    /// pages, all but transparent; never picked) until what its content wants has settled, then keeps it hidden
    /// as a closed sheet is kept: presenting the same content shows that frame, with nothing new to draw. When a
    /// frame for its id is open, kept or being prepared, the content is let go instead.
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

    /// Laid out this many times, a frame being prepared is kept as it is: content still growing then would
    /// hold the sheets' frames busy for as long as it grows.
    static let preparedLayoutLimit = 8

    /// Lays out the frames being prepared at `width` (the sheets' width), as tall as their content up to the
    /// window, and maps them for the frame that draws them (``drawPrepared(in:)``); an idle callback then keeps
    /// them, once what their content wants has stopped changing.
    func layOutPrepared(width: Double) {
        guard !preparing.isEmpty, width > 0 else { return }
        for frame in preparing {
            let natural = naturalHeight(of: frame, width: width)
            gtk_widget_allocate(frame.widget, Int32(width), min(natural, Int32(max(1, size.height))), -1, nil)
            gtk_widget_set_child_visible(frame.widget, 1)
            frame.prepared = (natural, (frame.prepared?.layouts ?? 0) + 1)
        }
        guard !preparedCheckIsScheduled else { return }
        preparedCheckIsScheduled = true
        IdleCallback.add { [weak self] in
            self?.keepPreparedOnceSettled()
            return false
        }
    }

    /// Keeps the frames being prepared once each was drawn at the height its content wants now; otherwise lays
    /// them out and draws them again in the next frame. A text view lays its text out in idle time after it
    /// was first given a width, and until then wants no height and draws none of its text: kept then, the
    /// sheet's first opening drew the whole text in its first frame.
    private func keepPreparedOnceSettled() {
        preparedCheckIsScheduled = false
        let width = sheetWidth
        let changing = preparing.contains { frame in
            guard let prepared = frame.prepared else { return true }
            return prepared.layouts < Self.preparedLayoutLimit && naturalHeight(of: frame, width: width) != prepared.naturalHeight
        }
        guard changing else { return keepPrepared() }
        gtk_widget_queue_allocate(widget)
    }

    /// Draws the frames being prepared, beneath the pages and all but transparent (one 255th: no colour
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
            frame.prepared = nil
            gtk_widget_set_visible(frame.widget, 0)
            gtk_widget_set_child_visible(frame.widget, 1)
            keep(frame)
        }
    }
}
