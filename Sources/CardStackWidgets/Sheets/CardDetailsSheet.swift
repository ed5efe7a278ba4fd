// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import CardStackMarkdown
import Foundation
import GtkSupport
import Translation

/// Card details: the card large (a photo at full width), its title, subtitle and whole body as selectable text,
/// its decision and when it was made, a photo's file, date and pixel size; buttons to decide or change the
/// decision (one shared step with an Undo toast) and to open Deck info.
@MainActor
public final class CardDetailsSheet: SheetOwner {
    /// The sheet's id in the stack.
    public static let id = "details"

    /// The sheet to present.
    public var content: SheetContent {
        SheetContent(id: Self.id, title: String(format: tr("%@ — Details"), deck.cards[cardIndex].shownTitle), body: body, hasMedium: true, owner: self) { [weak self] keyval in
            self?.keyPressed(keyval) ?? false
        }
    }
    /// Called with a message for a toast, and whether it offers Undo.
    public var onToast: (@MainActor (_ message: String, _ undoable: Bool) -> Void)?
    /// Called when the user asks for Deck info.
    public var onDeckInfo: (@MainActor () -> Void)?
    /// Called to zoom into the photo (Z, or a double click or tap on it), at a point of the source's widget or
    /// its centre.
    public var onZoom: (@MainActor (PhotoZoomSource, Point?) -> Void)?
    /// The photo as decoded for the sheet, once it is, and its widget.
    private var shownPhoto: (widget: UnsafeMutablePointer<GtkWidget>, texture: ObjectReference<OpaquePointer>, pixelSize: Size)?

    private let session: DeckSession
    private let cardIndex: Int
    private let sidecars: [String]
    private let decidedAt: @MainActor (Int) -> Date?
    private let signals = SignalGroup()
    private let body = SheetParts.column()
    private var decisionValue: UnsafeMutablePointer<GtkWidget>?
    private var whenRow: (row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)?
    private var decideButtons: [(direction: SwipeDirection, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var returnButton: UnsafeMutablePointer<GtkWidget>?
    private var pixelSize: (row: UnsafeMutablePointer<GtkWidget>, value: UnsafeMutablePointer<GtkWidget>)?
    /// What the camera says of a photo, filled once its file is read.
    private var shooting: ShootingFacts?
    /// The line under the title: a photo's day becomes the day it was taken once the file says.
    private var subtitleLabel: UnsafeMutablePointer<GtkWidget>?
    /// The list of the card's facts, for a fact that comes with the decoded picture.
    private var factList: BoxedList?
    /// Where the record's fields go once they are read.
    private let recordBox = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))

    /// Details of card `cardIndex` of `session`'s deck; `decidedAt` tells when a card's decision was made;
    /// `sidecars` names the XMP sidecars its decision is written to, when they are.
    /// `record` finds the record the card was read from (on a background thread), whose every field the
    /// sheet lists.
    public init(
        card cardIndex: Int, session: DeckSession, sidecars: [String] = [],
        record: (@Sendable (_ index: Int, _ id: String) -> CardRecord?)? = nil,
        decidedAt: @escaping @MainActor (Int) -> Date?
    ) {
        self.session = session
        self.cardIndex = cardIndex
        self.sidecars = sidecars
        self.decidedAt = decidedAt
        fill(body, with: session.deck.cards[cardIndex])
        if let record {
            let id = session.deck.cards[cardIndex].id
            DispatchQueue.global(qos: .userInitiated).async {
                guard let found = record(cardIndex, id) else { return }
                MainContext.invoke { [weak self] in self?.show(found) }
            }
        }
        // Observing the session and up to date, as each time it is shown again.
        sheetReturned()
    }

    public func sheetRemoved() {
        session.stopObserving(as: self)
    }

    public func sheetReturned() {
        session.observe(as: self) { [weak self] _, _ in self?.update() }
        update()
    }

    private var deck: Deck { session.deck }

    /// Scalars of a long title the details give: a title is one paragraph, which no view can lay out in part,
    /// and 50,000 combining marks on one letter took 11 s to shape.
    static let wholeTitleLimit = 2_000

    private func fill(_ column: UnsafeMutablePointer<GtkWidget>, with card: Card) {
        gtk_box_append(column.cast(), card.imagePath.map(picture) ?? CardFaceView(card: cardIndex, of: deck).widget)

        let text = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
        gtk_box_append(text.cast(), SheetParts.text(card.shownTitle, classes: ["title-2"], selectable: true))
        if let subtitle = card.shownSubtitle, !subtitle.isEmpty {
            let label = SheetParts.text(subtitle, classes: ["dim-label"], selectable: true)
            subtitleLabel = label
            gtk_box_append(text.cast(), label)
        }
        // The whole text, in a view that lays out only what is on screen: a title too long for a label (cut
        // above) comes first, then the subtitle if it was cut, then the body.
        let before = [card.hasLongTitle ? Card.shown(card.title, limit: Self.wholeTitleLimit) : nil,
                      card.subtitle.flatMap { Card.isLonger($0, than: Card.shownSubtitleLimit) ? $0 : nil }]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n\n")
        let body = card.body.flatMap { $0.isEmpty ? nil : $0 }
        if !before.isEmpty || body != nil {
            let view: UnsafeMutablePointer<GtkWidget>
            if let body, deck.bodiesAreMarkdown {
                view = Self.markdownText(body, after: before)
            } else {
                view = SheetParts.longText([before, body ?? ""].filter { !$0.isEmpty }.joined(separator: "\n\n"))
            }
            cs_accessible_set_label(OpaquePointer(view), String(format: tr("Text of “%@”"), card.shownTitle))
            gtk_widget_set_margin_top(view, 6)
            gtk_box_append(text.cast(), view)
        }
        gtk_box_append(column.cast(), text)

        let facts = BoxedList()
        factList = facts
        decisionValue = SheetParts.fact(tr("Decision"), "", in: facts.list).value
        whenRow = SheetParts.fact(tr("Decided"), "", in: facts.list)
        // The card's own file: a card of a folder of files shows its thumbnail or its type's icon, never
        // described as the file.
        if let path = card.filePath, path != card.imagePath {
            let url = URL(fileURLWithPath: path)
            SheetParts.fact(tr("File"), FileNameEncoding.displayName(of: url), in: facts.list)
            SheetParts.fact(tr("Folder"), FileNameEncoding.displayName(url.deletingLastPathComponent().path), in: facts.list)
            if let status = FileStatus(path: path) {
                SheetParts.fact(tr("Size"), ByteCount.text(status.size), in: facts.list)
            } else {
                SheetParts.fact(tr("Size"), tr("The file is not in its folder any more"), in: facts.list)
            }
            if let type = ContentType.description(ofFileNamed: url.lastPathComponent) {
                SheetParts.fact(tr("Type"), type, in: facts.list)
            }
        } else if let path = card.imagePath {
            let url = URL(fileURLWithPath: path)
            if card.filePaths.count > 1 {
                // Every file of a pair or a Live Photo, since every action on the card takes them all.
                let kind = card.isLivePhoto ? tr("Live Photo") : ImageFolderDeck.pairLabel
                SheetParts.fact(tr("Kind"), card.isRawJPEGPair && card.isLivePhoto ? "\(ImageFolderDeck.pairLabel), \(kind)" : kind, in: facts.list)
                let names = card.filePaths.map { FileNameEncoding.displayName(of: URL(fileURLWithPath: $0)) }
                SheetParts.fact(tr("Files"), names.joined(separator: ", "), in: facts.list)
            } else {
                if card.isVideo { SheetParts.fact(tr("Kind"), tr("Video"), in: facts.list) }
                SheetParts.fact(tr("File"), FileNameEncoding.displayName(of: url), in: facts.list)
            }
            SheetParts.fact(tr("Folder"), FileNameEncoding.displayName(url.deletingLastPathComponent().path), in: facts.list)
            pixelSize = SheetParts.fact(tr("Size"), "…", in: facts.list)
            shooting = ShootingFacts(in: facts.list)
            // A pair's RAW is the camera's original: its data, and its full size. A video's are its poster's.
            if !card.isVideo { readMetadata(of: card.rawPath ?? path, isRaw: card.rawPath != nil) }
            if !sidecars.isEmpty {
                let names = sidecars.map { FileNameEncoding.displayName(of: URL(fileURLWithPath: $0)) }
                SheetParts.fact(tr("XMP sidecar"), names.joined(separator: ", "), in: facts.list)
            }
            if let marks = CardShownText.spokenBadge(of: session.marks[cardIndex]) {
                SheetParts.fact(tr("Marked before"), marks, in: facts.list)
            }
            if let burst = session.burstDetail(of: cardIndex) {
                SheetParts.fact(tr("Burst"), burst, in: facts.list)
            }
        }
        if let link = card.openableLink {
            SheetParts.fact(tr("Link"), card.linkSite ?? link, in: facts.list)
        }
        gtk_box_append(column.cast(), facts.widget)
        gtk_box_append(column.cast(), recordBox)

        let buttons = SheetParts.buttonRow()
        for direction in SwipeDirection.allCases where deck.allowedDirections.contains(direction) {
            let button = SheetParts.button(deck.label(for: direction), classes: ["decide", direction.rawValue])
            gtk_widget_set_tooltip_text(button, "\(deck.label(for: direction)) (\(decideButtons.count + 1))")
            signals.connect(button.raw, .void("clicked")) { [weak self] in self?.decide(direction) }
            SheetParts.append(button, to: buttons)
            decideButtons.append((direction, button))
        }
        gtk_box_append(column.cast(), buttons)

        // One above the other where the window is too narrow for them side by side (German at 360 pt).
        let more = SheetParts.buttonRow()
        gtk_widget_set_halign(more, GTK_ALIGN_CENTER)
        let returnButton = SheetParts.button(tr("_Return to Deck"), classes: ["pill"])
        signals.connect(returnButton.raw, .void("clicked")) { [weak self] in self?.returnToDeck() }
        self.returnButton = returnButton
        let info = SheetParts.button(tr("Deck _Info"), classes: ["pill"])
        gtk_widget_set_tooltip_text(info, tr("Deck Info (Ctrl+I)"))
        signals.connect(info.raw, .void("clicked")) { [weak self] in self?.onDeckInfo?() }
        SheetParts.append(returnButton, to: more)
        SheetParts.append(info, to: more)
        if let link = card.openableLink {
            let open = SheetParts.button(tr("Open _Link"), classes: ["pill"])
            // The whole address, so where the button leads is known before it is pressed.
            gtk_widget_set_tooltip_text(open, link)
            signals.connect(open.raw, .void("clicked")) { Self.open(link, from: open) }
            SheetParts.append(open, to: more)
        }
        gtk_box_append(column.cast(), more)
    }

    /// A Markdown body read longer than this, in bytes, is rendered off the main thread: the sheet opens at
    /// once and the text arrives a moment later, as a long text's later slices do.
    static let markdownOnMainThreadLimit = 65_536

    /// A view of `body` as a reader sees its Markdown, after the plain text `before` (a long title).
    private static func markdownText(_ body: String, after before: String) -> UnsafeMutablePointer<GtkWidget> {
        let lead = before.isEmpty ? "" : before + "\n\n"
        guard body.utf8.count > markdownOnMainThreadLimit else {
            let shown = MarkdownRenderer.render(body, after: lead)
            return SheetParts.longText(shown.text, spans: shown.spans)
        }
        let view = SheetParts.longText("")
        let kept = SendableWidget(ObjectReference(retaining: view))
        DispatchQueue.global(qos: .userInitiated).async {
            let shown = MarkdownRenderer.render(body, after: lead)
            MainContext.invoke {
                TextFeed(shown.text, spans: shown.spans, into: kept.reference.pointer, longest: SheetParts.longestParagraph, longestWord: SheetParts.longestWord)
            }
        }
        return view
    }

    /// Opens `link` in the desktop's browser (or mail program) through GTK, which goes through the portal when
    /// the app is sandboxed: the app itself never touches the network.
    private static func open(_ link: String, from widget: UnsafeMutablePointer<GtkWidget>) {
        let window: UnsafeMutablePointer<GtkWindow>? = gtk_widget_get_root(widget).map { $0.cast() }
        gtk_show_uri(window, link, UInt32(GDK_CURRENT_TIME))
        Trace.log("details: opened link \(link)")
    }

    /// The photo at the sheet's full width, decoded in the background; its pixel size fills the Size row.
    private func picture(_ path: String) -> UnsafeMutablePointer<GtkWidget> {
        let picture = created(gtk_picture_new())
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        gtk_widget_set_size_request(picture, -1, Int32(CardDetailsSheet.minimumPictureHeight))
        gtk_widget_add_css_class(picture, "sheet-picture")
        cs_accessible_set_label(OpaquePointer(picture), String(format: tr("Photo: %@"), FileNameEncoding.displayName(of: URL(fileURLWithPath: path))))
        // Kept alive until the decode is done, however soon the sheet closes.
        let kept = ObjectReference(retaining: picture)
        let scale = Int(max(1, gtk_widget_get_scale_factor(picture)))
        let width = Int(SheetTuning.maximumWidth) * scale
        if deck.cards[cardIndex].isVideo {
            cs_accessible_set_label(OpaquePointer(picture), String(format: tr("Video: %@"), FileNameEncoding.displayName(of: URL(fileURLWithPath: path))))
            VideoPoster.read(at: path, width: width, height: width, fit: .contain) { [weak self] result in
                switch result {
                case .success(let poster):
                    gtk_picture_set_paintable(OpaquePointer(kept.pointer), poster.texture.pointer)
                    Self.fitHeight(of: kept.pointer, pixelWidth: poster.pixelWidth, pixelHeight: poster.pixelHeight)
                    let size = String(format: tr("%1$ld × %2$ld pixels"), poster.pixelWidth, poster.pixelHeight)
                    self?.pixelSize.map { gtk_label_set_text(OpaquePointer($0.value), [size, poster.length].compactMap { $0 }.joined(separator: " · ")) }
                case .failure(let failure):
                    gtk_widget_set_visible(kept.pointer, 0)
                    self?.pixelSize.map { gtk_label_set_text(OpaquePointer($0.value), String(format: tr("Can't play this video: %@"), "\(failure)")) }
                }
            }
            return picture
        }
        ImageDecoder.decodePhoto(at: path, orRaw: deck.cards[cardIndex].rawPath, width: width, height: 1) { [weak self] result, jpegFailure in
            if let jpegFailure, let facts = self?.factList {
                // The pair's JPEG can't be shown: the RAW's preview is, and the details say why.
                SheetParts.fact(tr("JPEG"), String(format: tr("Not shown: %@; this is the RAW's preview"), "\(jpegFailure)"), in: facts.list)
            }
            switch result {
            case .success(let picture):
                gtk_picture_set_paintable(OpaquePointer(kept.pointer), picture.texture.pointer)
                Self.fitHeight(of: kept.pointer, pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight)
                self?.shownPhoto = (kept.pointer, picture.texture, Size(width: Double(picture.pixelWidth), height: Double(picture.pixelHeight)))
                if let metadata = picture.metadata {
                    self?.show(metadata)
                } else if self?.metadataShown != true {
                    self?.pixelSize.map { gtk_label_set_text(OpaquePointer($0.value), String(format: tr("%1$ld × %2$ld pixels"), picture.pixelWidth, picture.pixelHeight)) }
                }
            case .failure(let failure):
                gtk_widget_set_visible(kept.pointer, 0)
                // A photo moved to the trash (or a folder) is not damaged: where it went is said instead.
                let said = self?.session.awayFiles[path] ?? String(format: tr("Can't show this image: %@"), "\(failure)")
                self?.pixelSize.map { gtk_label_set_text(OpaquePointer($0.value), said) }
            }
        }
        let click = created(gtk_gesture_click_new())
        signals.connect(click.raw, .press("pressed")) { [weak self] count, x, y in
            if count == 2 { self?.zoom(at: Point(x: x, y: y)) }
        }
        gtk_widget_add_controller(picture, click)
        return picture
    }

    /// Asks for the height of `picture`'s width for a picture of `pixelWidth` × `pixelHeight` (no taller than the
    /// sheet is wide, for a portrait one): a box gives a picture only the height it asks for.
    private static func fitHeight(of picture: UnsafeMutablePointer<GtkWidget>, pixelWidth: Int, pixelHeight: Int) {
        let width = Double(gtk_widget_get_width(picture))
        guard width > 0, pixelWidth > 0, pixelHeight > 0 else { return }
        let height = min(width * Double(pixelHeight) / Double(pixelWidth), SheetTuning.maximumWidth)
        gtk_widget_set_size_request(picture, -1, Int32(max(minimumPictureHeight, height.rounded())))
    }

    /// Zooms the photo from its place in the sheet, at `point` of the picture (its centre when nil).
    private func zoom(at point: Point?) {
        guard let shownPhoto, let onZoom else { return }
        let width = Double(gtk_widget_get_width(shownPhoto.widget))
        let height = Double(gtk_widget_get_height(shownPhoto.widget))
        // The picture is drawn whole and centred in its widget, as GtkPicture keeps a paintable's aspect.
        let scale = min(width / shownPhoto.pixelSize.width, height / shownPhoto.pixelSize.height)
        let home = PhotoZoom.View(scale: scale, origin: Point(x: (width - shownPhoto.pixelSize.width * scale) / 2,
                                                              y: (height - shownPhoto.pixelSize.height * scale) / 2))
        let card = deck.cards[cardIndex]
        guard let path = card.imagePath else { return }
        onZoom(PhotoZoomSource(path: path, raw: card.rawPath, name: card.shownTitle, pixelSize: shownPhoto.pixelSize, picture: shownPhoto.texture, home: home,
                               widget: shownPhoto.widget), point)
    }

    /// Reads what the photo's file says of the shot in the background (of a pair, the RAW's).
    private func readMetadata(of path: String, isRaw: Bool) {
        ImageDecoder.metadata(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path), isRaw: isRaw) { [weak self] metadata in
            if let metadata { self?.show(metadata) }
        }
    }

    /// Lists every field of the card's record under a heading, each with the parts of the card it fills.
    private func show(_ record: CardRecord) {
        guard gtk_widget_get_first_child(recordBox) == nil else { return }
        let heading = SheetParts.text(tr("Fields"), classes: ["heading"])
        gtk_widget_set_margin_top(heading, 6)
        gtk_box_append(recordBox.cast(), heading)
        let list = BoxedList()
        for field in record.fields {
            let value = field.value.map { RecordFieldText.shown($0) } ?? tr("Empty")
            let row = SheetParts.fact(field.name, value, in: list.list)
            if let parts = RecordFieldText.parts(field.parts) {
                adw_action_row_set_subtitle(row.row.cast(), parts)
            }
        }
        cs_accessible_set_label(OpaquePointer(list.list), tr("Fields"))
        gtk_box_append(recordBox.cast(), list.widget)
        Trace.log("details: \(record.fields.count) fields")
    }

    /// Whether the file's own data has been shown (its full size wins over the decoded picture's).
    private var metadataShown = false

    /// The shot's data; its full pixel size (a RAW's sensor picture, where its preview's would mislead); and the
    /// day it was taken in place of the file's, as the card shows it.
    private func show(_ metadata: PhotoMetadata) {
        metadataShown = true
        shooting?.show(metadata.shooting)
        if let pixelSize, let size = metadata.uprightPixelSize {
            gtk_label_set_text(OpaquePointer(pixelSize.value), String(format: tr("%1$ld × %2$ld pixels"), size.width, size.height))
        }
        let card = deck.cards[cardIndex]
        if deck.isPhotoDeck, let subtitleLabel, let subtitle = card.shownSubtitle, let day = metadata.shooting.captureTime?.dayText {
            gtk_label_set_text(OpaquePointer(subtitleLabel), ImageFolderDeck.subtitle(subtitle, redatedTo: day))
        }
    }

    /// The least a photo takes before it is decoded, in points, so the sheet doesn't jump much when it is.
    static let minimumPictureHeight = 160.0

    private func update() {
        let direction = session.progress.direction(of: cardIndex)
        if let decisionValue {
            gtk_label_set_text(OpaquePointer(decisionValue), direction.map { deck.label(for: $0) } ?? tr("Not decided yet"))
        }
        if let whenRow {
            let date = direction == nil ? nil : decidedAt(cardIndex)
            gtk_widget_set_visible(whenRow.row, date == nil ? 0 : 1)
            if let date { gtk_label_set_text(OpaquePointer(whenRow.value), Self.dateFormatter.string(from: date)) }
        }
        for (buttonDirection, button) in decideButtons {
            let current = buttonDirection == direction
            // The current decision's button says so and does nothing.
            gtk_widget_set_sensitive(button, current ? 0 : 1)
            if current { gtk_widget_add_css_class(button, "suggested-action") } else { gtk_widget_remove_css_class(button, "suggested-action") }
        }
        returnButton.map { gtk_widget_set_sensitive($0, direction == nil ? 0 : 1) }
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }()

    // MARK: Steps

    /// 1–4 decide, in the buttons' order, as on the Browse page.
    private func keyPressed(_ keyval: UInt32) -> Bool {
        if [GDK_KEY_z, GDK_KEY_Z].contains(Int32(bitPattern: keyval)), shownPhoto != nil {
            zoom(at: nil)
            return true
        }
        let key = Int32(bitPattern: keyval)
        let index: Int32 = switch key {
        case GDK_KEY_1...GDK_KEY_4: key - GDK_KEY_1
        case GDK_KEY_KP_1...GDK_KEY_KP_4: key - GDK_KEY_KP_1
        default: -1
        }
        guard decideButtons.indices.contains(Int(index)) else { return false }
        decide(decideButtons[Int(index)].direction)
        return true
    }

    private func decide(_ direction: SwipeDirection) {
        let title = deck.cards[cardIndex].shownTitle
        let label = deck.label(for: direction)
        guard let step = session.perform({ $0.decide(cardIndex, direction) }) else { return }
        if case .move(_, let old) = step {
            onToast?(String(format: tr("“%1$@” moved from “%2$@” to “%3$@”"), title, deck.label(for: old), label), true)
        } else {
            onToast?(String(format: tr("“%1$@”: %2$@"), title, label), true)
        }
    }

    private func returnToDeck() {
        guard session.perform({ $0.returnToDeck(cardIndex) }) != nil else { return }
        onToast?(String(format: tr("“%@” is back in the deck"), deck.cards[cardIndex].shownTitle), true)
    }
}

/// A widget kept alive while a background thread renders its text; only the main thread touches it.
private struct SendableWidget: @unchecked Sendable {
    let reference: ObjectReference<UnsafeMutablePointer<GtkWidget>>

    init(_ reference: ObjectReference<UnsafeMutablePointer<GtkWidget>>) {
        self.reference = reference
    }
}
