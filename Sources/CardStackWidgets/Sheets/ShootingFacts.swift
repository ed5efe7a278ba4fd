// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport
import Translation

/// Card details' rows for what the camera says of a photo: when it was taken, the camera, the lens and the
/// exposure. Made empty and hidden, filled when the file has been read in the background; a row the file says
/// nothing of stays hidden.
@MainActor
struct ShootingFacts {
    private let taken: (row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)
    private let camera: (row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)
    private let lens: (row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)
    private let exposure: (row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)

    /// The rows, hidden, at the end of `list`.
    init(in list: UnsafeMutablePointer<GtkWidget>) {
        taken = SheetParts.fact(tr("Taken"), "", in: list)
        camera = SheetParts.fact(tr("Camera"), "", in: list)
        lens = SheetParts.fact(tr("Lens"), "", in: list)
        exposure = SheetParts.fact(tr("Exposure"), "", in: list)
        for row in [taken, camera, lens, exposure] { gtk_widget_set_visible(row.row, 0) }
    }

    /// Fills the rows from `data`, showing those it has a value for.
    func show(_ data: ShootingData) {
        for (row, text) in [(taken, data.captureTime?.text), (camera, data.camera), (lens, data.lens), (exposure, data.exposureSummary)] {
            guard let text else { continue }
            gtk_label_set_text(OpaquePointer(row.value), text)
            gtk_widget_set_visible(row.row, 1)
        }
    }
}
