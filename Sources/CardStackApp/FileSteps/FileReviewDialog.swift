// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// The review before files leave their folder (to the trash, or copied or moved to another): which direction's
/// cards, how many files, how large, each by name with a small picture of it. Confirming hands the files on;
/// nothing moves before that.
@MainActor
final class FileReviewDialog {
    /// What the files are reviewed for.
    enum Purpose {
        /// The trash: the answer is destructive.
        case trash
        /// Copying, or moving with the switch on, to a folder chosen next.
        case copyOrMove
    }

    private let dialog: UnsafeMutablePointer<GtkWidget>
    private let listPlace: UnsafeMutablePointer<GtkWidget>
    private let signals = SignalGroup()
    private var keepAlive: FileReviewDialog?
    private let purpose: Purpose
    /// Copy or move's switch: on, the files move.
    private var moveSwitch: UnsafeMutablePointer<GtkWidget>?
    private let directions: [(direction: SwipeDirection, label: String)]
    private let filesOf: (Set<SwipeDirection>) -> [String]
    private var chosen: Set<SwipeDirection>
    private let isPhotoDeck: Bool
    private var files: [String] = []
    /// The rows' pictures still to decode, one at a time so the review never floods the decoder the cards share.
    private var pendingThumbnails: [(path: String, picture: UnsafeMutablePointer<GtkWidget>)] = []
    private var isDecoding = false
    private var isOpen = true

    /// A row's picture, in pt.
    static let thumbnailSize: Int32 = 40

    /// Asks whether the files of the cards decided any of `directions` (`chosen` ticked first; any set can be
    /// ticked) go to the trash, or are copied or moved, over `parent`; `filesOf` lists a set of directions' files
    /// (with a photo deck's RAWs and sidecars). `confirmed` gets the directions, their files, and whether they
    /// are to move (rather than be copied) when the user says yes.
    @discardableResult
    init(
        _ purpose: Purpose, directions: [(direction: SwipeDirection, label: String)], chosen: SwipeDirection, isPhotoDeck: Bool,
        parent: UnsafeMutablePointer<GtkWindow>,
        files filesOf: @escaping (Set<SwipeDirection>) -> [String],
        confirmed: @escaping @MainActor (_ directions: [SwipeDirection], _ files: [String], _ moves: Bool) -> Void
    ) {
        self.purpose = purpose
        self.directions = directions
        self.filesOf = filesOf
        self.isPhotoDeck = isPhotoDeck
        let first = directions.contains { $0.direction == chosen } ? chosen : directions.first?.direction ?? chosen
        self.chosen = [first]
        dialog = adw_message_dialog_new(parent, nil, nil)
        adw_message_dialog_add_response(dialog.cast(), "cancel", tr("_Cancel"))
        switch purpose {
        case .trash:
            adw_message_dialog_add_response(dialog.cast(), "confirm", tr("_Move to Trash"))
            adw_message_dialog_set_response_appearance(dialog.cast(), "confirm", ADW_RESPONSE_DESTRUCTIVE)
        case .copyOrMove:
            adw_message_dialog_add_response(dialog.cast(), "confirm", tr("C_hoose Folder…"))
            adw_message_dialog_set_response_appearance(dialog.cast(), "confirm", ADW_RESPONSE_SUGGESTED)
        }
        adw_message_dialog_set_default_response(dialog.cast(), "cancel")
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")

        // A tick for each direction: the files of any set of them go at once, as one step.
        let choicesLabel = created(gtk_label_new(tr("Files of the cards decided")))
        gtk_label_set_xalign(OpaquePointer(choicesLabel), 0)
        gtk_label_set_wrap(OpaquePointer(choicesLabel), 1)
        gtk_widget_add_css_class(choicesLabel, "heading")
        let choices = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        var ticks: [UnsafeMutablePointer<GtkWidget>] = []
        for choice in directions {
            let tick = created(gtk_check_button_new_with_label(choice.label))
            gtk_check_button_set_active(tick.cast(), choice.direction == first ? 1 : 0)
            gtk_box_append(choices.cast(), tick)
            ticks.append(tick)
        }
        listPlace = created(adw_bin_new())
        let column = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        let choicesColumn = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 4))
        gtk_box_append(choicesColumn.cast(), choicesLabel)
        gtk_box_append(choicesColumn.cast(), choices)
        gtk_box_append(column.cast(), choicesColumn)
        if purpose == .copyOrMove {
            let toggle = created(gtk_switch_new())
            gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
            let toggleLabel = created(gtk_label_new_with_mnemonic(tr("Mo_ve instead of copying")))
            gtk_label_set_mnemonic_widget(OpaquePointer(toggleLabel), toggle)
            gtk_label_set_xalign(OpaquePointer(toggleLabel), 0)
            gtk_widget_set_hexpand(toggleLabel, 1)
            let toggleRow = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
            gtk_box_append(toggleRow.cast(), toggleLabel)
            gtk_box_append(toggleRow.cast(), toggle)
            gtk_box_append(column.cast(), toggleRow)
            moveSwitch = toggle
        }
        gtk_box_append(column.cast(), listPlace)
        adw_message_dialog_set_extra_child(dialog.cast(), column)

        let allTicks = ticks
        for tick in allTicks {
            signals.connect(tick.raw, .void("toggled")) { [weak self] in
                let ticked = zip(directions, allTicks).filter { gtk_check_button_get_active($0.1.cast()) != 0 }.map(\.0.direction)
                self?.show(Set(ticked))
            }
        }
        signals.connect(dialog.raw, .pointer("response")) { [weak self] response in
            guard let self else { return }
            let answer = response.flatMap { String(borrowingGLibString: UnsafePointer($0.assumingMemoryBound(to: CChar.self))) }
            let (chosen, files) = (directions.map(\.direction).filter(self.chosen.contains), self.files)
            let moves = purpose == .trash || moveSwitch.map { gtk_switch_get_active(OpaquePointer($0)) != 0 } == true
            isOpen = false
            pendingThumbnails = []
            signals.disconnectAll()
            keepAlive = nil
            if answer == "confirm", !files.isEmpty { confirmed(chosen, files, moves) }
        }
        keepAlive = self
        show(self.chosen)
        presentNamingButtons(dialog.cast())
    }

    /// The labels of the chosen directions, each in quotes, in the deck's order: “Keep”, “Favourite”.
    private var chosenLabels: String {
        Deck.quoted(directions.filter { chosen.contains($0.direction) }.map(\.label))
    }

    /// Lists the files of the cards decided any of `chosen`, with their sizes and the total.
    private func show(_ chosen: Set<SwipeDirection>) {
        self.chosen = chosen
        files = chosen.isEmpty ? [] : filesOf(chosen)
        let label = chosenLabels
        let sizes = files.map { FileStatus(path: $0)?.size ?? 0 }
        let total = sizes.reduce(0, +)
        if chosen.isEmpty {
            adw_message_dialog_set_heading(dialog.cast(), tr("No Files"))
            adw_message_dialog_set_body(dialog.cast(), tr("Tick the cards whose files to take."))
        } else if files.isEmpty {
            adw_message_dialog_set_heading(dialog.cast(), tr("No Files"))
            adw_message_dialog_set_body(dialog.cast(), String(format: tr("No card decided %@ stands for a file."), label))
        } else {
            switch purpose {
            case .trash:
                adw_message_dialog_set_heading(dialog.cast(), String(format: trn("Move %ld File to the Trash?", "Move %ld Files to the Trash?", files.count), files.count))
            case .copyOrMove:
                adw_message_dialog_set_heading(dialog.cast(), String(format: trn("Copy or Move %ld File", "Copy or Move %ld Files", files.count), files.count))
            }
            let body = switch (purpose, isPhotoDeck) {
            case (.trash, true): tr("The files of the cards decided %@, %@ in all, with their RAW files and sidecars. Undo brings them back, and so does the trash.")
            case (.trash, false): tr("The files of the cards decided %@, %@ in all. Undo brings them back, and so does the trash.")
            case (.copyOrMove, true): tr("The files of the cards decided %@, %@ in all, with their RAW files and sidecars, to a folder you choose next. No file there is replaced; Undo brings moved files back.")
            case (.copyOrMove, false): tr("The files of the cards decided %@, %@ in all, to a folder you choose next. No file there is replaced; Undo brings moved files back.")
            }
            adw_message_dialog_set_body(dialog.cast(), String(format: body, label, ByteCount.text(total)))
        }
        adw_message_dialog_set_response_enabled(dialog.cast(), "confirm", files.isEmpty ? 0 : 1)
        adw_bin_set_child(listPlace.cast(), files.isEmpty ? nil : list(files, sizes: sizes))
        if !isDecoding { decodeNextThumbnail() }
    }

    /// The files, a row each with its picture, name and size, in a list that scrolls past a few rows.
    private func list(_ files: [String], sizes: [UInt64]) -> UnsafeMutablePointer<GtkWidget> {
        pendingThumbnails = []
        let thumbnails = DesktopThumbnails()
        return DialogFileList.make(Array(zip(files, sizes)), spacing: 4) { path, size in
            let name = FileNameEncoding.displayName(of: URL(fileURLWithPath: path))
            let picture = created(gtk_picture_new())
            gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
            gtk_widget_set_size_request(picture, Self.thumbnailSize, Self.thumbnailSize)
            if let icon = FileStatus(path: path).flatMap({ thumbnails.thumbnail(of: path, modified: $0.modified) })
                ?? (Self.isPicture(path) ? nil : FileTypeIcon.path(forFileNamed: name, size: Self.thumbnailSize * 2)) {
                gtk_picture_set_filename(OpaquePointer(picture), icon)
            } else {
                pendingThumbnails.append((path, picture))
            }
            let label = created(gtk_label_new("\(VisibleControlCharacters.replacing(in: name)) · \(ByteCount.text(size))"))
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
            gtk_widget_set_hexpand(label, 1)
            let row = created(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
            gtk_box_append(row.cast(), picture)
            gtk_box_append(row.cast(), label)
            return row
        }
    }

    /// Whether `path` names a picture the decoder reads (a photo, a RAW), rather than a sidecar or other file.
    private static func isPicture(_ path: String) -> Bool {
        let fileExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
        return ImageDecoder.supportedExtensions.contains(fileExtension) || RawFormat.extensions.contains(fileExtension)
    }

    /// Decodes the first row's picture still missing, then the next, while the dialog is open; rows listed
    /// anew (another direction chosen) are taken up when the decode on its way lands.
    private func decodeNextThumbnail() {
        guard isOpen, !pendingThumbnails.isEmpty else { return }
        let (path, picture) = pendingThumbnails.removeFirst()
        let retained = ObjectReference(retaining: picture)
        // Twice the row's size in pt: sharp at a scale of 2.
        let pixels = Int(Self.thumbnailSize) * 2
        isDecoding = true
        ImageDecoder.decodePhoto(at: path, width: pixels, height: pixels) { [weak self] result in
            if case .success(let decoded) = result {
                gtk_picture_set_paintable(OpaquePointer(retained.pointer), decoded.texture.pointer)
            }
            self?.isDecoding = false
            self?.decodeNextThumbnail()
        }
    }
}
