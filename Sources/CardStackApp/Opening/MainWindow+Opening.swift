// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import CardStackLogic
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// Opening decks: read off the main thread, the loading page of a deck that takes a while, Cancel, and what the
/// window shows when a deck can't be opened.
extension MainWindow {
    /// What opening keeps between its steps, for this extension alone.
    struct Opening {
        /// The deck being read off the main thread, until it is shown, fails or is cancelled.
        fileprivate var loading: DeckLoad?
        /// The bytes the deck on show was read from and each card's place in them, kept for `--print`.
        fileprivate(set) var shownInput: (input: Data?, origins: DeckOrigins?) = (nil, nil)
        /// The records the deck on show was read from, for Card details to list every field.
        fileprivate(set) var records: CardRecordLookup?
        /// The Open As… dialog last shown, kept while it is open.
        fileprivate var openAs: OpenAsDialog?
    }

    /// Whether a deck is being read: nil when none is; else whether its loading page shows yet.
    var loadingPageShows: Bool? { opening.loading.map { $0.page != nil } }

    /// Where a deck is read from.
    enum DeckInput: Sendable, Equatable {
        /// A file or folder.
        case file(URL)
        /// What was piped in (`cardstack -`).
        case standardInput

        /// The file or folder, if there is one to name, reopen or retry.
        var url: URL? {
            if case .file(let url) = self { return url }
            return nil
        }

        /// How messages and the loading page name it.
        var displayName: String {
            switch self {
            case .file(let url): FileNameEncoding.displayName(of: url)
            case .standardInput: "standard input"
            }
        }
    }

    /// A deck as read, with what printing its chosen cards back needs when that was asked for.
    struct LoadedDeck: Sendable {
        let deck: Deck
        /// The bytes the cards were read from (kept for `--print`).
        var input: Data?
        /// Where each card was in `input`.
        var origins: DeckOrigins?
        /// Where each record of a list read from its file lies in that file, for Card details.
        var recordPlaces: DeckLoader.RecordPlaces?
        /// For a deck piped in, the SHA-256 of what was piped: the deck's key in the store.
        var digest: String?
        /// Which fields filled which parts.
        var mapping = CardFieldMapping()
        /// When and by which camera each photo was taken, when every photo was read while the deck was (see
        /// ``CaptureOrderScan/openingBudget``).
        var captureFacts: [Int: CaptureFacts]?
    }

    /// Opens the deck at `url` in place of the current one; see ``open(_:)-(DeckInput)``.
    func open(_ url: URL) {
        open(.file(url))
    }

    /// Opens the deck in `input` in place of the current one, read off the main thread so the window stays
    /// responsive; a deck that takes a while shows its progress with Cancel. Opening another deck meanwhile
    /// cancels this one. On failure says why and keeps the current deck. The fields chosen on the command line
    /// apply to this open only.
    func open(_ input: DeckInput) {
        if let loading = opening.loading { cancel(loading, showing: false) }
        let request = Self.request(for: input, launch: launch, printing: printing != nil, settings: settings)
        launch.mapping = CardFieldMapping()
        // The launch deck's read, begun before the window was made, when it reads what this open would.
        let started = launch.startedLoad
        launch.startedLoad = nil
        let load: DeckLoad
        if let started, started.request == request {
            load = started
            Trace.log("open: taking the read begun at launch")
        } else {
            started?.progress.cancel()
            load = DeckLoad(request, storedMapping: input.url.map { journal.fieldMappingLookup(of: DeckKey(url: $0)) })
        }
        opening.loading = load
        load.whenRead { [weak self] result in self?.finish(load, with: result) }
        TimeoutCallback.add(milliseconds: DeckLoadingPage.delay) { [weak self] in
            if let self, opening.loading === load, load.page == nil { showLoadingPage(for: load) }
            return false
        }
    }

    /// What opening `input` reads: the fields chosen on the command line (`launch`), for this open only, else
    /// those chosen in Open As… for this deck; the folder and photo settings; the bytes kept for `--print`.
    static func request(for input: DeckInput, launch: LaunchChoices, printing: Bool, settings: AppSettings) -> DeckRequest {
        // What was piped in can't be read again: kept, for `--print` and for Card details' fields.
        let keepsInput: Bool
        if case .standardInput = input { keepsInput = true } else { keepsInput = printing }
        return DeckRequest(
            input: input, imageExtensions: ImageDecoder.supportedExtensions,
            includesSubfolders: launch.includesSubfolders || settings.boolean(Self.includeSubfoldersKey),
            pairsRawWithJPEG: settings.boolean(Self.pairRawJPEGKey, default: Self.pairsRawWithJPEGByDefault),
            chosenMapping: launch.mapping, keepsInput: keepsInput
        )
    }

    /// Reads what `request` names on the calling thread (a background one), its cards' parts filled by `mapping`:
    /// a file or folder, or standard input to its end. With `keepsInput`, the bytes and each card's place in them
    /// are kept for `--print`.
    nonisolated static func read(_ request: DeckRequest, mapping: CardFieldMapping, progress: DeckLoadProgress) throws(DeckLoadError) -> LoadedDeck {
        let (imageExtensions, includesSubfolders, pairsRawWithJPEG, keepsInput) =
            (request.imageExtensions, request.includesSubfolders, request.pairsRawWithJPEG, request.keepsInput)
        switch request.input {
        case .standardInput:
            let data = try StandardInput.read(progress: progress)
            let read = try StandardInput.deck(from: data, title: tr("Standard Input"), mapping: mapping, keepsOrigins: keepsInput, progress: progress)
            return LoadedDeck(deck: read.deck, input: keepsInput ? data : nil, origins: read.origins, digest: Checksum.sha256(of: data))
        case .file(let url):
            guard keepsInput else {
                let read = try DeckLoader.loadNotingRecords(from: url, imageExtensions: imageExtensions, includesSubfolders: includesSubfolders,
                                                            pairsRawWithJPEG: pairsRawWithJPEG, mapping: mapping, progress: progress)
                return LoadedDeck(deck: read.deck, recordPlaces: read.places)
            }
            let read = try DeckLoader.loadKeepingInput(from: url, imageExtensions: imageExtensions, includesSubfolders: includesSubfolders,
                                                       pairsRawWithJPEG: pairsRawWithJPEG, mapping: mapping, progress: progress)
            return LoadedDeck(deck: read.deck, input: read.input, origins: read.origins)
        }
    }

    /// Where Card details find the records of `loaded`'s cards: the bytes kept, each record's place in the deck's
    /// file, or the file read again; none for a deck without records (a folder, lines of text, a CardStack deck).
    private static func records(of loaded: LoadedDeck, from input: DeckInput) -> CardRecordLookup? {
        guard loaded.deck.cardsHaveRecords else { return nil }
        if let data = loaded.input, let origins = loaded.origins { return CardRecordLookup(source: .kept(data, origins), mapping: loaded.mapping) }
        guard let url = input.url, FileStatus(path: url.path)?.kind == .regularFile else { return nil }
        if let places = loaded.recordPlaces { return CardRecordLookup(source: .placed(url, places), mapping: loaded.mapping) }
        return CardRecordLookup(source: .file(url), mapping: loaded.mapping)
    }

    /// At launch, with the window presented but not yet painted: waits up to `milliseconds` for the deck being
    /// read and shows it at once, so a deck that reads quickly is in the first frame instead of an empty
    /// window. A slower deck goes on in the background, with its loading page when it is due; one whose rate
    /// says it will take far longer (``DeckLoadingPage/longRead``) shows its page in the first frame instead.
    func settleLoad(within milliseconds: Int) {
        guard let loading = opening.loading else { return }
        let start = Date()
        let deadline = start.addingTimeInterval(Double(milliseconds) / 1_000)
        let forecast = DeckLoadForecast(from: loading.progress.snapshot, at: 0)
        while true {
            let look = min(deadline, Date().addingTimeInterval(Double(DeckLoadingPage.launchLookInterval) / 1_000))
            if let result = loading.outcome.wait(until: look) {
                finish(loading, with: result)
                return
            }
            let now = Date()
            guard now < deadline else { return }
            if let remaining = forecast.remaining(loading.progress.snapshot, at: now.timeIntervalSince(start)),
               remaining > DeckLoadingPage.longRead {
                Trace.log("open: \(Int(remaining * 1_000)) ms of reading foretold; loading page in the first frame")
                showLoadingPage(for: loading)
                return
            }
        }
    }

    /// Puts `load`'s page in place of the pages, following its progress until it ends.
    private func showLoadingPage(for load: DeckLoad) {
        let page = DeckLoadingPage(name: load.input.displayName) { [weak self] in
            guard let self, opening.loading === load else { return }
            cancel(load, showing: true)
        }
        load.page = page
        if let old = gtk_stack_get_child_by_name(contentStack, "loading") { gtk_stack_remove(contentStack, old) }
        nameStackPage(gtk_stack_add_named(contentStack, page.widget, "loading"), String(format: tr("Opening “%@”"), VisibleControlCharacters.replacing(in: load.input.displayName)))
        gtk_stack_set_visible_child_name(contentStack, "loading")
        gtk_widget_set_sensitive(headerSwitcher.widget, 0)
        page.focus()
        Trace.log("loading page shown for \(load.input.displayName)")
        TimeoutCallback.add(milliseconds: DeckLoadingPage.updateInterval) { [weak self] in
            guard let self, opening.loading === load else { return false }
            page.show(load.progress.snapshot)
            return true
        }
    }

    /// Stops reading `load`; `showing` brings back what was on show before (the deck, or a page to open one).
    private func cancel(_ load: DeckLoad, showing: Bool) {
        load.progress.cancel()
        opening.loading = nil
        Trace.log("open cancelled: \(load.input.displayName)")
        hideLoadingPage()
        if showing && deckPage == nil {
            showOpenError(
                tr("Opening was cancelled before the deck was read."),
                input: load.input,
                title: tr("No Deck Open"),
                icon: "document-open-symbolic",
                retry: true
            )
        }
    }

    private func hideLoadingPage() {
        gtk_stack_set_visible_child_name(contentStack, "pages")
        gtk_widget_set_sensitive(headerSwitcher.widget, 1)
        if let old = gtk_stack_get_child_by_name(contentStack, "loading") { gtk_stack_remove(contentStack, old) }
    }

    /// Shows what reading `load` gave, unless another open or Cancel came first.
    private func finish(_ load: DeckLoad, with result: Result<LoadedDeck, DeckLoadError>) {
        guard opening.loading === load else { return }
        opening.loading = nil
        let hadFocus = load.page != nil
        hideLoadingPage()
        switch result {
        case .success(let loaded):
            var deck = loaded.deck
            FileIcons.fill(&deck)
            let key: DeckKey
            switch load.input {
            case .file(let url):
                key = DeckKey(url: url)
                settings.setString("last-deck", url.standardizedFileURL.path)
            case .standardInput:
                // Keyed by what was piped in, so the same list resumes where it stopped; not a recent deck, as
                // there is nothing to reopen.
                key = DeckKey(standardInputDigest: loaded.digest ?? "")
            }
            // Recent Decks is in a menu, which the first frame doesn't show; it leaves out the deck on show.
            whenFirstFramePainted { [weak self] in
                if case .file = load.input { self?.journal.opened(deck, key: key) }
                self?.updateRecentMenu(showing: key)
            }
            let progress = journal.progress(for: deck, key: key)
            show(deck, progress: progress, key: key, captureFacts: loaded.captureFacts)
            opening.shownInput = (loaded.input, loaded.origins)
            opening.records = Self.records(of: loaded, from: load.input)
            traceFirstFrame(ofDeck: deck.title)
            prepareSheetsOnce()
            let front = progress?.frontCardIndex.map { deck.cards[$0].id } ?? deck.cards.first?.id ?? "none"
            Trace.log("opened \(deck.title): \(progress?.decidedCount ?? 0) of \(deck.cards.count) decided, front \(progress?.isFinished == true ? "none" : front)")
            if deck.skippedFolders > 0 {
                // Said, not an error: the folders that could be read are all in the deck.
                toast(String(format: trn("%ld subfolder skipped: it can't be read or was already listed",
                                         "%ld subfolders skipped: they can't be read or were already listed", deck.skippedFolders),
                             deck.skippedFolders))
                Trace.log("skipped \(deck.skippedFolders) subfolders")
            }
            // Photos no installed loader reads would be file icons, or left out, without a word.
            for (format, count) in deck.photosWithoutLoader.sorted(by: { $0.key < $1.key }) {
                let package = LoaderFormat.packages[format] ?? format
                toast(String(format: trn("%1$ld %2$@ photo can't be shown: its image loader is not installed (%3$@)",
                                         "%1$ld %2$@ photos can't be shown: their image loader is not installed (%3$@)", count),
                             count, format.uppercased(), package))
            }
        case .failure(let error):
            // Say which file, unless the message already names it.
            let name = load.input.displayName
            let message = error.description.contains(name) ? error.description : "\(name): \(error.description)"
            // Also for whoever started CardStack from a terminal with a path.
            StandardError.report(message)
            Trace.log("open failed: \(message)")
            // A script waiting for the printed cards hears at once that there will be none (exit status 2).
            if printing != nil, deckPage == nil {
                onUnreadableDeck?()
                return
            }
            // An error stays until it is read: on the page when there is no deck to show (never silently the
            // sample deck instead), in a dialog over the deck that stays open otherwise.
            if deckPage == nil {
                showOpenError(error.description, input: load.input)
            } else {
                presentOpenError(error.description, name: name)
            }
        }
        if hadFocus { deckPage?.focusDeck() }
    }

    /// A dialog over the open deck that says why the deck called `name` can't be opened, with the whole message.
    private func presentOpenError(_ message: String, name: String) {
        let dialog = created(adw_message_dialog_new(window, String(format: tr("Can't Open “%@”"), name), VisibleControlCharacters.replacing(in: message)))
        adw_message_dialog_add_response(dialog.cast(), "close", tr("_Close"))
        adw_message_dialog_set_default_response(dialog.cast(), "close")
        presentNamingButtons(dialog.cast())
    }

    /// Opens the last deck, or the bundled sample deck on first run or when the last one is gone.
    func openInitialDeck() {
        guard deckPage == nil else { return }
        // A last deck that can't be opened any more shows why, with the sample deck a button away.
        open(initialDeck())
    }

    /// The last deck when it is still there, else the sample deck.
    func initialDeck() -> URL {
        let last = settings.string("last-deck")
        return !last.isEmpty && FileStatus(path: last) != nil ? URL(fileURLWithPath: last) : data.sampleDeck
    }

    /// The page in place of the deck when the deck asked for can't be opened and none is open: the whole
    /// message (position and fix), and ways on: another deck or folder, or the last (or sample) deck; `retry`
    /// offers the file again first (after a cancelled open).
    private func showOpenError(
        _ message: String,
        input: DeckInput,
        title: String? = nil,
        icon: String = "dialog-error-symbolic",
        retry: Bool = false
    ) {
        if let old = adw_view_stack_get_child_by_name(viewStack, "deck") { adw_view_stack_remove(viewStack, old) }
        let page = created(adw_status_page_new())
        adw_status_page_set_icon_name(OpaquePointer(page), icon)
        adw_status_page_set_title(OpaquePointer(page), title ?? tr("Can't Open the Deck"))
        // A status page's description is Pango markup; the message names a file.
        let name = input.displayName
        let text = message.contains(name) ? message : "“\(name)”: \(message)"
        adw_status_page_set_description(OpaquePointer(page), LiteralMarkup.of(text))
        let buttons = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        var items: [(label: String, action: String, target: String?)] = [
            (tr("_Open Deck…"), "win.open", nil), (tr("Open _Folder…"), "win.open-folder", nil),
        ]
        // A file name's underscores are its own, not mnemonics.
        func openLabel(_ url: URL) -> String { String(format: tr("Open “%@”"), FileNameEncoding.displayName(of: url).replacingOccurrences(of: "_", with: "__")) }
        let file = input.url?.standardizedFileURL
        if retry, let file {
            items.insert((openLabel(file), "win.open-recent", file.path), at: 0)
        }
        let last = initialDeck().standardizedFileURL
        if last != data.sampleDeck.standardizedFileURL, last != file {
            items.append((openLabel(last), "win.open-initial", nil))
        }
        if file != data.sampleDeck.standardizedFileURL {
            items.append((tr("Open the _Sample Deck"), "win.open-sample", nil))
        }
        for (index, (label, action, target)) in items.enumerated() {
            let button = mnemonicButton(label)
            gtk_actionable_set_action_name(OpaquePointer(button), action)
            if let target { gtk_actionable_set_action_target_value(OpaquePointer(button), g_variant_new_string(target)) }
            gtk_widget_add_css_class(button, "pill")
            if index == 0 { gtk_widget_add_css_class(button, "suggested-action") }
            gtk_box_append(buttons.cast(), button)
        }
        adw_status_page_set_child(OpaquePointer(page), buttons)
        _ = adw_view_stack_add_titled(viewStack, page, "deck", tr("Deck"))
        adw_view_stack_set_visible_child_name(viewStack, "deck")
    }

    /// Open As…: choose which fields fill the open deck's cards, see the first cards, and open it so; the choice
    /// is kept for the deck.
    func showOpenAs() {
        guard let key = current?.key, let url = current?.deck.source, !url.hasDirectoryPath, FileStatus(path: url.path)?.kind == .regularFile else {
            toast(tr("Open As… chooses the fields of a list opened from a file"))
            return
        }
        switch OpenAsDialog.make(for: url, current: journal.fieldMapping(of: key), over: window) {
        case .failure(let error):
            // The whole sentence, which a toast would cut on a narrow window.
            let dialog = created(adw_message_dialog_new(window, tr("No Fields to Choose"), error.message))
            adw_message_dialog_add_response(dialog.cast(), "close", tr("_Close"))
            presentNamingButtons(dialog.cast())
        case .success(let dialog):
            opening.openAs = dialog
            dialog.onOpen = { [unowned self] mapping in
                journal.setFieldMapping(mapping, of: key)
                Trace.log("open as: \(mapping.chosen.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ", "))")
                open(url)
            }
            dialog.present()
        }
    }
}
