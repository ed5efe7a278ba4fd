// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CardStackCore
import CGtk
import Foundation
import GtkSupport
import Translation

/// What the window shows while a deck that takes a while is read: which deck, how far reading has come, and
/// Cancel.
@MainActor
final class DeckLoadingPage {
    /// How long a deck may take before this page replaces what is on show, in milliseconds: below about 150 ms a
    /// wait reads as instant, and a page that flashed up and away would only distract.
    static let delay: UInt32 = 150
    /// How long a launch waits for its deck before the window's first frame, in milliseconds: a deck read within
    /// it is in the first frame, where an empty window would otherwise flash first; a slower one goes on in the
    /// background. Below `delay`, so the loading page is still due on time.
    static let launchWait = 100
    /// How often that wait looks at the read's progress, in milliseconds; the first look gives the rate's start.
    static let launchLookInterval = 10
    /// A read foretold to go on for longer than this, in seconds, shows this page in the window's first frame
    /// instead of waiting out `launchWait`: it would be due at `delay` anyway, and twice that leaves room for a
    /// rate taken over a few milliseconds.
    static let longRead = 2 * Double(delay) / 1_000
    /// How often the bar follows the loader, in milliseconds: ten steps a second read as smooth progress.
    static let updateInterval: UInt32 = 100

    let widget: UnsafeMutablePointer<GtkWidget>
    private let bar: OpaquePointer
    private let cancelButton: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()

    /// A page for the deck called `name`; `cancel` runs on Cancel (or Escape).
    init(name: String, cancel: @escaping @MainActor () -> Void) {
        widget = created(adw_status_page_new())
        adw_status_page_set_icon_name(OpaquePointer(widget), "document-open-symbolic")
        // A status page's title is plain text; its description would be markup.
        adw_status_page_set_title(OpaquePointer(widget), String(format: tr("Opening “%@”"), VisibleControlCharacters.replacing(in: name)))
        let box = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 24))
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        let barWidget = created(gtk_progress_bar_new())
        bar = OpaquePointer(barWidget)
        gtk_progress_bar_set_show_text(bar, 1)
        // Wide enough to read as a bar, narrow enough for a 360 pt window with the status page's margins.
        gtk_widget_set_size_request(barWidget, 280, -1)
        cs_accessible_set_label(OpaquePointer(barWidget), tr("Reading the deck"))
        gtk_box_append(box.cast(), barWidget)
        cancelButton = mnemonicButton(tr("_Cancel"))
        gtk_widget_set_halign(cancelButton, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(cancelButton, "pill")
        signals.connect(cancelButton.raw, .void("clicked")) { cancel() }
        gtk_box_append(box.cast(), cancelButton)
        adw_status_page_set_child(OpaquePointer(widget), box)

        let keys = created(gtk_event_controller_key_new())
        signals.connect(keys.raw, .key("key-pressed")) { keyval, _, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            cancel()
            return true
        }
        gtk_widget_add_controller(widget, keys)
        show(DeckLoadProgress.Snapshot(stage: .starting, done: 0, total: 0))
    }

    /// Gives Cancel the keyboard, so Enter, Space and Escape all stop the load.
    func focus() {
        gtk_widget_grab_focus(cancelButton)
    }

    /// Follows `snapshot`: a fraction when the total is known, a pulse while it isn't.
    func show(_ snapshot: DeckLoadProgress.Snapshot) {
        if let fraction = snapshot.fraction {
            gtk_progress_bar_set_fraction(bar, fraction)
        } else {
            gtk_progress_bar_pulse(bar)
        }
        gtk_progress_bar_set_text(bar, Self.text(for: snapshot))
    }

    /// "12.5 of 25.0 MB", "1,204 of 20,000 images", or what is going on while nothing can be counted.
    static func text(for snapshot: DeckLoadProgress.Snapshot) -> String {
        switch snapshot.stage {
        case .starting:
            tr("Starting…")
        case .listingFolder:
            tr("Listing the folder…")
        case .readingFile where snapshot.total == 0:
            // A pipe, whose length is known only at its end.
            String(format: tr("%@ MB read"), megabytes(snapshot.done))
        case .readingFile:
            String(format: tr("%1$@ of %2$@ MB"), megabytes(snapshot.done), megabytes(snapshot.total))
        case .readingFiles where snapshot.total == 0:
            // Subfolders are listed as they are reached: the count grows with no total.
            String(format: trn("%@ file", "%@ files", snapshot.done), LocalNumber.text(snapshot.done))
        case .readingFiles:
            String(format: trn("%1$@ of %2$@ file", "%1$@ of %2$@ files", snapshot.total), LocalNumber.text(snapshot.done), LocalNumber.text(snapshot.total))
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let bytesPerMegabyte = 1_000_000.0
        return LocalNumber.text(Double(bytes) / bytesPerMegabyte, fractionDigits: 1)
    }
}
