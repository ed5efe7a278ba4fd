// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The Browse page in the real window: keys, drags and flicks move the strip; a digit decides the centred card
/// as one step of the shared history, which undo takes back and the export shows.
final class BrowseUITests: XCTestCase {
    /// The cards the strip came to rest on, in order, from the app's trace.
    private func centred(_ app: RunningApp) -> [String] {
        app.traced("cardstack: browse: centred ")
    }

    /// Waits until the strip rests on `card` and nothing more is reported for a moment.
    private func waitUntilCentred(_ app: RunningApp, _ card: String, timeout: TimeInterval = 10,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(timeout)
        while centred(app).last != card, Date() < deadline { usleep(50_000) }
        XCTAssertEqual(centred(app).last, card, "centred cards: \(centred(app))", file: file, line: line)
    }

    private func drag(from start: (Int, Int), by dx: Int, steps: Int, stepDelay: useconds_t, hold: Bool) {
        RunningApp.mouseDrag(from: start, by: (dx, 0), steps: steps, stepDelay: stepDelay, pause: hold ? 250_000 : 0)
    }

    func testKeysDragsAndFlicksMoveTheStripAndADigitDecidesTheCentredCard() throws {
        // Sixty cards: a hard flick from card 12 travels some twenty, and must not be stopped by the last card.
        let (app, deck) = try launchOnTestDeck(cards: 60)
        app.key("alt+3")
        waitUntilCentred(app, "card-1")

        app.key("Right")
        waitUntilCentred(app, "card-2")
        app.key("End")
        waitUntilCentred(app, "card-60")
        app.key("Home")
        waitUntilCentred(app, "card-1")
        app.key("Page_Down")
        waitUntilCentred(app, "card-11")

        guard let size = app.windowSize() else { return XCTFail("no window") }
        let middle = (size.width / 2, size.height / 2)
        // A slow drag of two thirds of a card (the card is 70% of the 900 pt window) settles on the next one.
        drag(from: middle, by: -430, steps: 20, stepDelay: 20_000, hold: true)
        waitUntilCentred(app, "card-12")
        // A fast flick travels several cards: 700 pt in three moves, as fast as xdotool can send them (the release
        // velocity comes from the events' own times, so a busy machine doesn't slow the flick down).
        drag(from: (size.width - 100, middle.1), by: -700, steps: 3, stepDelay: 0, hold: false)
        let deadline = Date().addingTimeInterval(5)
        while (centred(app).last.flatMap { Int($0.dropFirst(5)) } ?? 0) < 14, Date() < deadline { usleep(50_000) }
        let afterFlick = centred(app).last.flatMap { Int($0.dropFirst(5)) } ?? 0
        XCTAssertGreaterThanOrEqual(afterFlick, 14, "a flick moves more than one card: \(centred(app))")
        usleep(600_000)

        let target = "card-\(afterFlick)"
        app.key("1")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided \(target) left"], "key 1 decides the centred card with the first button")
        waitUntilCentred(app, "card-\(afterFlick + 1)")
        app.key("Left", "2")
        XCTAssertEqual(app.waitForDeckEvents(2).last, "moved \(target) left to right", "deciding again moves the card")
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(3).last, "undone moved \(target) left to right")

        let export = app.runCommand(["--export", deck.path])
        XCTAssertEqual(export.status, 0, export.error)
        XCTAssertEqual(TestDecks.exportedIDs(export.output), [target], "the export shows the Browse decision")
        XCTAssertNotNil(export.output.range(of: "\(target),Card \(afterFlick),left,"), export.output)

        app.key("alt+1", "Right")
        XCTAssertEqual(app.waitForDeckEvents(4).last, "decided card-1 right", "the Deck page goes on with its front card")
    }

    /// A toast's Undo belongs to the step it tells of: once Ctrl+Z has taken that step back, the toast has no
    /// Undo left to press, and nothing else is taken back (it took back an earlier decision made on the Deck page).
    func testAToastsUndoNeverTakesBackAnotherStep() throws {
        let (app, deck) = try launchOnTestDeck(cards: 6, accessibility: true)
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"])
        app.key("alt+3")
        waitUntilCentred(app, "card-2")
        app.key("3")
        XCTAssertEqual(app.waitForDeckEvents(2).last, "decided card-2 up")
        try AccessibilityProbe.assert(["=push button|Undo"], states: "SENSITIVE", is: "push button | Undo | True", "the toast offers Undo of card 2")
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(3).last, "undone card-2 up")
        // Pressed as a screen reader or a click would, if it is still there.
        _ = try AccessibilityProbe.describe(["=push button|Undo"], states: "CLICK", waitingUpTo: 10)
        usleep(1_000_000)
        XCTAssertEqual(app.traced("cardstack: deck: ").count, 3, "nothing more was taken back: \(app.traced("cardstack: deck: "))")
        try AccessibilityProbe.assert(["=push button|Undo"], states: "SENSITIVE", is: "nothing named =push button|Undo")
        XCTAssertEqual(TestDecks.exportedIDs(app.runCommand(["--export", deck.path]).output), ["card-1"], "the Deck page's decision stands")
    }

    /// The cards found for the words typed: "N of M found for …" from the trace.
    private func waitUntilFound(_ app: RunningApp, _ line: String, file: StaticString = #filePath, line number: UInt = #line) {
        let found = { app.traced("cardstack: browse: ").filter { $0.contains(" found for ") } }
        let deadline = Date().addingTimeInterval(10)
        while found().last != line, Date() < deadline { usleep(50_000) }
        XCTAssertEqual(found().last, line, file: file, line: number)
    }

    /// Typing a letter on the strip, or Ctrl+F anywhere, finds the cards holding every word typed; Return gives
    /// the strip the keyboard on them, and Esc shows every card again, the centred one staying.
    func testTypingFindsCardsByEveryWordAndEscShowsEveryCardAgain() throws {
        let (app, _) = try launchOnTestDeck(cards: 60)
        app.key("alt+3")
        waitUntilCentred(app, "card-1")

        app.key("c", "a", "r", "d", "space", "1")
        waitUntilFound(app, "15 of 60 found for \"card 1\"")
        app.key("Return", "Right")
        waitUntilCentred(app, "card-10")

        app.key("ctrl+f", "2")
        waitUntilFound(app, "1 of 60 found for \"card 12\"")
        waitUntilCentred(app, "card-12")
        app.key("Escape")
        waitUntilFound(app, "60 of 60 found for \"\"")
        app.key("Right")
        waitUntilCentred(app, "card-13")

        // From another page, Ctrl+F opens Browse with the keyboard in the bar; Esc on the strip stops finding too.
        app.key("alt+1", "ctrl+f", "c", "a", "r", "d", "space", "4", "4")
        waitUntilFound(app, "1 of 60 found for \"card 44\"")
        app.key("Return", "Escape")
        waitUntilFound(app, "60 of 60 found for \"\"")
        XCTAssertEqual(app.traced("cardstack: deck: "), [], "no key typed to find decided a card")
    }
}
