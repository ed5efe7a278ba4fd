// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackFiles
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport

/// Opening decks: read off the main thread, the loading page of a deck that takes a while, Cancel, and what the
/// window shows when a deck can't be opened.
extension MainWindow {
    /// A deck being read off the main thread: where from, and how far it has come.
    @MainActor
    final class DeckLoad {
        let url: URL
        let progress = DeckLoadProgress()
        /// What the reading thread found, for `settleLoad(within:)` to take without waiting for the main loop.
        fileprivate let outcome = Handoff<Result<Deck, DeckLoadError>>()
        /// Shown once the deck has taken longer than `DeckLoadingPage.delay`.
        var page: DeckLoadingPage?

        init(url: URL) {
            self.url = url
        }
    }

    /// Opens the deck at `url` in place of the current one, read off the main thread so the window stays
    /// responsive; a deck that takes a while shows its progress with Cancel. Opening another deck meanwhile
    /// cancels this one. On failure says why and keeps the current deck.
    func open(_ url: URL) {
        if let loading { cancel(loading, showing: false) }
        let load = DeckLoad(url: url)
        loading = load
        let extensions = ImageDecoder.supportedExtensions
        let progress = load.progress
        let outcome = load.outcome
        DispatchQueue.global(qos: .userInitiated).async {
            let result: Result<Deck, DeckLoadError>
            do throws(DeckLoadError) {
                result = .success(try DeckLoader.load(from: url, imageExtensions: extensions, progress: progress))
            } catch {
                result = .failure(error)
            }
            outcome.hand(result)
            MainContext.invoke { [weak self] in self?.finish(load, with: result) }
        }
        TimeoutCallback.add(milliseconds: DeckLoadingPage.delay) { [weak self] in
            if let self, loading === load { showLoadingPage(for: load) }
            return false
        }
    }

    /// At launch, with the window presented but not yet painted: waits up to `milliseconds` for the deck being
    /// read and shows it at once, so a deck that reads quickly is in the first frame instead of an empty
    /// window. A slower deck goes on in the background, with its loading page when it is due.
    func settleLoad(within milliseconds: Int) {
        guard let loading, let result = loading.outcome.wait(until: Date(timeIntervalSinceNow: Double(milliseconds) / 1_000)) else { return }
        finish(loading, with: result)
    }

    /// Puts `load`'s page in place of the pages, following its progress until it ends.
    private func showLoadingPage(for load: DeckLoad) {
        let page = DeckLoadingPage(name: FileNameEncoding.displayName(of: load.url)) { [weak self] in
            guard let self, loading === load else { return }
            cancel(load, showing: true)
        }
        load.page = page
        if let old = gtk_stack_get_child_by_name(contentStack, "loading") { gtk_stack_remove(contentStack, old) }
        gtk_stack_add_named(contentStack, page.widget, "loading")
        gtk_stack_set_visible_child_name(contentStack, "loading")
        gtk_widget_set_sensitive(switcherTitle.cast(), 0)
        page.focus()
        Trace.log("loading page shown for \(FileNameEncoding.displayName(of: load.url))")
        TimeoutCallback.add(milliseconds: DeckLoadingPage.updateInterval) { [weak self] in
            guard let self, loading === load else { return false }
            page.show(load.progress.snapshot)
            return true
        }
    }

    /// Stops reading `load`; `showing` brings back what was on show before (the deck, or a page to open one).
    private func cancel(_ load: DeckLoad, showing: Bool) {
        load.progress.cancel()
        loading = nil
        Trace.log("open cancelled: \(FileNameEncoding.displayName(of: load.url))")
        hideLoadingPage()
        if showing && deckPage == nil {
            showOpenError(
                "Opening was cancelled before the deck was read.",
                file: load.url,
                title: "No Deck Open",
                icon: "document-open-symbolic",
                retry: true
            )
        }
    }

    private func hideLoadingPage() {
        gtk_stack_set_visible_child_name(contentStack, "pages")
        gtk_widget_set_sensitive(switcherTitle.cast(), 1)
        if let old = gtk_stack_get_child_by_name(contentStack, "loading") { gtk_stack_remove(contentStack, old) }
    }

    /// Shows what reading `load` gave, unless another open or Cancel came first.
    private func finish(_ load: DeckLoad, with result: Result<Deck, DeckLoadError>) {
        guard loading === load else { return }
        loading = nil
        let hadFocus = load.page != nil
        hideLoadingPage()
        let url = load.url
        switch result {
        case .success(let deck):
            let key = DeckKey(url: url)
            let progress = journal.progress(for: deck, key: key)
            show(deck, progress: progress, key: key)
            deckAwaitingFrame = deck.title
            journal.opened(deck, key: key)
            settings.setString("last-deck", url.standardizedFileURL.path)
            updateRecentMenu(showing: key)
            let front = progress?.frontCardIndex.map { deck.cards[$0].id } ?? deck.cards.first?.id ?? "none"
            Trace.log("opened \(deck.title): \(progress?.decidedCount ?? 0) of \(deck.cards.count) decided, front \(progress?.isFinished == true ? "none" : front)")
        case .failure(let error):
            // Say which file, unless the message already names it.
            let name = FileNameEncoding.displayName(of: url)
            let message = error.description.contains(name) ? error.description : "\(name): \(error.description)"
            // Also for whoever started CardStack from a terminal with a path.
            StandardError.report(message)
            Trace.log("open failed: \(message)")
            // An error stays until it is read: on the page when there is no deck to show (never silently the
            // sample deck instead), in a dialog over the deck that stays open otherwise.
            if deckPage == nil {
                showOpenError(error.description, file: url)
            } else {
                presentOpenError(error.description, file: url)
            }
        }
        if hadFocus { deckPage?.focusDeck() }
    }

    /// A dialog over the open deck that says why `file` can't be opened, with the whole message.
    private func presentOpenError(_ message: String, file: URL) {
        let dialog = created(adw_message_dialog_new(window, "Can't Open “\(FileNameEncoding.displayName(of: file))”", VisibleControlCharacters.replacing(in: message)))
        adw_message_dialog_add_response(dialog.cast(), "close", "_Close")
        adw_message_dialog_set_default_response(dialog.cast(), "close")
        gtk_window_present(dialog.cast())
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
    /// offers `file` again first (after a cancelled open).
    private func showOpenError(
        _ message: String,
        file: URL,
        title: String = "Can't Open the Deck",
        icon: String = "dialog-error-symbolic",
        retry: Bool = false
    ) {
        if let old = adw_view_stack_get_child_by_name(viewStack, "deck") { adw_view_stack_remove(viewStack, old) }
        let page = created(adw_status_page_new())
        adw_status_page_set_icon_name(OpaquePointer(page), icon)
        adw_status_page_set_title(OpaquePointer(page), title)
        // A status page's description is Pango markup; the message names a file.
        let name = FileNameEncoding.displayName(of: file)
        let text = message.contains(name) ? message : "“\(name)”: \(message)"
        adw_status_page_set_description(OpaquePointer(page), LiteralMarkup.of(text))
        let buttons = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        var items: [(label: String, action: String, target: String?)] = [
            ("_Open Deck…", "win.open", nil), ("Open _Folder of Images…", "win.open-folder", nil),
        ]
        // A file name's underscores are its own, not mnemonics.
        func openLabel(_ url: URL) -> String { "Open “\(FileNameEncoding.displayName(of: url).replacingOccurrences(of: "_", with: "__"))”" }
        if retry {
            items.insert((openLabel(file), "win.open-recent", file.standardizedFileURL.path), at: 0)
        }
        let last = initialDeck().standardizedFileURL
        if last != data.sampleDeck.standardizedFileURL, last != file.standardizedFileURL {
            items.append((openLabel(last), "win.open-initial", nil))
        }
        if file.standardizedFileURL != data.sampleDeck.standardizedFileURL {
            items.append(("Open the _Sample Deck", "win.open-sample", nil))
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
        _ = adw_view_stack_add_titled(viewStack, page, "deck", "Deck")
        adw_view_stack_set_visible_child_name(viewStack, "deck")
    }
}
