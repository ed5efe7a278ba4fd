// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Fast, random keys across every page (about 70 a second), as a person mashing keys or a stuck key would send
/// them: the app must neither crash nor stop answering, every card must stay in exactly one place, and undo must
/// take every step back. Each burst comes from a fixed seed, so a failure replays with the same keys
/// (`xdotool key --delay 14` and the keys printed in the failure).
final class FastInputUITests: XCTestCase {
    /// The burst of `seed`: 500 keys of every page (swipes and page switches, undo and redo, sheets, Browse's
    /// and the piles' keys, Tab), drawn by Python's seeded generator so that the seeds are the ones of the
    /// command line that found the crashes (`python3 -c "$script" SEED`, then `xdotool key --delay 14 …`).
    static let script = #"import random,sys;P=["Left","Right","Up","Down"]*4+["alt+1","alt+2","alt+3"]*2+["ctrl+z"]*3+["ctrl+shift+z"]*2+"Return Escape Delete 1 2 3 4 Menu space Home End Page_Up Page_Down Tab shift+Tab ctrl+i BackSpace".split();r=random.Random(int(sys.argv[1]));print(*[r.choice(P) for _ in range(500)])"#

    /// Seeds whose bursts crashed the app (libadwaita 1.2's toast overlay), left a popover's grab holding every
    /// key, or gave the keyboard back to a closed menu when a sheet closed, before those were fixed.
    static let seeds = [10, 19, 24, 28]
    static let burstLength = 500
    static let cardCount = 40

    func testBurstsOfRandomKeysNeitherCrashNorFreezeAndUndoTakesEverythingBack() throws {
        for seed in Self.seeds {
            try burst(seed: seed)
        }
    }

    /// The keys of a photo deck whose cards are bursts: the duel's too (Enter opens it on a stack, Z zooms both
    /// frames, arrows keep one), among every page's.
    static let photoScript = script.replacingOccurrences(of: #"+"Return Escape"#, with: #"+["Return","z"]*3+"Return Escape"#)

    /// A folder of two camera bursts of three frames, each with a photo alone, under the same storm of keys: the duel
    /// opened, zoomed, chosen in and left at random must keep every frame in one place.
    func testBurstsOfRandomKeysOverABurstsDuelNeitherCrashNorFreeze() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Bursts")
        for burst in 0..<2 {
            try BurstUITests.burst(in: folder, blurs: [1, 0.4, 2], prefix: "B\(burst)", minute: burst * 2)
        }
        let app = try RunningApp(arguments: [folder.path], home: home)
        // The bursts found from the times; their frames are looked at in the background while the keys come.
        app.waitForTrace("capture order:")
        try burst(seed: 56, app: app, deck: folder, script: Self.photoScript, ids: nil)
    }

    private func burst(seed: Int) throws {
        let (app, deck) = try launchOnTestDeck(cards: Self.cardCount)
        try burst(seed: seed, app: app, deck: deck, script: Self.script, ids: Set((1...Self.cardCount).map { "card-\($0)" }))
    }

    /// Sends the burst of keys `script` draws from `seed` to `app` on `deck`, then checks it lived, answers, kept
    /// every card in one place (among `ids`, when given) and undoes every step.
    private func burst(seed: Int, app: RunningApp, deck: URL, script: String, ids: Set<String>?) throws {
        let burst = RunningApp.output(of: "/usr/bin/python3", ["-c", script, "\(seed)"]).split(separator: " ").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(burst.count, Self.burstLength, "python3 drew the burst")
        let replay = "seed \(seed): xdotool key --delay 14 \(burst.joined(separator: " "))"
        RunningApp.xdotool(["key", "--delay", "14"] + burst)
        usleep(1_000_000)
        XCTAssertTrue(app.process.isRunning, "the app is alive after the burst; \(replay)\n\(Self.lastWords(of: app))")
        guard app.process.isRunning else { return }
        assertAnswers(app, replay: replay)

        let decided = exportedIDs(app, deck: deck)
        XCTAssertEqual(Set(decided).count, decided.count, "no card is in two piles; \(replay)")
        if let ids { XCTAssertTrue(Set(decided).isSubset(of: ids), "only the deck's cards") }

        // Holding Ctrl+Z: every step is taken back, the last ones saying there is nothing to undo.
        app.key("Escape", "Escape", "Escape", "alt+1")
        var remaining = decided
        for _ in 0..<6 where !remaining.isEmpty {
            RunningApp.xdotool(["key", "--delay", "4"] + Array(repeating: "ctrl+z", count: 150))
            usleep(300_000)
            remaining = exportedIDs(app, deck: deck)
        }
        XCTAssertEqual(remaining, [], "undo goes back to no decision at all; \(replay)")
        XCTAssertTrue(app.process.isRunning, "alive after undoing everything; \(replay)")
        app.terminate()
    }

    /// Asserts that the window still takes keys: with every sheet closed, Ctrl+I opens Deck info.
    private func assertAnswers(_ app: RunningApp, replay: String, file: StaticString = #filePath, line: UInt = #line) {
        app.key("Escape", "Escape", "Escape")
        usleep(500_000)
        // A burst can reach a dialog through the menu (Export…); Xvfb has no window manager to give the keyboard
        // back to the window once the dialog has gone, as a desktop does.
        app.focus()
        let before = app.log.count
        app.key("ctrl+i")
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, !app.log.dropFirst(before).contains("cardstack: sheets: ") { usleep(50_000) }
        XCTAssertTrue(app.log.dropFirst(before).contains("cardstack: sheets: "),
                      "the window answers Ctrl+I after the burst; \(replay)\n\(Self.lastWords(of: app))", file: file, line: line)
    }

    /// The app's warnings and its last trace lines: a crash's backtrace would bury them.
    private static func lastWords(of app: RunningApp) -> String {
        app.log.split(separator: "\n").filter { $0.contains("CRITICAL") || $0.contains("WARNING") || $0.contains("cardstack: ") }
            .suffix(25).joined(separator: "\n")
    }

    private func exportedIDs(_ app: RunningApp, deck: URL) -> [String] {
        let export = app.runCommand(["--export", deck.path])
        XCTAssertEqual(export.status, 0, export.error)
        return TestDecks.exportedIDs(export.output)
    }
}
