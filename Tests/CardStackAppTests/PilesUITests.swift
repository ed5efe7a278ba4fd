// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The Piles page in the real window: cards decided on the Deck page appear in their piles; a mouse drag
/// returns a card, the keyboard expands a pile, returns a card and moves one through the context menu; a drag
/// returns a whole collapsed pile; undo takes a step back; and everything is still there after a restart.
final class PilesUITests: XCTestCase {
    private func drag(from start: (Int, Int), by dx: Int) {
        RunningApp.mouseDrag(from: start, by: (dx, 0), pause: 200_000)
    }

    func testReturnMoveAndReturnAllFromThePilesSurviveARestart() throws {
        let home = try RunningApp.temporaryHome()
        let deck = try TestDecks.json(count: 12, in: home.appendingPathComponent("decks"))
        let app = try RunningApp(arguments: [deck.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        // The pointer out of the way of tooltips, which would take the keyboard's place in a menu.
        RunningApp.xdotool(["mousemove", "1", "1"])
        app.key("Right", "Right", "Left", "Up", "Right", "Down")
        XCTAssertEqual(app.waitForDeckEvents(6).count, 6)

        guard let size = app.windowSize() else { return XCTFail("no window") }
        // The Skip pile is the first on the page, its top card under this point whether collapsed or expanded.
        let skipPile = (size.width / 2, 150)

        // Alt+2 focuses the first pile with cards (Skip: card-3); Return expands it; a mouse drag sideways
        // sends its card back to the deck.
        app.key("alt+2")
        usleep(500_000)
        app.key("Return")
        usleep(900_000)
        drag(from: skipPile, by: 320)
        XCTAssertEqual(app.waitForDeckEvents(7).last, "returned card-3 from left", "a card dragged sideways goes back to the deck")

        // Tab goes on to Keep (card-5, card-2, card-1): expand it, Down to its first card, Delete returns it.
        app.key("Tab", "Return")
        usleep(600_000)
        app.key("Down", "Delete")
        XCTAssertEqual(app.waitForDeckEvents(8).last, "returned card-5 from right", "Delete returns the focused card")

        // The menu opens on "Move to"; Return opens its submenu on its back button, Down goes to the first pile.
        app.key("Menu")
        app.waitForTrace("piles: menu for card-2")
        usleep(500_000)
        app.key("Return")
        usleep(1_000_000)
        app.key("Down", "Return")
        XCTAssertEqual(app.waitForDeckEvents(9).last, "moved card-2 right to left", "the menu moves a card to another pile")

        // The Skip pile, collapsed again since it emptied, now holds card-2: a drag sideways returns all of it.
        usleep(600_000)
        drag(from: skipPile, by: 320)
        XCTAssertEqual(app.waitForDeckEvents(10).last, "reviewing 1 left", "swiping a collapsed pile returns all its cards")
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(11).last, "undone reviewing 1 left")
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)

        let again = try RunningApp(arguments: [deck.path], home: home)
        defer { again.terminate() }
        again.waitForTrace("opened Test deck: 4 of 12 decided, front card-5")
        let export = again.runCommand(["--export", deck.path])
        XCTAssertEqual(export.status, 0, export.error)
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-1", "card-4", "card-6", "card-2"])
        XCTAssertNotNil(export.output.range(of: "card-2,Card 2,left,"), export.output)
    }

    /// The Menu key on a card of a long pile that the keys have moved out of sight: its menu opens inside the
    /// window (GTK 4.8 asked for the geometry of no monitor for one anchored off screen, a critical error).
    func testTheMenuOfACardOutOfSightOpensInsideTheWindow() throws {
        let (app, _) = try launchOnTestDeck(cards: 30)
        RunningApp.xdotool(["key", "--delay", "30"] + Array(repeating: "Right", count: 30))
        XCTAssertEqual(app.waitForDeckEvents(30).count, 30)
        RunningApp.xdotool(["key", "--delay", "30", "alt+2", "Return"] + Array(repeating: "Down", count: 22) + ["Menu"])
        app.waitForTrace("piles: menu for ")
        usleep(1_000_000)
        XCTAssertTrue(app.process.isRunning, "the app is alive with the menu open")
        app.key("Escape")
        app.key("alt+1", "ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(31).last, "undone card-30 right", "and it still takes keys")
    }
}
