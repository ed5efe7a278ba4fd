// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The app as a person meets it: it starts, shows the deck, quits on Ctrl+Q and remembers its window.
final class AppLaunchTests: XCTestCase {
    func testStartsWithTheDeckPageAndQuitsOnControlQ() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame; page deck")
        app.focus()
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0, "Ctrl+Q quits cleanly; log:\n\(app.log)")
        XCTAssertFalse(app.log.contains("CRITICAL"), "no GLib criticals; log:\n\(app.log)")
    }

    /// GtkApplication and libadwaita ask the desktop portal at start-up and wait for it; on the suite's buses the
    /// portals can't start, so a portal that would never answer (a stale document portal mount left by another
    /// session) does not hold the window back, as it held the first window of a CI run past 20 s.
    func testTheSuitesBusKeepsAPortalThatNeverAnswersFromHoldingTheWindow() throws {
        let home = try RunningApp.temporaryHome()
        let services = home.appendingPathComponent("data/dbus-1/services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try "[D-BUS Service]\nName=org.freedesktop.portal.Desktop\nExec=/bin/sleep 600\n"
            .write(to: services.appendingPathComponent("org.freedesktop.portal.Desktop.service"), atomically: true, encoding: .utf8)
        let app = try RunningApp(home: home, ownBus: true)
        defer { app.terminate() }
        XCTAssertTrue(app.waitForTrace("first frame; page deck", timeout: 10), app.log)
    }

    func testWindowSizeIsRestoredOnTheNextLaunch() throws {
        let first = try RunningApp()
        defer { first.terminate() }
        first.waitForTrace("first frame")
        guard let window = first.windowID() else { return XCTFail("no window") }
        RunningApp.xdotool(["windowsize", "--sync", window, "700", "560"])
        usleep(300_000)
        first.focus()
        first.key("ctrl+w")
        XCTAssertEqual(first.waitForExit(), 0, "Ctrl+W closes the only window, which ends the app")

        let second = try RunningApp(home: first.home)
        defer { second.terminate() }
        second.waitForTrace("first frame")
        let size = second.windowSize()
        XCTAssertEqual(size?.width, 700, "width restored")
        XCTAssertEqual(size?.height, 560, "height restored")
    }

    /// The window hands the window manager the app's icon (once its first frame is painted).
    func testTheWindowHasTheAppsIcon() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        guard let window = app.windowID() else { return XCTFail("no window") }
        var icon = ""
        for _ in 0..<50 where !icon.contains("Icon (48 x 48)") {
            usleep(100_000)
            icon = RunningApp.output(of: "/usr/bin/xprop", ["-id", window, "_NET_WM_ICON"])
        }
        XCTAssertTrue(icon.contains("Icon (48 x 48)"), "the icon at 48 pixels: \(icon.prefix(200))")
    }

    /// Without a session bus the app says screen readers can't see it and leaves GTK's accessibility off: GTK 4.8
    /// gives its accessible objects no path then, and with an accessibility bus still reachable (a program run with
    /// sudo in a desktop session) it crashed taking the loading page away once the deck was read.
    func testWithoutASessionBusTheAppSaysScreenReadersCantSeeItAndKeepsWorking() throws {
        // This session's accessibility bus, which an X display's AT_SPI_BUS gives any program on it.
        let reply = RunningApp.output(of: "/usr/bin/gdbus", ["call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method", "org.a11y.Bus.GetAddress"])
        guard let address = reply.split(separator: "'").dropFirst().first.map(String.init), address.hasPrefix("unix:") else {
            return XCTFail("no accessibility bus: \(reply)")
        }
        let home = try RunningApp.temporaryHome()
        // Long enough to read that the loading page shows (it is due at 150 ms; 20,000 cards were read sooner on
        // a quick run), and is taken away once the deck is read.
        let deck = try TestDecks.json(count: 200_000, in: home.appendingPathComponent("decks"))
        let app = try RunningApp(arguments: [deck.path], home: home, accessibility: true, environment: [
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "AT_SPI_BUS_ADDRESS": address,
        ])
        defer { app.terminate() }
        XCTAssertTrue(app.waitForTrace("loading page shown"))
        XCTAssertTrue(app.waitForTrace("deck drawn"))
        XCTAssertTrue(app.log.contains("No D-Bus session bus: screen readers can't see this window"), app.log)
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"], "the deck works: \(app.log)")
        XCTAssertNil(app.waitForExit(timeout: 0.5), "still running: \(app.log)")
    }

    /// A deck opened is in Recent Decks at the next launch, which opens another: noted once the first frame is
    /// painted, as the menu isn't in it.
    func testADeckOpenedIsInRecentDecksAtTheNextLaunch() throws {
        let home = try RunningApp.temporaryHome()
        let decks = ["First", "Second"].map { home.appendingPathComponent("\($0).json") }
        for deck in decks {
            try Data(#"[{"title": "One"}, {"title": "Two"}]"#.utf8).write(to: deck)
        }
        let first = try RunningApp(arguments: [decks[0].path], home: home)
        defer { first.terminate() }
        first.waitForTrace("first frame; page deck")
        // Written once the deck is noted as opened, after the first frame.
        first.waitForTrace("recent decks: 0")
        first.terminate()

        let second = try RunningApp(arguments: [decks[1].path], home: home)
        defer { second.terminate() }
        second.waitForTrace("first frame; page deck")
        second.waitForTrace("recent decks: 1")
        XCTAssertFalse(second.log.contains("recent decks: 2"), "the deck on show isn't listed: \(second.log)")
        usleep(300_000)
        XCTAssertEqual(second.log.components(separatedBy: "recent decks:").count - 1, 1, "the menu is read once at launch: \(second.log)")
    }

    /// The window goes down to 360 × 294, GNOME's smallest (a phone held sideways), on every page.
    func testTheWindowFitsThreeSixtyByTwoNinetyFour() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        guard let window = app.windowID() else { return XCTFail("no window") }
        RunningApp.xdotool(["windowsize", "--sync", window, "360", "294"])
        usleep(400_000)
        let size = app.windowSize()
        XCTAssertLessThanOrEqual(size?.width ?? .max, 366, "\(String(describing: size))")
        XCTAssertLessThanOrEqual(size?.height ?? .max, 300, "no page asks for more height: \(String(describing: size))")
    }

    /// A card titled with 200,000 combining marks and a 1 MB body shows, and the app quits on Ctrl+Q (it once
    /// neither showed nor took Ctrl+Q); Card details has the whole text.
    func testACardWithHugeTextShowsAndTheAppStaysResponsive() throws {
        let home = try RunningApp.temporaryHome()
        let title = "a" + String(repeating: "\u{301}", count: 200_000)
        let body = String(repeating: "All work and no play. ", count: 48_000)
        let cards: [[String: String]] = [["id": "huge", "title": title, "body": body], ["id": "small", "title": "Small"]]
        let deck = home.appendingPathComponent("huge.json")
        try JSONSerialization.data(withJSONObject: ["cards": cards]).write(to: deck)
        let app = try RunningApp(arguments: [deck.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame", timeout: 30)
        app.focus()
        app.key("Return")
        app.waitForTrace("sheets: details")
        app.key("Escape", "Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided huge right"])
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)
    }

    /// An address that is no file here is said, on stderr and in a toast, and the app opens its usual deck.
    func testARemoteAddressIsSaidNotSilentlyDropped() throws {
        let app = try RunningApp(arguments: ["http://example.com/deck.json"])
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.waitForTrace("Can't open “http://example.com/deck.json”: CardStack opens files and folders on this computer")
    }

    /// `--export` reads a deck given as a path or a file:// URI, as the window does, and refuses other addresses
    /// with a reason; control characters in a name are shown, not written raw.
    func testExportTakesWhatTheWindowTakes() throws {
        let (app, deck) = try launchOnTestDeck(cards: 3)
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"])

        let byURI = app.runCommand(["--export", deck.absoluteString])
        XCTAssertEqual(byURI.status, 0, byURI.error)
        XCTAssertEqual(TestDecks.exportedIDs(byURI.output), ["card-1"])
        let remote = app.runCommand(["--export", "https://example.com/deck.json"])
        XCTAssertEqual(remote.status, 1)
        XCTAssertEqual(remote.error, "cardstack: Can't export “https://example.com/deck.json”: give a deck file or folder on this computer\n")
        let odd = app.runCommand(["--export", app.home.path + "/a\u{1B}[31mred\tdeck.json"])
        XCTAssertEqual(odd.status, 1)
        XCTAssertTrue(odd.error.contains("a␛[31mred␉deck.json"), odd.error)
        XCTAssertFalse(odd.error.contains("\u{1B}"), odd.error)
    }

    /// `--export` only reads, so it works on a data folder it can't write, and leaves nothing there.
    func testExportReadsADataFolderItCannotWrite() throws {
        let (app, deck) = try launchOnTestDeck(cards: 3)
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"])
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)

        let files = FileManager.default
        let data = app.home.appendingPathComponent("data/io.github.cardstack.CardStack")
        let contents = try files.contentsOfDirectory(atPath: data.path).sorted()
        // Readable by anyone, writable by no one; put back for the clean-up.
        for path in [app.home, app.home.appendingPathComponent("data"), app.home.appendingPathComponent("decks")] {
            try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path.path)
        }
        try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: deck.path)
        for name in contents {
            try files.setAttributes([.posixPermissions: 0o444], ofItemAtPath: data.appendingPathComponent(name).path)
        }
        try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: data.path)
        defer { try? files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path) }

        let export = app.runCommand(["--export", deck.path], unprivileged: true)
        if export.status != 0, export.error.contains("Permission denied") || export.status == 126 {
            throw XCTSkip("user nobody can't run the test binary here: \(export.error)")
        }
        XCTAssertEqual(export.status, 0, export.error)
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-1"])
        XCTAssertEqual(try files.contentsOfDirectory(atPath: data.path).sorted(), contents, "nothing written to the data folder")
    }
}
