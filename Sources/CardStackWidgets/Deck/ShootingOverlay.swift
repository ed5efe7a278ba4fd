// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackFiles
import GtkSupport
import Translation

/// The front photo's shooting data over its top left, under its name, toggled by I on the Deck page, as Geeqie's and
/// darktable's overlays show it: camera and lens, the exposure, the time it was taken.
///
/// The file is read in the background each time another photo comes to the front while it shows; what was read
/// is kept for the photos seen, so going back and forth reads nothing again.
@MainActor
final class ShootingOverlay {
    /// The label, for the page's overlay.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Whether the overlay is on.
    private(set) var isShown = false
    /// What each card's file said, once read.
    private var read = RecentlyUsedCache<Int, ShootingData>(capacity: 64)
    private var shownCard: Int?
    private let deck: Deck

    init(deck: Deck) {
        self.deck = deck
        widget = created(gtk_label_new(nil))
        gtk_widget_add_css_class(widget, "shooting-overlay")
        gtk_widget_add_css_class(widget, "osd")
        gtk_label_set_xalign(OpaquePointer(widget), 0)
        gtk_label_set_wrap(OpaquePointer(widget), 1)
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        // Under the photo's name and marks, clear of the buttons and the first-run hint at its bottom.
        gtk_widget_set_valign(widget, GTK_ALIGN_START)
        // Information, not a control: presses go through to the photo.
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
    }

    /// Turns the overlay on or off, for the photo `front` at the front.
    func toggle(front: Int?) {
        isShown.toggle()
        Trace.log("shooting data: \(isShown ? "shown" : "hidden")")
        gtk_widget_set_visible(widget, isShown ? 1 : 0)
        if isShown { show(front) }
    }

    /// Shows photo `front`'s data, reading its file first if it wasn't read yet.
    func show(_ front: Int?) {
        guard isShown else { return }
        shownCard = front
        guard let front, let path = deck.cards[front].rawPath ?? deck.cards[front].imagePath else { return setText(nil) }
        if let known = read.peek(front) { return setText(known) }
        setText(nil, reading: true)
        ImageDecoder.metadata(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path), isRaw: deck.cards[front].rawPath != nil) { [weak self] metadata in
            guard let self else { return }
            let data = metadata?.shooting ?? ShootingData()
            read.insert(data, for: front)
            if shownCard == front, isShown { setText(data) }
        }
    }

    private func setText(_ data: ShootingData?, reading: Bool = false) {
        let lines = [[data?.camera, data?.lens].compactMap { $0 }.joined(separator: " · "), data?.exposureSummary ?? "", data?.captureTime?.text ?? ""]
            .filter { !$0.isEmpty }
        let text = reading ? "…" : lines.isEmpty ? tr("No shooting data in this file") : lines.joined(separator: "\n")
        gtk_label_set_text(OpaquePointer(widget), text)
        Trace.log("shooting data: \(text.replacingOccurrences(of: "\n", with: " | "))")
    }
}
