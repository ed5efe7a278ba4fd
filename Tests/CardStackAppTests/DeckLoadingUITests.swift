// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A deck that takes a while to read never blocks the window: its progress shows with Cancel, and the deck on
/// show stays.
final class DeckLoadingUITests: XCTestCase {
    /// Rows in the slow deck: about 30 MB of CSV, seconds of reading in a debug build, so the test has time to
    /// look at the page before the deck is read.
    private static let slowDeckRows = 1_500_000

    private func writeSlowDeck(in folder: URL) throws -> URL {
        var text = "id,title\n"
        text.reserveCapacity(Self.slowDeckRows * 20)
        for row in 1...Self.slowDeckRows {
            text += "row-\(row),Row number \(row)\n"
        }
        let url = folder.appendingPathComponent("slow.csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Hands `deck` to the running instance, as opening it from a file manager would.
    private func open(_ deck: URL, in app: RunningApp) throws {
        let second = try RunningApp(arguments: [deck.path], home: app.home)
        defer { second.terminate() }
        XCTAssertEqual(second.waitForExit(), 0)
    }

    /// The deck named on the command line is read from the moment CardStack is the one running, before its window
    /// is made; the window takes that read, with its loading page and Cancel. A read that will clearly take long
    /// shows that page in the window's first frame, not an empty window first.
    func testADeckNamedAtLaunchIsReadFromTheStartAndCanBeCancelled() throws {
        let home = try RunningApp.temporaryHome()
        let slow = try writeSlowDeck(in: home)
        let app = try RunningApp(arguments: [slow.path], home: home, accessibility: true)
        defer { app.terminate() }
        XCTAssertTrue(app.waitForTrace("open: taking the read begun at launch"), app.log)
        XCTAssertTrue(app.waitForTrace("loading page shown for slow.csv"), app.log)
        XCTAssertTrue(app.log.contains("of reading foretold; loading page in the first frame"), "without waiting out the launch's wait: \(app.log)")
        XCTAssertTrue(app.waitForTrace("first frame; page "), app.log)
        XCTAssertTrue(app.log.contains("first frame; page loading"), app.log)
        XCTAssertLessThan(try XCTUnwrap(app.log.range(of: "loading page shown")).lowerBound,
                          try XCTUnwrap(app.log.range(of: "first frame; page")).lowerBound, "the page before the first frame: \(app.log)")
        try AccessibilityProbe.assert(["Cancel"], states: "FOCUSED", is: "push button | Cancel | True", "Cancel has the keyboard")
        app.focus()
        app.key("Escape")
        XCTAssertTrue(app.waitForTrace("open cancelled: slow.csv"), app.log)
        usleep(500_000)
        XCTAssertFalse(app.log.contains("opened slow"), "the read cancelled is never shown: \(app.log)")
    }

    func testASlowDeckShowsProgressAndCancelOrAnotherDeckStopsIt() throws {
        let (app, _) = try launchOnTestDeck(cards: 3, accessibility: true)
        let decks = app.home.appendingPathComponent("decks")
        let slow = try writeSlowDeck(in: decks)

        try open(slow, in: app)
        XCTAssertTrue(app.waitForTrace("loading page shown for slow.csv"), app.log)
        try AccessibilityProbe.assert(["Reading the deck"], states: "SENSITIVE", is: "progress bar | Reading the deck | True")
        try AccessibilityProbe.assert(["Cancel"], states: "FOCUSED", is: "push button | Cancel | True", "Cancel has the keyboard")
        app.focus()
        app.key("Escape")
        XCTAssertTrue(app.waitForTrace("open cancelled: slow.csv"), app.log)
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"], "the deck on show is back and works")

        // Opening another deck while one is read cancels the first.
        try open(slow, in: app)
        XCTAssertTrue(app.waitForTrace("loading page shown for slow.csv"), app.log)
        let other = try TestDecks.json(count: 2, in: decks, name: "other.json")
        try open(other, in: app)
        XCTAssertTrue(app.waitForTrace("opened Test deck: 0 of 2 decided"), app.log)
        let cancellations = app.log.components(separatedBy: "open cancelled: slow.csv").count - 1
        XCTAssertEqual(cancellations, 2, app.log)
        // The cancelled deck never turns up later.
        usleep(500_000)
        XCTAssertFalse(app.log.contains("opened slow"), app.log)
    }
}
