// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The Piles page in the real window: cards decided on the Deck page appear in their piles; the keyboard
/// expands a pile, returns a card and moves one through the context menu; a mouse drag returns a collapsed
/// pile; undo takes a step back; and everything is still there after a restart.
final class PilesUITests: XCTestCase {
    private func drag(from start: (Int, Int), by dx: Int) {
        RunningApp.xdotool(["mousemove", "\(start.0)", "\(start.1)"])
        RunningApp.xdotool(["mousedown", "1"])
        for step in 1...15 {
            RunningApp.xdotool(["mousemove", "\(start.0 + dx * step / 15)", "\(start.1)"])
            usleep(16_000)
        }
        usleep(200_000)
        RunningApp.xdotool(["mouseup", "1"])
    }

    /// The app's visible windows: a popover menu is one more while it is open.
    private func visibleWindows(_ app: RunningApp) -> Int {
        RunningApp.xdotool(["search", "--onlyvisible", "--pid", "\(app.process.processIdentifier)"])
            .split(separator: "\n").count
    }

    /// Waits until the app shows more than `count` windows, at most `timeout` seconds.
    private func waitForPopup(_ app: RunningApp, beyond count: Int, timeout: TimeInterval = 10) {
        let deadline = Date().addingTimeInterval(timeout)
        while visibleWindows(app) <= count, Date() < deadline { usleep(50_000) }
        XCTAssertGreaterThan(visibleWindows(app), count, "the menu opened")
        usleep(300_000)
    }

    func testReturnMoveAndReturnAllFromThePilesSurviveARestart() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-ui-\(UUID().uuidString)")
        let deck = try TestDecks.json(count: 12, in: home.appendingPathComponent("decks"))
        let app = try RunningApp(arguments: [deck.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right", "Right", "Left", "Up", "Right", "Down")
        XCTAssertEqual(app.waitForDeckEvents(6).count, 6)

        // Alt+2 focuses the first pile with cards (Skip: card-3); Tab goes on to Keep (card-5, card-2, card-1).
        app.key("alt+2")
        usleep(500_000)
        app.key("Tab", "Return")
        usleep(400_000)
        app.key("Down", "Delete")
        XCTAssertEqual(app.waitForDeckEvents(7).last, "returned card-5 from right", "Delete returns the focused card")

        // The menu opens on "Move to"; Return opens its submenu on its back button, Down goes to the first pile.
        let windows = visibleWindows(app)
        app.key("Menu")
        waitForPopup(app, beyond: windows)
        app.key("Return")
        usleep(800_000)
        app.key("Down", "Return")
        XCTAssertEqual(app.waitForDeckEvents(8).last, "moved card-2 right to left", "the menu moves a card to another pile")

        // The Skip pile, collapsed at the top of the page, now holds card-2 and card-3: a drag sideways on it
        // returns them both.
        guard let size = app.windowSize() else { return XCTFail("no window") }
        drag(from: (size.width / 2, 150), by: 320)
        XCTAssertEqual(app.waitForDeckEvents(9).last, "reviewing 2 left", "swiping a collapsed pile returns all its cards")
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(10).last, "undone reviewing 2 left")
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)

        let again = try RunningApp(arguments: [deck.path], home: home)
        defer { again.terminate() }
        again.waitForTrace("opened Test deck: 5 of 12 decided, front card-5")
        let export = again.runCommand(["--export", deck.path])
        XCTAssertEqual(export.status, 0, export.error)
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-1", "card-3", "card-4", "card-6", "card-2"])
        XCTAssertNotNil(export.output.range(of: "card-2,Card 2,left,"), export.output)
    }
}
