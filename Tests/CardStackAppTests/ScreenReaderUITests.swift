// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// What Orca, GNOME's screen reader, says of the app, read back from its debug output (every phrase it sends to
/// speech is logged as "SPEECH OUTPUT"), headless: pages by their names, a decision and its undo as they happen,
/// in Browse too, and the Deck page where it stands when the keyboard comes back to it.
final class ScreenReaderUITests: XCTestCase {
    private static var sampleDeck: String { Repository.file("data/decks/sample.json").path }

    /// Orca's phrases in its debug output so far, in order.
    private static func spoken(in log: URL) -> [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "SPEECH OUTPUT: '") else { return nil }
            // The phrase, then its voice's settings: "'Deck panel.'{'established': False}".
            let rest = line[start.upperBound...]
            let end = rest.range(of: "'{") ?? rest.range(of: "' {")
            return end.map { String(rest[..<$0.lowerBound]).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Makes Orca's `debug.println` flush the debug file after each line.
    private static let flushingDebugOutput = """
    import orca.debug as debug
    _println = debug.println
    def println(*arguments, **options):
        _println(*arguments, **options)
        if debug.debugFile:
            debug.debugFile.flush()
    debug.println = println

    """

    /// What Orca says as keys go to the app.
    private struct Hearing {
        let app: RunningApp
        let log: URL

        /// Presses `keys` (none: only listens) and answers what Orca said after them, once it has said a phrase
        /// starting with `prefix` (or `timeout` has passed).
        func press(_ keys: String..., until prefix: String, timeout: TimeInterval = 10) -> [String] {
            let before = ScreenReaderUITests.spoken(in: log).count
            for key in keys { app.key(key) }
            let deadline = Date().addingTimeInterval(timeout)
            var said = Array(ScreenReaderUITests.spoken(in: log).dropFirst(before))
            while !said.contains(where: { $0.hasPrefix(prefix) }), Date() < deadline {
                usleep(100_000)
                said = Array(ScreenReaderUITests.spoken(in: log).dropFirst(before))
            }
            return said
        }
    }

    /// The app on `deck` (the sample deck) with Orca listening, once Orca has said the deck's front card, which
    /// `front` begins; `home` holds what the deck needs.
    private func launchWithOrca(deck: String = sampleDeck, home: URL? = nil, front: String = "Card 1 of 45: Dune",
                                before: (RunningApp) -> Void = { _ in }) throws -> (app: RunningApp, hearing: Hearing) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/orca") else { throw XCTSkip("needs orca (make check installs it)") }
        let home = try home ?? RunningApp.temporaryHome()
        let app = try RunningApp(arguments: [deck], home: home, accessibility: true)
        addTeardownBlock { app.terminate() }
        app.waitForTrace("first frame")
        before(app)
        let log = home.appendingPathComponent("orca.txt")
        // Orca writes its debug output through a buffer, flushed when full: once the app goes quiet, what Orca said
        // last would wait there. Python runs a `sitecustomize` from the path before Orca, which flushes each line.
        let flushing = home.appendingPathComponent("orca-site")
        try FileManager.default.createDirectory(at: flushing, withIntermediateDirectories: true)
        try Self.flushingDebugOutput.write(to: flushing.appendingPathComponent("sitecustomize.py"), atomically: true, encoding: .utf8)
        let orca = Process()
        orca.executableURL = URL(fileURLWithPath: "/usr/bin/orca")
        orca.arguments = ["--replace", "--user-prefs", home.appendingPathComponent("orca").path, "--debug-file", log.path]
        // Orca's own speech server, spawned on a socket of this test's: one spawned by an earlier run, under a bus
        // and a display that are gone, takes the connection and never answers, and Orca then says nothing.
        let speech = home.appendingPathComponent("speechd.sock").path
        orca.environment = ProcessInfo.processInfo.environment.merging(["PYTHONPATH": flushing.path, "SPEECHD_ADDRESS": "unix_socket:\(speech)"]) { _, new in new }
        orca.standardOutput = FileHandle.nullDevice
        orca.standardError = FileHandle.nullDevice
        try FileManager.default.createDirectory(at: home.appendingPathComponent("orca"), withIntermediateDirectories: true)
        try orca.run()
        addTeardownBlock {
            orca.terminate()
            RunningApp.end(commandLinesContaining: speech)
        }
        let hearing = Hearing(app: app, log: log)
        _ = hearing.press(until: "Screen reader on", timeout: 30)
        app.focus()
        _ = hearing.press(until: front)
        return (app, hearing)
    }

    /// A toast is said as it appears, wherever the keyboard is: GTK 4.8 tells a screen reader nothing of it.
    func testOrcaSpeaksToasts() throws {
        let (_, hearing) = try launchWithOrca()
        let noLink = hearing.press("ctrl+l", until: "“Dune” has no link to open")
        XCTAssertTrue(noLink.contains("“Dune” has no link to open"), "on the Deck page: \(noLink)")
        _ = hearing.press("alt+3", until: "Browse panel")
        let decided = hearing.press("2", until: "“Dune”: Read")
        XCTAssertTrue(decided.contains("“Dune”: Read"), "a decision in Browse, with its Undo: \(decided)")
        _ = hearing.press("Tab", until: "")
        let onButton = hearing.press("ctrl+l", until: "has no link to open")
        XCTAssertTrue(onButton.contains { $0.hasSuffix("has no link to open") }, "on another control (the scrubber): \(onButton)")
    }

    /// A sheet and a window over the page are entered by their names and roles, and closing a sheet says where
    /// the deck stands; the Keyboard Shortcuts window's page buttons were spoken with their mnemonic ("_1").
    func testOrcaSpeaksSheetsAndWindowsByTheirNames() throws {
        let (_, hearing) = try launchWithOrca()
        let details = hearing.press("Return", until: "Dune — Details dialog")
        XCTAssertTrue(details.contains { $0.hasPrefix("Dune — Details dialog") }, "Card details, a dialog named for its card: \(details)")
        let closed = hearing.press("Escape", until: "Card 1 of 45: Dune")
        XCTAssertTrue(closed.contains { $0.hasPrefix("Card 1 of 45: Dune") }, "back on the deck: \(closed)")
        // GTK 4.8 tells Orca nothing as a window activates, so the window's name is not said; its first control is.
        let shortcuts = hearing.press("ctrl+question", until: "1 page tab")
        XCTAssertTrue(shortcuts.contains("1 page tab."), "the shortcuts' first page, as its button shows it: \(shortcuts)")
        XCTAssertFalse(shortcuts.contains { $0.contains("GtkShortcutsWindow") || $0.hasPrefix("_") }, "not its class, no mnemonic: \(shortcuts)")
    }

    func testOrcaSpeaksPagesDecisionsAndUndoAsShown() throws {
        let (app, hearing) = try launchWithOrca()

        let decided = hearing.press("Right", until: "Read: Dune. Card 2 of 45")
        XCTAssertTrue(decided.contains { $0.hasPrefix("Read: Dune. Card 2 of 45") }, "the decision as it happens: \(decided)")
        let undone = hearing.press("ctrl+z", until: "Undone: Dune, Read. Card 1 of 45")
        XCTAssertTrue(undone.contains { $0.hasPrefix("Undone: Dune, Read. Card 1 of 45") }, "what Undo took back: \(undone)")
        _ = hearing.press("Right", until: "Read: Dune.")
        let browse = hearing.press("alt+3", until: "Browse panel")
        XCTAssertTrue(browse.contains("Browse panel."), "the page by its name: \(browse)")

        // Browse moves on after a decision: what Undo took back is said before the card now centred.
        _ = hearing.press("2", until: "Pride and Prejudice — Jane Austen · 1813, 2 of 45, Read")
        let undoneHere = hearing.press("ctrl+z", until: "Undone: Pride and Prejudice, Read.")
        XCTAssertTrue(undoneHere.contains { $0.hasPrefix("Undone: Pride and Prejudice, Read.") }, "Undo in Browse: \(undoneHere)")
        let redone = hearing.press("ctrl+shift+z", until: "Redone: Pride and Prejudice, Read.")
        XCTAssertTrue(redone.contains { $0.hasPrefix("Redone: Pride and Prejudice, Read.") }, "Redo in Browse: \(redone)")
        _ = hearing.press("ctrl+z", until: "Undone: Pride and Prejudice, Read.")

        let back = hearing.press("alt+1", until: "Card 2 of 45")
        XCTAssertTrue(back.contains("Deck panel."), "\(back)")
        XCTAssertTrue(back.contains { $0.hasPrefix("Card 2 of 45: Pride and Prejudice") }, "where the deck stands: \(back)")
        XCTAssertFalse(back.contains { $0.hasPrefix("Read: Dune") }, "not the last decision again: \(back)")

        // Nothing sorted any more: Piles gives the keyboard to its one button, not to a toast's close button.
        _ = hearing.press("ctrl+z", until: "Undone: Dune, Read.")
        let piles = hearing.press("alt+2", until: "Go to Deck push button")
        XCTAssertTrue(piles.contains("Go to Deck push button."), "\(piles)")
        let everything = Self.spoken(in: hearing.log)
        XCTAssertFalse(everything.contains { $0.contains("GtkStackPage") || $0.contains("AdwViewSwitcher") }, "no class spoken: \(everything)")
    }

    /// A burst's stack is said with its count, its duel by its pair, and each choice as it is made.
    func testOrcaSpeaksABurstsStackAndItsDuel() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Burst")
        try BurstUITests.burst(in: folder)
        let (_, hearing) = try launchWithOrca(deck: folder.path, home: home, front: "Card 1 of 6: IMG_0002.jpg") { app in
            // Scored first, so the stack's top frame is the sharpest when Orca hears it.
            app.waitForTrace("burst looks:")
        }
        let duel = hearing.press("Return", until: "Choice 1 of 4: left, IMG_0002.jpg, sharpest; right, IMG_0001.jpg")
        XCTAssertTrue(duel.contains { $0.hasPrefix("Choice 1 of 4: left, IMG_0002.jpg, sharpest; right, IMG_0001.jpg") }, "the pair: \(duel)")
        let chosen = hearing.press("Left", until: "Kept IMG_0002.jpg, skipped IMG_0001.jpg. Choice 2 of 4")
        XCTAssertTrue(chosen.contains { $0.hasPrefix("Kept IMG_0002.jpg, skipped IMG_0001.jpg. Choice 2 of 4") }, "the choice and the next pair: \(chosen)")
        let left = hearing.press("Escape", until: "Card 2 of 6")
        XCTAssertTrue(left.contains { $0.hasPrefix("Card 2 of 6: IMG_0002.jpg") && $0.contains("Burst · 5 · Sharpest") }, "back on the stack, one frame decided: \(left)")
    }
}
