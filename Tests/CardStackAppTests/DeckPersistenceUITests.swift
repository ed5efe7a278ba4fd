// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Decisions survive restarts and crashes, and bad input never costs the user their open deck.
final class DeckPersistenceUITests: XCTestCase {
    func testResumesAtTheRightCardAndExportsWhatWasDecided() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 12, in: home.appendingPathComponent("decks"))
        let first = try RunningApp(arguments: [deck.path], home: home)
        defer { first.terminate() }
        first.waitForTrace("opened Test deck: 0 of 12 decided, front card-1")
        first.waitForTrace("first frame")
        first.focus()
        first.key("Right", "Left", "Up", "Down", "ctrl+z")
        XCTAssertEqual(first.waitForDeckEvents(5).count, 5)
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0)

        let second = try RunningApp(arguments: [deck.path], home: home)
        defer { second.terminate() }
        second.waitForTrace("opened Test deck: 3 of 12 decided, front card-4")
        second.waitForTrace("first frame")
        second.focus()
        second.key("ctrl+z")
        XCTAssertEqual(second.waitForDeckEvents(1), ["undone card-3 up"], "the undo history survived the restart")

        let export = second.runCommand(["--export", deck.path])
        XCTAssertEqual(export.status, 0, export.error)
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-1", "card-2"], "export shows what is decided now")
        XCTAssertTrue(export.output.hasPrefix("id,title,direction,label,decided_at,path\n"))
        XCTAssertNotNil(export.output.range(of: #"card-1,Card 1,right,Keep,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,\n"#, options: .regularExpression))

        let json = second.runCommand(["--export", deck.path, "--format", "json"])
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]]
        XCTAssertEqual(rows?.map { $0["direction"] }, ["right", "left"])
    }

    /// After a normal quit the database file alone holds every decision: the write-ahead log was folded into it
    /// and removed, so copying the one file keeps everything.
    func testQuittingLeavesEveryDecisionInTheDatabaseFileItself() throws {
        let (app, deck) = try launchOnTestDeck(cards: 6)
        app.key("Right", "Up")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)

        let folder = app.home.appendingPathComponent("data/io.github.cardstack.CardStack")
        let database = folder.appendingPathComponent("decisions.sqlite")
        XCTAssertFalse(FileManager.default.fileExists(atPath: database.path + "-wal"), "the log is still beside the file")
        // The file copied alone into another data folder exports both decisions.
        let copy = try RunningApp.temporaryHome()
        let copyFolder = copy.appendingPathComponent("data/io.github.cardstack.CardStack")
        try FileManager.default.createDirectory(at: copyFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: database, to: copyFolder.appendingPathComponent("decisions.sqlite"))
        let reader = try RunningApp(arguments: ["--help"], home: copy)
        _ = reader.waitForExit()
        let export = reader.runCommand(["--export", deck.path])
        XCTAssertEqual(export.status, 0, export.error)
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-1", "card-2"])
    }

    /// Kill the app with SIGKILL in the middle of a burst of swipes, many times over: every swipe it reported
    /// (the trace line follows the commit) is in the store exactly once after each restart.
    func testKillingTheAppMidBurstLosesNoSwipe() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 400, in: home.appendingPathComponent("decks"))
        var reported: [String] = []
        var generator = SystemRandomNumberGenerator()
        for round in 1...8 {
            let app = try RunningApp(arguments: [deck.path], home: home)
            app.waitForTrace("first frame")
            app.focus()
            let burst = Process()
            burst.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            burst.arguments = ["key", "--delay", "33"] + Array(repeating: "Right", count: 40)
            try burst.run()
            usleep(UInt32.random(in: 250_000...900_000, using: &generator))
            app.kill()
            burst.terminate()
            burst.waitUntilExit()
            // xdotool killed between a key's press and release leaves it held in the X server, which would eat
            // the next test's first press of it.
            RunningApp.xdotool(["keyup", "Right"])
            let decided = app.deckEvents.compactMap { $0.hasPrefix("decided ") ? $0.split(separator: " ")[1] : nil }.map(String.init)
            reported += decided
            app.terminate()

            let stored = TestDecks.exportedIDs(app.runCommand(["--export", deck.path]).output)
            XCTAssertEqual(Set(stored).count, stored.count, "round \(round): a card stored twice")
            for id in reported {
                XCTAssertEqual(stored.filter { $0 == id }.count, 1, "round \(round): \(id) was reported but is not stored exactly once")
            }
            // A swipe may be committed in the instant between its commit and its trace line: at most one per kill.
            XCTAssertLessThanOrEqual(stored.count, reported.count + round, "round \(round): more stored than swiped")
            reported = stored
        }
        XCTAssertGreaterThan(reported.count, 20, "the bursts decided cards before the kills")
    }

    func testABadDeckLeavesTheOpenDeckInPlace() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 5, in: home.appendingPathComponent("decks"))
        let broken = home.appendingPathComponent("decks/broken.json")
        try Data(#"{ "title": "Broken", "cards": [ { "title": "ok" }, { "title": } ] }"#.utf8).write(to: broken)
        let app = try RunningApp(arguments: [deck.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        // A second launch hands the file to the running instance, as opening it from a file manager would.
        let second = try RunningApp(arguments: [broken.path], home: home)
        defer { second.terminate() }
        XCTAssertEqual(second.waitForExit(), 0)
        app.waitForTrace("open failed: ")
        XCTAssertTrue(app.log.contains("broken.json: Line 1, column 63"), "the message names the file and the place: \(app.log)")
        // The message stays in a dialog over the deck until it is closed (the newest window is the dialog).
        guard let dialog = app.windowID() else { return XCTFail("no dialog") }
        RunningApp.xdotool(["windowfocus", "--sync", dialog])
        RunningApp.xdotool(["key", "Escape"])
        usleep(300_000)
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"], "the open deck is still there and works")
    }

    /// A bad deck given on the command line shows why in place of the deck, with ways on; it never opens the
    /// sample deck instead.
    func testABadDeckAtLaunchShowsItsErrorNotTheSampleDeck() throws {
        let home = try RunningApp.temporaryHome()
        let broken = home.appendingPathComponent("trailing.json")
        try Data(#"{ "cards": [ { "title": "ok" } ], }"#.utf8).write(to: broken)
        let app = try RunningApp(arguments: [broken.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("open failed: trailing.json: Line 1")
        app.waitForTrace("first frame")
        XCTAssertFalse(app.log.contains("cardstack: opened"), "no deck was opened instead: \(app.log)")
        try AccessibilityProbe.assert(["Open the Sample Deck"], states: "SENSITIVE", is: "push button | Open the Sample Deck | True")
        app.focus()
        app.key("Tab", "Tab", "Tab", "Return")
        app.waitForTrace("opened Books to read next")
    }

    /// The last deck, broken since, shows why at the next launch instead of switching to the sample deck.
    func testALastDeckBrokenSinceShowsItsErrorNotTheSampleDeck() throws {
        let (first, deck) = try launchOnTestDeck(cards: 3)
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0)
        try Data(#"{ "cards": [ "#.utf8).write(to: deck)
        let second = try RunningApp(home: first.home, accessibility: true)
        defer { second.terminate() }
        second.waitForTrace("open failed: deck.json")
        second.waitForTrace("first frame")
        XCTAssertFalse(second.log.contains("cardstack: opened"), "no other deck instead: \(second.log)")
        try AccessibilityProbe.assert(["Open the Sample Deck"], states: "SENSITIVE", is: "push button | Open the Sample Deck | True")
    }

    /// Two CardStacks on one data folder (two desktop sessions): the second shows what the first saved, says in a
    /// banner that it doesn't save, and never writes a conflicting step.
    func testASecondProcessOnTheSameDataOnlyReadsIt() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 5, in: home.appendingPathComponent("decks"))
        let first = try RunningApp(arguments: [deck.path], home: home)
        defer { first.terminate() }
        first.waitForTrace("first frame")
        first.focus()
        first.key("Right")
        XCTAssertEqual(first.waitForDeckEvents(1), ["decided card-1 right"])

        let second = try RunningApp(arguments: [deck.path], home: home, ownBus: true)
        defer { second.terminate() }
        second.waitForTrace("opened Test deck: 1 of 5 decided, front card-2", timeout: 30)
        second.waitForTrace("storage banner: Decisions can't be saved here: CardStack is open in another session")
        first.focus()
        first.key("Left")
        XCTAssertEqual(first.waitForDeckEvents(2).last, "decided card-2 left", "the first goes on saving")
        let export = first.runCommand(["--export", deck.path])
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-1", "card-2"], "one history, no conflicting rows")
    }

    /// A database another program holds still shows what it has (the app showed "0 of 5 decided"
    /// while two were on disk), with a banner that stays; exporting from the command line reads it all the same.
    func testAHeldDatabaseIsShownReadOnlyWithABanner() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 5, in: home.appendingPathComponent("decks"))
        let first = try RunningApp(arguments: [deck.path], home: home)
        first.waitForTrace("first frame")
        first.focus()
        first.key("Right", "Left")
        XCTAssertEqual(first.waitForDeckEvents(2).count, 2)
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0)

        // Another program takes the write lock and keeps it.
        let database = home.appendingPathComponent("data/io.github.cardstack.CardStack/decisions.sqlite")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", "(echo 'BEGIN EXCLUSIVE;'; echo 'INSERT INTO deck (key) VALUES (\"held\");'; sleep 20) | sqlite3 '\(database.path)'"]
        try holder.run()
        defer { holder.terminate() }
        usleep(500_000)

        let second = try RunningApp(arguments: [deck.path], home: home)
        defer { second.terminate() }
        second.waitForTrace("opened Test deck: 2 of 5 decided, front card-3", timeout: 30)
        second.waitForTrace("storage banner: Decisions can't be saved: another program is holding the database")
        let export = second.runCommand(["--export", deck.path])
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-1", "card-2"], "the command line reads it too: \(export.error)")
    }

    func testADamagedDatabaseIsLeftAloneAndTheAppKeepsWorking() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 5, in: home.appendingPathComponent("decks"))
        let folder = home.appendingPathComponent("data/io.github.cardstack.CardStack")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("decisions.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: database)

        let app = try RunningApp(arguments: [deck.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        XCTAssertTrue(app.log.contains("damaged"), "the user is told: \(app.log)")
        app.focus()
        app.key("Right", "Left")
        XCTAssertEqual(app.waitForDeckEvents(2), ["decided card-1 right", "decided card-2 left"], "swiping goes on in memory")
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)
        XCTAssertEqual(try Data(contentsOf: database), garbage, "the damaged file was not overwritten")
    }

    /// A full disk under the data folder (a small tmpfs, filled; root only, as mounting needs it): the saved
    /// decisions are still shown, and the reason is said.
    func testOnAFullDiskTheSavedDecisionsAreShownAndTheReasonSaid() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 20, in: home.appendingPathComponent("decks"))
        let first = try RunningApp(arguments: [deck.path], home: home)
        defer { first.terminate() }
        first.waitForTrace("first frame")
        first.focus()
        first.key("Right", "Right", "Left", "Up", "Down")
        XCTAssertEqual(first.waitForDeckEvents(5).count, 5)
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0)

        let data = home.appendingPathComponent("data")
        let saved = home.appendingPathComponent("saved")
        try FileManager.default.moveItem(at: data, to: saved)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        guard getuid() == 0, RunningApp.output(of: "/bin/sh", ["-c", "mount -t tmpfs -o size=1m tmpfs '\(data.path)' && echo mounted"]) == "mounted\n" else {
            throw XCTSkip("mounting a small tmpfs needs root")
        }
        addTeardownBlock { _ = RunningApp.output(of: "/bin/umount", [data.path]) }
        _ = RunningApp.output(of: "/bin/sh", ["-c", "cp -a '\(saved.path)/.' '\(data.path)/' && cat /dev/zero > '\(data.path)/filler'"])

        let second = try RunningApp(arguments: [deck.path], home: home)
        defer { second.terminate() }
        second.waitForTrace("opened Test deck: 5 of 20 decided, front card-6")
        second.waitForTrace("the disk is full")
        second.waitForTrace("first frame")
        second.focus()
        second.key("Right")
        XCTAssertEqual(second.waitForDeckEvents(1), ["decided card-6 right"], "the app goes on deciding, in memory")
    }

    func testExportSaysWhyItCannotReadTheDecisions() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 3, in: home.appendingPathComponent("decks"))
        let database = home.appendingPathComponent("data/io.github.cardstack.CardStack/decisions.sqlite")
        try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        let export = try RunningApp(arguments: ["--export", deck.path], home: home)
        defer { export.terminate() }
        XCTAssertEqual(export.waitForExit(), 1)
        export.waitForTrace("Decisions can't be read: it is a folder: “\(database.path)”", timeout: 5)
    }
}
