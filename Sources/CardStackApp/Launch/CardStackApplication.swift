// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackLogic
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// The application: its actions and accelerators, style sheet, settings, and the main window.
@MainActor
final class CardStackApplication {
    static let id = "io.github.cardstack.CardStack"
    static let name = "CardStack"
    static let version = "0.2.0"

    private let application: ObjectReference<UnsafeMutablePointer<AdwApplication>>
    private let signals = SignalGroup()
    private let data: DataFiles
    private let options: LaunchOptions
    private var window: MainWindow?
    private var bareWindow: BareWindow?
    /// Whether an uninstalled run's icons were given to the icon theme (once, after the first window's first frame).
    private var gaveIconsToTheme = false
    /// What to put back of GDK's debug flags once GTK has read them, when GL was not to be loaded.
    private var skippedGL: SoftwareGL.DebugFlagsToRestore?
    private lazy var settings = AppSettings(schemaDirectory: data.schemaDirectory)
    /// What `--print` answers when the window closes: the cards printed and the exit status.
    private var printed: (output: Data, status: Int32)?
    /// Whether the pipe was cancelled: the window closing prints nothing then.
    private var printCancelled = false
    /// The deck named on the command line, read from registration on, until the main window takes it.
    private var startedLoad: MainWindow.DeckLoad?
    /// The decisions' database, opened with the main window; closed at shutdown when it was opened.
    private var openedJournal: DecisionJournal?
    private var journal: DecisionJournal {
        if let openedJournal { return openedJournal }
        let journal = DecisionJournal()
        openedJournal = journal
        return journal
    }

    init(options: LaunchOptions, data: DataFiles) {
        self.options = options
        self.data = data
        // The bare window is a benchmark baseline: it must not hand over to, or wait for, a running CardStack; a
        // run that reads its own standard input or answers on its own standard output can't hand over either.
        let flags = options.mode == .bare ? G_APPLICATION_NON_UNIQUE
            : options.runsAlone ? GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_NON_UNIQUE.rawValue) : G_APPLICATION_HANDLES_OPEN
        application = ObjectReference(adopting: adw_application_new(Self.id, flags))
        // GTK starts reading the icon theme on another thread when the theme is made, and each folder added to the
        // theme after that reading has begun waits for it to end, then throws it away: the first icon drawn reads
        // the theme again on the main thread. GtkApplication adds the app's resource path so at startup, and
        // libadwaita its own after it: a few ms of waiting, then about 25 ms of reading again, here. With no resource
        // path the app's is not added, and libadwaita's is added as the theme is made, before the reading begins. The
        // app keeps nothing under a resource path that GTK or libadwaita look in; an uninstalled run's icons are
        // given to the theme after the first frame (mainWindow()).
        g_application_set_resource_base_path(application.pointer.cast(), nil)
        if case .resource(let file) = data.icons, !ResourceFile.register(path: file.path) {
            StandardError.report(String(format: tr("The app's icons can't be read from %@"), file.path))
        }
        g_set_application_name(Self.name)
        // Registered as the one CardStack (not handing over to a running one): the database starts opening on
        // another thread now, while GTK starts up (about 120 ms here), instead of with the window.
        signals.connect(application.pointer.raw, .pointer("notify::is-registered")) { [unowned self] _ in
            let gApplication: UnsafeMutablePointer<GApplication> = application.pointer.cast()
            guard case .window(let paths) = options.mode, g_application_get_is_registered(gApplication) != 0,
                  g_application_get_is_remote(gApplication) == 0 else { return }
            // The deck named starts being read now too, on a third thread, for the window to take.
            if let path = paths.first, !options.readsStandardInput, !options.isService {
                let url = URL(fileURLWithPath: path)
                let request = MainWindow.request(for: .file(url), launch: launchChoices, printing: options.printDirections != nil, settings: settings)
                startedLoad = MainWindow.DeckLoad(request, storedMapping: journal.fieldMappingLookup(of: DeckKey(url: url)))
            } else {
                _ = journal
            }
        }
        signals.connect(application.pointer.raw, .void("startup")) { [unowned self] in startup() }
        signals.connect(application.pointer.raw, .void("activate")) { [unowned self] in activate() }
        signals.connect(application.pointer.raw, .void("shutdown")) { [unowned self] in openedJournal?.close() }
        signals.connect(application.pointer.raw, .open) { [unowned self] paths, remoteURIs, _ in open(paths.map(FileNameEncoding.text(fromBytes:)), remoteURIs: remoteURIs) }
    }

    /// Runs the main loop until the last window closes; returns the exit status. With `--print`, the cards
    /// chosen go to standard output first and the status says whether every card was decided.
    ///
    /// Deck paths go to GApplication, which opens them here or, if CardStack already runs, in that instance.
    func run(programName: String) -> Int32 {
        var arguments = [programName]
        if case .window(let paths) = options.mode, !options.readsStandardInput { arguments += paths }
        // GApplication's own option: register on the bus and wait for Activate or Open rather than open a window.
        if options.isService { arguments.append("--gapplication-service") }
        let argv = arguments.map { strdup(FileNameEncoding.fileSystemRepresentation(of: $0)) }
        defer { argv.forEach { free($0) } }
        var pointers = argv + [nil]
        skippedGL = SoftwareGL.skipGLWhenDrawingWithCairo()
        if options.printDirections != nil {
            UnixSignalCallback.add(signal: SIGINT) { [weak self] in
                self?.cancelPrinting()
                return true
            }
        }
        let status = g_application_run(application.pointer.cast(), Int32(arguments.count), &pointers)
        guard status == 0, options.printDirections != nil else { return status }
        let (output, printedStatus) = printed ?? (Data(), 2)
        FileHandle.standardOutput.write(output)
        return printedStatus
    }

    private var gtkApplication: UnsafeMutablePointer<GtkApplication> { application.pointer.cast() }

    private func startup() {
        // GTK has read its debug flags: programs started from here on keep their GL.
        if let skippedGL {
            skippedGL.restore()
            Trace.log("GL not loaded: the renderer is cairo")
        }
        // Before any window: GTK picks its renderer when the first one is shown.
        if let software = SoftwareGL.preferCairoIfSoftware() { Trace.log("renderer: cairo, as GL is \(software)") }
        if case .window = options.mode {
            // The first frame's card shadow, at the scale most screens have, while the window is made and shown.
            CardShadow.cutAhead(dark: adw_style_manager_get_dark(adw_style_manager_get_default()) != 0, scale: 1, cairo: SoftwareGL.drawsWithCairo)
        }
        loadStyleSheet()
        // The windows' icon is set once the main window has painted its first frame (MainWindow.present()).
        addAction("quit", accelerators: ["<Primary>q"]) { [unowned self] in quit() }
        addAction("about") { [unowned self] in showAbout() }
        setAccelerators(["<Primary>w"], for: "window.close")
        setAccelerators(["<Primary>o"], for: "win.open")
        setAccelerators(["<Primary><Shift>o"], for: "win.open-folder")
        setAccelerators(["<Primary>z"], for: "win.undo")
        setAccelerators(["<Primary><Shift>z", "<Primary>y"], for: "win.redo")
        setAccelerators(["<Primary>question"], for: "win.show-help-overlay")
        setAccelerators(["<Primary>i"], for: "win.deck-info")
        setAccelerators(["<Primary>l"], for: "win.open-link")
        setAccelerators(["<Primary>comma"], for: "win.preferences")
        setAccelerators(["<Alt>1"], for: "win.show-deck")
        setAccelerators(["<Alt>2"], for: "win.show-piles")
        setAccelerators(["<Alt>3"], for: "win.show-browse")
        setAccelerators(["<Primary>f"], for: "win.find")
        setAccelerators(["F11"], for: "win.fullscreen")
        if settings.usesKeyFile {
            StandardError.report(String(format: tr("GSettings schema %@ is not installed; keeping settings in a key file"), AppSettings.schemaID))
        }
    }

    private func activate() {
        if options.mode == .bare {
            bareWindow = BareWindow(application: gtkApplication)
            return
        }
        let window = mainWindow()
        if options.readsStandardInput { window.open(.standardInput) } else { window.openInitialDeck() }
        window.present()
        window.settleLoad(within: DeckLoadingPage.launchWait)
    }

    private func open(_ paths: [String], remoteURIs: [String]) {
        let window = mainWindow()
        let isNew = !window.isPresented
        // A deck that can't be opened shows why, in place of the deck; never the sample deck instead.
        if let path = paths.first { window.open(URL(fileURLWithPath: path)) } else { window.openInitialDeck() }
        window.present()
        if isNew { window.settleLoad(within: DeckLoadingPage.launchWait) }
        if let uri = remoteURIs.first {
            // An address that is no file here (http://, sftp:// without a mount) is said, never silently dropped.
            let message = String(format: tr("Can't open “%@”: CardStack opens files and folders on this computer"), uri)
            StandardError.report(message)
            window.toast(message)
        } else if paths.count > 1 {
            window.toast(String(format: tr("CardStack opens one deck at a time: showing “%@”"), FileNameEncoding.displayName(of: URL(fileURLWithPath: paths[0]))))
        }
    }

    /// What the command line chose for the first deck opened.
    private var launchChoices: MainWindow.LaunchChoices {
        MainWindow.LaunchChoices(mapping: CardFieldMapping(chosen: options.fields), includesSubfolders: options.includesSubfolders, sidecarStyle: options.sidecarStyle)
    }

    /// The main window, created on first use with the deck from last time (or the sample deck).
    private func mainWindow() -> MainWindow {
        if let window { return window }
        let window = MainWindow(application: gtkApplication, settings: settings, data: data, journal: journal)
        self.window = window
        if !gaveIconsToTheme {
            gaveIconsToTheme = true
            // Before the window's own work after its first frame, which sets the window's icon.
            window.whenFirstFramePainted { [data] in data.icons?.addToIconTheme() }
        }
        window.launch = launchChoices
        window.launch.startedLoad = startedLoad
        startedLoad = nil
        window.printing = options.printDirections
        window.onClose = { [unowned self] in
            if !printCancelled, let directions = options.printDirections { printed = self.window?.printedCards(decided: directions) }
            self.window = nil
        }
        window.onCancelPrint = { [unowned self] in cancelPrinting() }
        window.onUnreadableDeck = { [unowned self] in
            printed = (Data(), 2)
            quit()
        }
        return window
    }

    /// A pipe cancelled (Esc on the Deck page, or Ctrl+C in the terminal): nothing printed, exit status 130 as a
    /// shell gives a command ended by Ctrl+C; the decisions are kept as they were made.
    private func cancelPrinting() {
        Trace.log("print: cancelled")
        printCancelled = true
        printed = (Data(), 130)
        quit()
    }

    private func quit() {
        // Closing the window saves its state; the application ends when its last window is gone.
        if let window { gtk_window_close(window.window) } else { g_application_quit(application.pointer.cast()) }
    }

    private func loadStyleSheet() {
        guard FileManager.default.fileExists(atPath: data.styleSheet.path), let display = gdk_display_get_default() else { return }
        let provider = ObjectReference(adopting: created(gtk_css_provider_new()))
        gtk_css_provider_load_from_path(provider.pointer, data.styleSheet.path)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider.pointer), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    private func showAbout() {
        let about = created(adw_about_window_new())
        let aboutWindow = OpaquePointer(about)
        adw_about_window_set_application_name(aboutWindow, Self.name)
        adw_about_window_set_application_icon(aboutWindow, Self.id)
        adw_about_window_set_version(aboutWindow, Self.version)
        adw_about_window_set_developer_name(aboutWindow, tr("The CardStack developers"))
        adw_about_window_set_comments(aboutWindow, tr("Triage anything by swiping cards: keep, skip, favourite or save for later, with a touchscreen, a touchpad, a mouse or the keyboard."))
        adw_about_window_set_website(aboutWindow, "https://github.com/cardstack/CardStack")
        adw_about_window_set_issue_url(aboutWindow, "https://github.com/cardstack/CardStack/issues")
        adw_about_window_set_license_type(aboutWindow, GTK_LICENSE_GPL_3_0)
        adw_about_window_set_copyright(aboutWindow, tr("© 2026 The CardStack developers"))
        // Translators: your names, one a line, for the About window ("Name <address>"); leave it as it is in English.
        let credits = tr("translator-credits")
        if credits != "translator-credits" { adw_about_window_set_translator_credits(aboutWindow, credits) }
        if let window { gtk_window_set_transient_for(about.cast(), window.window) }
        gtk_window_set_modal(about.cast(), 1)
        gtk_window_present(about.cast()); nameButtonsAsShown(under: about.cast(), iconNames: MainWindow.iconButtonNames)
    }

    private func addAction(_ name: String, accelerators: [String] = [], _ activate: @escaping @MainActor () -> Void) {
        signals.addAction(name, to: OpaquePointer(application.pointer)) { _ in activate() }
        if !accelerators.isEmpty { setAccelerators(accelerators, for: "app.\(name)") }
    }

    private func setAccelerators(_ accelerators: [String], for action: String) {
        withNullTerminatedCStrings(accelerators) { gtk_application_set_accels_for_action(gtkApplication, action, $0) }
    }
}
