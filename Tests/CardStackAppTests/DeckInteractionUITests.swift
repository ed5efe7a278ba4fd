// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Swiping the real window with the mouse and the keyboard, checked through the decisions the app reports.
final class DeckInteractionUITests: XCTestCase {
    /// Moves the pointer in small steps, as a hand would, with the button held, and holds still before letting
    /// go so the release carries no flick velocity.
    private func drag(from start: (Int, Int), by offset: (Int, Int)) {
        RunningApp.mouseDrag(from: start, by: offset, steps: 12, pause: 200_000)
    }

    func testDragPastTheThresholdDecidesAndAShortDragSpringsBack() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        guard let size = app.windowSize() else { return XCTFail("no window") }
        let center = (size.width / 2, size.height / 2 - 40)

        drag(from: center, by: (30, 0))
        usleep(600_000)
        XCTAssertEqual(app.deckEvents, [], "a 30 px drag springs back without deciding")

        drag(from: center, by: (260, 20))
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided dune right"], "a long drag right decides the front card")

        drag(from: center, by: (-260, 10))
        XCTAssertEqual(app.waitForDeckEvents(2).last, "decided pride-and-prejudice left")
    }

    func testArrowKeysSwipeAndControlZUndoes() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right", "Left", "Up", "Down", "ctrl+z", "ctrl+z", "ctrl+shift+z")
        XCTAssertEqual(app.waitForDeckEvents(7), [
            "decided dune right",
            "decided pride-and-prejudice left",
            "decided one-hundred-years-of-solitude up",
            "decided things-fall-apart down",
            "undone things-fall-apart down",
            "undone one-hundred-years-of-solitude up",
            "redone one-hundred-years-of-solitude up",
        ])
    }

    /// After the main menu opened and closed (focus on its button), and after Tab moved the focus away, arrow
    /// keys still swipe, and the focus comes back to the deck.
    func testArrowKeysSwipeAfterAMenuClosesAndWhereverTheFocusIs() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("F10")
        usleep(400_000)
        app.key("Escape")
        usleep(300_000)
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided dune right"])
        app.key("Tab", "Tab")
        usleep(200_000)
        app.key("Left")
        XCTAssertEqual(app.waitForDeckEvents(2), ["decided dune right", "decided pride-and-prejudice left"])
    }

    /// Start Over is a step like any other: Ctrl+Z brings every decision back, and the export shows them.
    func testStartOverCanBeUndone() throws {
        let (app, deck) = try launchOnTestDeck(cards: 2)
        app.key("Right", "Left")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        usleep(800_000)  // the last card flies off and the finished page comes
        app.key("alt+s")
        XCTAssertEqual(app.waitForDeckEvents(3).last, "restarted", "the finished page's Start Over (Alt+S)")
        XCTAssertEqual(TestDecks.exportedIDs(app.runCommand(["--export", deck.path]).output), [])
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(4).last, "undone restarted")
        XCTAssertEqual(TestDecks.exportedIDs(app.runCommand(["--export", deck.path]).output), ["card-1", "card-2"])
    }

    /// A first run shows how to swipe until the first swipe; the next launch doesn't.
    func testTheGestureHintShowsUntilTheFirstSwipe() throws {
        let first = try RunningApp()
        defer { first.terminate() }
        first.waitForTrace("first frame")
        // In view once it has faded in, from the deck's second frame.
        first.waitForTrace("gesture hint shown")
        first.focus()
        first.key("Right")
        XCTAssertEqual(first.waitForDeckEvents(1).count, 1)
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0)

        let second = try RunningApp(home: first.home)
        defer { second.terminate() }
        second.waitForTrace("first frame")
        XCTAssertFalse(second.log.contains("gesture hint shown"), "learnt once is enough")
    }

    /// A toast never covers the Deck page's buttons: a click on Keep while "Started over" shows decides the
    /// front card (toasts swallowed clicks on the buttons for 5 s).
    func testAButtonUnderWhereToastsShowTakesAClick() throws {
        let (app, _) = try launchOnTestDeck(cards: 2, accessibility: true)
        app.key("Right", "Left")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        usleep(800_000)
        app.key("alt+s")
        XCTAssertEqual(app.waitForDeckEvents(3).last, "restarted")
        usleep(400_000)  // the toast is up for five seconds
        let described = try AccessibilityProbe.describe(["=push button|Keep (→)"], states: "EXTENTS", waitingUpTo: 10)
        let box = described.split(separator: "|").last.map { $0.trimmingCharacters(in: .whitespaces).split(separator: ",").compactMap { Int($0) } } ?? []
        guard box.count == 4, let window = app.windowGeometry() else { return XCTFail("no Keep button: \(described)") }
        // Low on the button, where a toast at the window's bottom would lie.
        RunningApp.xdotool(["mousemove", "\(window.x + box[0] + box[2] / 2)", "\(window.y + box[1] + box[3] * 9 / 10)", "click", "1"])
        XCTAssertEqual(app.waitForDeckEvents(4).last, "decided card-1 right", "the click reached the button")
    }

    func testFastKeyBurstDecidesEveryCardExactlyOnce() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        // 50 presses at ~30 a second for a 45-card deck: the extra presses find nothing left to decide.
        RunningApp.xdotool(["key", "--delay", "33"] + Array(repeating: "Right", count: 50))
        let events = app.waitForDeckEvents(45)
        usleep(500_000)
        let decided = app.deckEvents.filter { $0.hasPrefix("decided ") }
        XCTAssertEqual(decided.count, 45, "every card decided, none twice; events: \(events)")
        XCTAssertEqual(Set(decided).count, 45, "no card decided twice")
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(46).last?.hasPrefix("undone "), true, "undo works from the finished page")
    }
}
