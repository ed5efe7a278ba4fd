// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Swiping the real window with the mouse and the keyboard, checked through the decisions the app reports.
final class DeckInteractionUITests: XCTestCase {
    /// The app's trace lines for decisions, in order, as "decided <card id> <direction>" and the like.
    private func deckEvents(_ app: RunningApp) -> [String] {
        app.log.split(separator: "\n").compactMap { line in
            line.range(of: "cardstack: deck: ").map { String(line[$0.upperBound...]) }
        }
    }

    private func waitForEvents(_ app: RunningApp, count: Int, timeout: TimeInterval = 10) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while deckEvents(app).count < count, Date() < deadline { usleep(50_000) }
        return deckEvents(app)
    }

    /// Moves the pointer in small steps, as a hand would, with the button held.
    private func drag(from start: (Int, Int), by offset: (Int, Int), steps: Int = 12, stepDelay: useconds_t = 16_000) {
        RunningApp.xdotool(["mousemove", "\(start.0)", "\(start.1)"])
        RunningApp.xdotool(["mousedown", "1"])
        for step in 1...steps {
            let x = start.0 + offset.0 * step / steps
            let y = start.1 + offset.1 * step / steps
            RunningApp.xdotool(["mousemove", "\(x)", "\(y)"])
            usleep(stepDelay)
        }
        usleep(200_000)  // hold still so the release carries no flick velocity
        RunningApp.xdotool(["mouseup", "1"])
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
        XCTAssertEqual(deckEvents(app), [], "a 30 px drag springs back without deciding")

        drag(from: center, by: (260, 20))
        XCTAssertEqual(waitForEvents(app, count: 1), ["decided dune right"], "a long drag right decides the front card")

        drag(from: center, by: (-260, 10))
        XCTAssertEqual(waitForEvents(app, count: 2).last, "decided pride-and-prejudice left")
    }

    func testArrowKeysSwipeAndControlZUndoes() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right", "Left", "Up", "Down", "ctrl+z", "ctrl+z", "ctrl+shift+z")
        XCTAssertEqual(waitForEvents(app, count: 7), [
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
    /// keys still swipe, and the focus comes back to the deck (issue 15).
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
        XCTAssertEqual(waitForEvents(app, count: 1), ["decided dune right"])
        app.key("Tab", "Tab")
        usleep(200_000)
        app.key("Left")
        XCTAssertEqual(waitForEvents(app, count: 2), ["decided dune right", "decided pride-and-prejudice left"])
    }

    /// Start Over is a step like any other: Ctrl+Z brings every decision back, and the export shows them (issue 15).
    func testStartOverCanBeUndone() throws {
        let (app, deck) = try launchOnTestDeck(cards: 2)
        app.key("Right", "Left")
        XCTAssertEqual(waitForEvents(app, count: 2).count, 2)
        usleep(800_000)  // the last card flies off and the finished page comes
        app.key("alt+s")
        XCTAssertEqual(waitForEvents(app, count: 3).last, "restarted", "the finished page's Start Over (Alt+S)")
        XCTAssertEqual(TestDecks.exportedIDs(app.runCommand(["--export", deck.path]).output), [])
        app.key("ctrl+z")
        XCTAssertEqual(waitForEvents(app, count: 4).last, "undone restarted")
        XCTAssertEqual(TestDecks.exportedIDs(app.runCommand(["--export", deck.path]).output), ["card-1", "card-2"])
    }

    /// A first run shows how to swipe until the first swipe; the next launch doesn't (issue 15).
    func testTheGestureHintShowsUntilTheFirstSwipe() throws {
        let first = try RunningApp()
        defer { first.terminate() }
        first.waitForTrace("first frame")
        XCTAssertTrue(first.log.contains("gesture hint shown"))
        first.focus()
        first.key("Right")
        XCTAssertEqual(waitForEvents(first, count: 1).count, 1)
        first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(), 0)

        let second = try RunningApp(home: first.home)
        defer { second.terminate() }
        second.waitForTrace("first frame")
        XCTAssertFalse(second.log.contains("gesture hint shown"), "learnt once is enough")
    }

    /// A toast never covers the Deck page's buttons: a click on Keep while "Started over" shows decides the
    /// front card (issue 15: toasts swallowed clicks on the buttons for 5 s).
    func testAButtonUnderWhereToastsShowTakesAClick() throws {
        let (app, _) = try launchOnTestDeck(cards: 2, accessibility: true)
        app.key("Right", "Left")
        XCTAssertEqual(waitForEvents(app, count: 2).count, 2)
        usleep(800_000)
        app.key("alt+s")
        XCTAssertEqual(waitForEvents(app, count: 3).last, "restarted")
        usleep(400_000)  // the toast is up for five seconds
        let described = try AccessibilityProbe.describe(["=push button|Keep (→)"], states: "EXTENTS")
        let box = described.split(separator: "|").last.map { $0.trimmingCharacters(in: .whitespaces).split(separator: ",").compactMap { Int($0) } } ?? []
        guard box.count == 4, let window = app.windowGeometry() else { return XCTFail("no Keep button: \(described)") }
        // Low on the button, where a toast at the window's bottom would lie.
        RunningApp.xdotool(["mousemove", "\(window.x + box[0] + box[2] / 2)", "\(window.y + box[1] + box[3] * 9 / 10)", "click", "1"])
        XCTAssertEqual(waitForEvents(app, count: 4).last, "decided card-1 right", "the click reached the button")
    }

    func testFastKeyBurstDecidesEveryCardExactlyOnce() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        // 50 presses at ~30 a second for a 45-card deck: the extra presses find nothing left to decide.
        RunningApp.xdotool(["key", "--delay", "33"] + Array(repeating: "Right", count: 50))
        let events = waitForEvents(app, count: 45)
        usleep(500_000)
        let decided = deckEvents(app).filter { $0.hasPrefix("decided ") }
        XCTAssertEqual(decided.count, 45, "every card decided, none twice; events: \(events)")
        XCTAssertEqual(Set(decided).count, 45, "no card decided twice")
        app.key("ctrl+z")
        XCTAssertEqual(waitForEvents(app, count: 46).last?.hasPrefix("undone "), true, "undo works from the finished page")
    }
}
