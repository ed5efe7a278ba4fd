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

/// The main window: header bar with the view switcher and primary menu, toasts, and the interaction pages.
@MainActor
final class MainWindow {
    /// Default size on first launch, in points; fits a 1280×800 laptop screen with room to spare.
    static let defaultWidth: Int32 = 900
    static let defaultHeight: Int32 = 720

    let window: UnsafeMutablePointer<GtkWindow>
    var onClose: (@MainActor () -> Void)?

    let settings: AppSettings
    let data: DataFiles
    let journal: DecisionJournal
    private let recentMenu = ObjectReference(adopting: created(g_menu_new()))
    /// The primary menu's first section, where Recent Decks appears once there are decks to list.
    private let openSection: ObjectReference<OpaquePointer>
    /// Entries in Recent Decks (GNOME apps show about 5–10).
    static let recentDeckCount = 8
    let signals = SignalGroup()
    /// The header bar, hidden in full screen.
    let header: UnsafeMutablePointer<GtkWidget>
    /// Full screen's button in the header bar (MainWindow+FullScreen).
    private let fullScreenButton = MainWindow.makeFullScreenButton()
    let viewStack: OpaquePointer
    let headerSwitcher: HeaderSwitcher
    private let toastOverlay: OpaquePointer
    let toasts: ToastPresenter
    /// The bars under the header bar, in this order: the storage banner, the sidecars' banner (each made the first
    /// time it shows, in MainWindow+Bars) and the files' progress.
    let bars = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    /// The banners under the header bar, each made the first time it shows (MainWindow+Bars).
    var banners = Banners()
    /// Card details, Deck info and History, stacked over whichever page is on show, under the toasts.
    let sheets: SheetHost
    /// A photo enlarged to check its focus, over the pages and sheets.
    let zoomView = PhotoZoomView()
    /// A burst's duel, over the pages and sheets, under the zoomed photo (MainWindow+Bursts).
    let duelView = BurstDuelView()
    /// What the sheets keep for the deck on show (MainWindow+Sheets).
    var deckSheets = DeckSheets()
    private(set) var deckPage: DeckPage?
    private var pilesPage: PilesPage?
    private(set) var browsePage: BrowsePage?
    /// The open deck's decisions, shared by the pages.
    private(set) var session: DeckSession?
    /// The deck on show and its identity in the store.
    private(set) var current: (deck: Deck, key: DeckKey)?
    private var windowActions: [String: OpaquePointer] = [:]
    /// The pages, or in their place the page of a deck that is taking a while to read.
    let contentStack: OpaquePointer
    /// What the command line chose for this run, over the settings.
    struct LaunchChoices {
        /// The fields chosen for the cards' parts, for the next deck opened (the one at launch).
        var mapping = CardFieldMapping()
        /// Whether folders opened take their subfolders' photos whatever the setting says (`--recursive`).
        var includesSubfolders = false
        /// How decisions on photos reach sidecars whatever the setting says (`--sidecars`).
        var sidecarStyle: SidecarStyle?
        /// The deck named on the command line, being read since before the window was made; the first open takes
        /// it when it asks for the same read, and cancels it otherwise.
        var startedLoad: DeckLoad?
    }
    /// What the command line chose for this run (set by the application before the first deck opens).
    var launch = LaunchChoices()
    /// Writes the open photo deck's decisions to its sidecars, when a style is chosen.
    var sidecarSync: SidecarSync?
    /// Reads the open photo deck's sidecars for the marks they had before.
    private var marksScan: SidecarMarksScan?
    /// The photo order's scan and action (MainWindow+PhotoOrder).
    var photoOrder = PhotoOrder()
    /// Shows how far files moving (to the trash, back from it) have come.
    private let fileProgressBar = FileProgressBar()
    /// Moves the files of the history's file steps, when they are made, undone and redone.
    private(set) lazy var fileSteps: FileBatchSteps = {
        let steps = FileBatchSteps()
        let bar = fileProgressBar
        steps.onProgress = { title, done, total in bar.show(title, done: done, of: total) }
        steps.onIdle = { bar.hide() }
        bar.onCancel = { [weak steps] in steps?.cancelCurrent() }
        return steps
    }()
    /// The setting behind Open Folder's "Include subfolders" switch.
    static let includeSubfoldersKey = "include-subfolders"
    /// Whether a folder opened now takes its subfolders' images too.
    var includesSubfolders: Bool { launch.includesSubfolders || settings.boolean(Self.includeSubfoldersKey) }
    /// The directions whose cards are printed when the window closes (`--print`), when asked.
    var printing: [SwipeDirection]? {
        didSet { if printing != nil, oldValue == nil { showDoneButton() } }
    }
    /// Called when, printing, the user cancels (Esc on the Deck page): nothing is to be printed.
    var onCancelPrint: (@MainActor () -> Void)?
    /// What opening a deck keeps between its steps (MainWindow+Opening).
    var opening = Opening()
    /// Called when, printing, the deck could not be read at all: there is nothing to show or print.
    var onUnreadableDeck: (@MainActor () -> Void)?

    init(application: UnsafeMutablePointer<GtkApplication>, settings: AppSettings, data: DataFiles, journal: DecisionJournal) {
        self.settings = settings
        self.data = data
        self.journal = journal
        window = created(adw_application_window_new(application)).cast()
        gtk_window_set_title(window, CardStackApplication.name)
        X11FrameMemory.keep(for: window.cast())
        viewStack = OpaquePointer(created(adw_view_stack_new()))
        headerSwitcher = HeaderSwitcher(stack: viewStack, title: CardStackApplication.name)
        toastOverlay = OpaquePointer(created(adw_toast_overlay_new()))
        toasts = ToastPresenter(overlay: toastOverlay)

        header = created(adw_header_bar_new())
        adw_header_bar_set_title_widget(OpaquePointer(header), headerSwitcher.widget)
        let menu = PrimaryMenu.button()
        openSection = menu.openSection
        adw_header_bar_pack_end(OpaquePointer(header), menu.button)
        adw_header_bar_pack_end(OpaquePointer(header), fullScreenButton)
        adw_header_bar_pack_start(OpaquePointer(header), headerSwitcher.progressLabel)

        sheets = SheetHost(content: viewStack.cast())
        contentStack = OpaquePointer(created(gtk_stack_new()))
        gtk_stack_set_transition_type(contentStack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // The zoomed photo lies over the pages and their sheets, under the toasts.
        let zoomOverlay = created(gtk_overlay_new())
        gtk_overlay_set_child(OpaquePointer(zoomOverlay), sheets.widget)
        gtk_overlay_add_overlay(OpaquePointer(zoomOverlay), duelView.root)
        gtk_overlay_add_overlay(OpaquePointer(zoomOverlay), zoomView.widget)
        duelView.takeInput(from: zoomOverlay)
        zoomView.takeInput(from: zoomOverlay)
        zoomView.onPinchToOpen = { [unowned self] point in pinchToOpen(at: point) }
        nameStackPage(gtk_stack_add_named(contentStack, zoomOverlay, "pages"), tr("Deck"))
        adw_toast_overlay_set_child(toastOverlay, contentStack.cast())
        let content = created(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        gtk_box_append(content.cast(), header)
        gtk_box_append(bars.cast(), fileProgressBar.widget)
        gtk_box_append(content.cast(), bars)
        gtk_box_append(content.cast(), toastOverlay.cast())
        // On a narrow window the switcher leaves the header for a bar at the bottom, as in any libadwaita app.
        gtk_box_append(content.cast(), headerSwitcher.bar)
        adw_application_window_set_content(window.cast(), content)

        restoreGeometry()
        signals.connect(window.raw, .bool("close-request")) { [unowned self] in
            saveGeometry()
            // The sidecars of the last decisions are written, and files on their way arrive, before the window goes.
            sidecarSync?.finish()
            fileSteps.finish()
            onClose?()
            return false
        }
        installDropTarget()
        signals.connect(window.raw, .pointer("notify::is-active")) { [unowned self] _ in
            Trace.log(gtk_window_is_active(window) != 0 ? "window active" : "window inactive")
        }
        addWindowAction("open") { [unowned self] in
            DeckChooser(.file, parent: window) { [weak self] url in self?.open(url) }
        }
        addWindowAction("open-folder") { [unowned self] in
            let chooser = DeckChooser(.deckFolder(includesSubfolders: settings.boolean(Self.includeSubfoldersKey)), parent: window) { [weak self] url in
                self?.open(url)
            }
            chooser.onIncludesSubfolders = { [weak self] includes in
                self?.settings.setBoolean(Self.includeSubfoldersKey, includes)
                self?.settings.save()
            }
        }
        addWindowAction("open-as") { [unowned self] in showOpenAs() }
        addWindowAction("open-initial") { [unowned self] in open(initialDeck()) }
        addWindowAction("open-sample") { [unowned self] in open(data.sampleDeck) }
        signals.addAction("open-recent", to: OpaquePointer(window), parameterType: cs_variant_type_string()) { [unowned self] parameter in
            guard let parameter, let path = String(borrowingGLibString: g_variant_get_string(OpaquePointer(parameter), nil)) else { return }
            open(URL(fileURLWithPath: path))
        }
        addWindowAction("export") { [unowned self] in
            guard let current else { return }
            exportActions.export(current.deck, key: current.key)
        }
        installFileActions()
        installPreferences()
        // Undo and redo belong to the window: every page shares one history.
        addWindowAction("undo") { [unowned self] in
            guard let session else { return }
            if session.undo() == nil { toast(tr("Nothing to undo")) }
        }
        // A toast's Undo: the step it names, only while that step is still the latest.
        signals.addAction("undo-step", to: OpaquePointer(window), parameterType: cs_variant_type_int64()) { [unowned self] parameter in
            guard let parameter, let session, Int(g_variant_get_int64(OpaquePointer(parameter))) == session.historyCount else { return }
            session.undo()
        }
        addWindowAction("redo") { [unowned self] in
            guard let session else { return }
            if session.redo() == nil { toast(tr("Nothing to redo")) }
        }
        addWindowAction("deck-info") { [unowned self] in showDeckInfo() }
        addWindowAction("show-help-overlay") { [unowned self] in ShortcutsWindow.present(over: window, deck: current?.deck) }
        sheets.onChange = { open in Trace.log("sheets: \(open.isEmpty ? "none" : open.joined(separator: ", "))") }
        addWindowAction("show-deck") { [unowned self] in showPage("deck") }
        addWindowAction("show-piles") { [unowned self] in showPage("piles") }
        addWindowAction("show-browse") { [unowned self] in showPage("browse") }
        addWindowAction("find") { [unowned self] in
            showPage("browse")
            browsePage?.find()
        }
        signals.connect(viewStack.raw, .pointer("notify::visible-child")) { [unowned self] _ in pageShown() }
        installArrowKeys()
        installFullScreen()
        installLinkAction()
        installPrintCancel()
        installPhotoOrder()
        ContextMenuKeys.guardAnchors(of: window, with: signals)
        journal.onProblem = { [weak self] message in self?.storageBanner.show(message) }
        // Once the first frame is painted (at launch the database may still be opening), unless a deck shown by
        // then has asked for it already; again whenever a deck is shown.
        whenFirstFramePainted { [weak self] in
            guard let self, current == nil else { return }
            updateRecentMenu()
        }
    }

    /// Recent Decks lists the last decks opened, except the one on show.
    func updateRecentMenu(showing current: DeckKey? = nil) {
        g_menu_remove_all(recentMenu.pointer)
        for recent in journal.recentDecks(limit: Self.recentDeckCount + 1) where recent.key != current {
            guard g_menu_model_get_n_items(recentMenu.pointer.cast()) < Self.recentDeckCount else { break }
            let item = ObjectReference(adopting: created(g_menu_item_new(recent.title, nil)))
            g_menu_item_set_action_and_target_value(item.pointer, "win.open-recent", g_variant_new_string(recent.path))
            g_menu_append_item(recentMenu.pointer, item.pointer)
        }
        let count = g_menu_model_get_n_items(recentMenu.pointer.cast())
        PrimaryMenu.showRecentDecks(count > 0, recentDecks: recentMenu.pointer, in: openSection.pointer)
        Trace.log("recent decks: \(count)")
    }

    /// Undo and Redo are insensitive when there is nothing to take back or make again (menu items, the Deck
    /// page's buttons and the shortcuts alike).
    private func updateHistoryActions(_ progress: DeckProgress) {
        setWindowAction("undo", enabled: progress.canUndo)
        setWindowAction("redo", enabled: progress.canRedo)
    }

    func addWindowAction(_ name: String, _ activate: @escaping @MainActor () -> Void) {
        windowActions[name] = signals.addAction(name, to: OpaquePointer(window)) { _ in activate() }
    }

    private func setWindowAction(_ name: String, enabled: Bool) {
        guard let action = windowActions[name] else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    private var exportActions: DeckExportActions {
        DeckExportActions(window: window, journal: journal) { [unowned self] message in toast(message) }
    }

    /// What the window knows of its frames (MainWindow+FirstFrame).
    var firstFrames = FirstFrames()

    /// The names of the buttons libadwaita's windows show by an icon alone (About's and Preferences' back, close
    /// and search), which GTK 4.8 speaks "GtkImage".
    static var iconButtonNames: [String: String] {
        ["go-previous-symbolic": tr("Back"), "window-close-symbolic": tr("Close"), "edit-find-symbolic": tr("Search")]
    }

    /// Shows a short message at the bottom of the window; an undoable one offers Undo of the latest step, the one
    /// it tells of.
    func toast(_ message: String, undoable: Bool = false) {
        Trace.log("toast: \(message)")
        toasts.show(message, button: undoable ? session.map { .undo(step: $0.historyCount) } : nil)
    }

    /// Switches to page `name` ("deck", "browse") when it is there.
    private func showPage(_ name: String) {
        guard adw_view_stack_get_child_by_name(viewStack, name) != nil else { return }
        adw_view_stack_set_visible_child_name(viewStack, name)
    }

    /// A page that comes into view takes the keyboard, unless a sheet has it; Browse opens on the Deck page's
    /// front card.
    private func pageShown() {
        // A menu or list left open on the page that went would keep every key of the window.
        StrandedPopovers.close(under: window.cast())
        closeZoom()
        duelView.close()
        let page = String(borrowingGLibString: adw_view_stack_get_visible_child_name(viewStack))
        if let page { buildPage(named: page) }
        // The window's panel holding the pages is spoken as the page in it.
        if let shown = adw_view_stack_get_visible_child(viewStack), let title = String(borrowingGLibString: adw_view_stack_page_get_title(adw_view_stack_get_page(viewStack, shown))),
           let pages = gtk_stack_get_child_by_name(contentStack, "pages") {
            nameStackPage(gtk_stack_get_page(contentStack, pages), title)
        }
        if page == "browse" { browsePage?.showFrontCard() }
        // The Deck and Browse pages have their buttons at the bottom, where toasts appear: toasts rise above
        // them there, so a button stays clickable while a toast shows (style.css).
        if page == "deck" || page == "browse" {
            gtk_widget_add_css_class(toastOverlay.cast(), "over-page-controls")
        } else {
            gtk_widget_remove_css_class(toastOverlay.cast(), "over-page-controls")
        }
        guard sheets.openSheets.isEmpty else { return }
        switch page {
        case "browse":
            browsePage?.focusStrip()
        case "deck":
            deckPage?.focusDeck()
        case "piles":
            pilesPage?.focusFirstPile()
        default:
            break
        }
    }

    /// Puts `deck` on the pages, with its decisions so far.
    func show(_ deck: Deck, progress: DeckProgress?, key: DeckKey, captureFacts: [Int: CaptureFacts]? = nil) {
        let deck = deck.withTranslatedDefaultLabels()
        sheets.removeAll()
        deckSheets = DeckSheets()
        let session = DeckSession(deck: deck, progress: progress)
        self.session = session
        let deckPage = DeckPage(session: session)
        self.deckPage = deckPage
        current = (deck, key)
        // Open As… chooses the fields of a list read from a file; a folder or a pipe has none to read again.
        setWindowAction("open-as", enabled: deck.source.map { !$0.hasDirectoryPath && FileStatus(path: $0.path)?.kind == .regularFile } ?? false)
        setWindowAction("copy-files", enabled: deck.cards.first?.filePath != nil)
        setWindowAction("trash-skipped", enabled: deck.cards.first?.filePath != nil)
        deckPage.deckView.sensitivity = swipeSensitivity
        deckPage.deckView.movesOnAfterRating = movesOnAfterRating
        gtk_widget_insert_action_group(window.cast(), "deck", deckPage.actionGroup.pointer)
        deckPage.onToast = { [unowned self] message, undoable in toast(message, undoable: undoable) }
        if !settings.boolean("gesture-hint-shown") {
            deckPage.showHint()
            deckPage.onHintDone = { [unowned self] in
                settings.setBoolean("gesture-hint-shown", true)
                settings.save()
            }
        }
        deckPage.onProgress = { [unowned self] progress in
            headerSwitcher.subtitle = String(format: tr("%1$ld of %2$ld decided"), progress.decidedCount, progress.totalCount)
        }
        sidecarSync = makeSidecarSync(for: deck, key: key)
        fileSteps.recover(key: key, storage: journal.storage)
        marksScan?.cancel()
        marksScan = deck.isPhotoDeck ? SidecarMarksScan(deck: deck, key: key, storage: journal.storage) { [weak session] in session?.addMarks($0) } : nil
        orderPhotos(of: session, facts: captureFacts)
        session.observe(as: self) { [unowned self] change, progress in
            // Stored first: the trace line promises the decision is on disk.
            let sequence = journal.record(change, progress: progress, of: deck, key: key)
            sidecarSync?.apply(change, progress: progress, sequence: sequence)
            fileSteps.apply(change, storage: journal.storage)
            noteDecisionDate(after: change, in: deck)
            // A reordering is no step, and says itself ("capture order: …").
            if change != .reordered { Trace.log("deck: \(change.traceLine(in: deck))") }
            updateHistoryActions(progress)
            toasts.historyMoved(to: session.historyCount)
        }
        updateHistoryActions(session.progress)
        deckPage.deckView.onActivateCard = { [unowned self] card in if !duel(card) { showDetails(card) } }
        deckPage.deckView.onZoom = { [unowned self] card, point in zoom(card, at: point) }
        closeZoom()
        duelView.close()
        // Piles and Browse are built when first shown: a person who only swipes never pays for them, and the
        // first frame comes sooner.
        pilesPage = nil
        browsePage = nil
        headerSwitcher.changingPages {
            for name in ["deck", "piles", "browse"] {
                if let old = adw_view_stack_get_child_by_name(viewStack, name) { adw_view_stack_remove(viewStack, old) }
            }
            addPage(deckPage.widget, name: "deck", title: tr("Deck"), icon: "view-paged-symbolic")
            addPage(created(adw_bin_new()), name: "piles", title: tr("Piles"), icon: "view-list-symbolic")
            addPage(created(adw_bin_new()), name: "browse", title: tr("Browse"), icon: "view-continuous-symbolic")
            adw_view_stack_set_visible_child_name(viewStack, "deck")
        }
        headerSwitcher.title = deck.title
        gtk_window_set_title(window, deck.title)
        gtk_widget_set_visible(fullScreenButton, 1)
        deckPage.isFullScreen = isFullScreen
        headerSwitcher.subtitle = String(format: tr("%1$ld of %2$ld decided"), session.progress.decidedCount, session.progress.totalCount)
        updateSwitcher()
        deckPage.focusDeck()
    }

    /// Builds the Piles or Browse page of the open deck into its place in the view stack, the first time it is
    /// shown.
    private func buildPage(named name: String) {
        guard let session, let deck = current?.deck, let place = adw_view_stack_get_child_by_name(viewStack, name) else { return }
        switch name {
        case "piles" where pilesPage == nil:
            let pilesPage = PilesPage(session: session)
            self.pilesPage = pilesPage
            pilesPage.onToast = { [unowned self] message, undoable in toast(message, undoable: undoable) }
            pilesPage.onMenuOpened = { card in Trace.log("piles: menu for \(deck.cards[card].id)") }
            pilesPage.onShowDetails = { [unowned self] card in showDetails(card) }
            adw_bin_set_child(place.cast(), pilesPage.widget)
        case "browse" where browsePage == nil:
            let browsePage = BrowsePage(session: session)
            self.browsePage = browsePage
            browsePage.onToast = { [unowned self] message, undoable in toast(message, undoable: undoable) }
            browsePage.onRest = { card in Trace.log("browse: centred \(deck.cards[card].id)") }
            browsePage.onShowDetails = { [unowned self] card in showDetails(card) }
            browsePage.movesOnAfterRating = movesOnAfterRating
            adw_bin_set_child(place.cast(), browsePage.widget)
        default:
            break
        }
    }

    /// Adds a page to the view switcher.
    private func addPage(_ widget: UnsafeMutablePointer<GtkWidget>, name: String, title: String, icon: String) {
        let page = adw_view_stack_add_titled(viewStack, widget, name, title)
        adw_view_stack_page_set_icon_name(page, icon)
    }

    /// Files or folders dropped anywhere on the window open as the deck.
    private func installDropTarget() {
        let target = created(gtk_drop_target_new(cs_type_file_list(), GDK_ACTION_COPY))
        signals.connect(target.raw, .drop("drop")) { [unowned self] value, _, _ in
            guard let path = droppedFilePaths(value).first.map(FileNameEncoding.text(fromBytes:)) else { return false }
            // Accepted whatever the file holds: what it can't be opened as is said on the page or in a dialog.
            open(URL(fileURLWithPath: path))
            return true
        }
        gtk_widget_add_controller(window.cast(), target)
    }

    /// A switcher with a single page is noise: show it only when there are pages to switch between.
    private func updateSwitcher() {
        // The pages model is a new reference ("transfer full").
        let pages = ObjectReference(adopting: created(adw_view_stack_get_pages(viewStack)))
        let count = g_list_model_get_n_items(pages.pointer)
        headerSwitcher.isSwitcherEnabled = count > 1
    }
}
