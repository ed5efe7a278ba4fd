// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// What a screen reader finds: the deck as a focusable panel whose name is the card in front.
final class AccessibilityUITests: XCTestCase {
    /// Asks AT-SPI (through pyatspi, as Orca does) for the first element whose name contains one of the
    /// texts in the arguments: its role, name, and whether it has each comma-separated state in the last
    /// argument (pyatspi's names without `STATE_`), as one line.
    private static let probe = """
    import sys, pyatspi
    texts = sys.argv[1:-1]
    states = [getattr(pyatspi, "STATE_" + name) for name in sys.argv[-1].split(",")]
    def find(node):
        try:
            name = node.name
        except Exception:
            return None
        if any(text in name for text in texts):
            return node
        for index in range(node.childCount):
            found = find(node.getChildAtIndex(index))
            if found:
                return found
        return None
    for app in pyatspi.Registry.getDesktop(0):
        if app and app.name == "cardstack":
            node = find(app)
            if node:
                have = node.getState()
                print(node.getRoleName(), "|", node.name, "|", *[have.contains(state) for state in states])
                sys.exit(0)
    print("nothing named", *texts)
    """

    /// The deck: named for its front card, or saying every card is decided; focusable, focused.
    private func describeDeck() throws -> String {
        try runProbe([Self.probe, "Card ", "cards decided", "FOCUSABLE,FOCUSED"])
    }

    private func runProbe(_ arguments: [String]) throws -> String {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let check = Process()
        check.executableURL = python
        check.arguments = ["-c", "import pyatspi"]
        check.standardError = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else { throw XCTSkip("needs python3-pyatspi (make check installs it)") }
        let probe = Process()
        probe.executableURL = python
        probe.arguments = ["-c"] + arguments
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        probe.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Asks until the deck is described as `expected` (motion may still be finishing), at most `timeout` seconds.
    private func assertDeck(_ expected: String, timeout: TimeInterval = 10, _ message: String = "", line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = try describeDeck()
        while seen != expected, Date() < deadline {
            usleep(100_000)
            seen = try describeDeck()
        }
        XCTAssertEqual(seen, expected, message, line: line)
    }

    /// Asks until the element whose name contains `text` is described as `expected`, at most `timeout` seconds.
    private func assertNamed(_ text: String, _ expected: String, timeout: TimeInterval = 10, _ message: String = "", line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = try runProbe([Self.probe, text, "FOCUSED,EXPANDED"])
        while seen != expected, Date() < deadline {
            usleep(100_000)
            seen = try runProbe([Self.probe, text, "FOCUSED,EXPANDED"])
        }
        XCTAssertEqual(seen, expected, message, line: line)
    }

    func testPilesAndBrowseTellTheirStateAndPosition() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-ui-\(UUID().uuidString)")
        let deck = try TestDecks.json(count: 3, in: home.appendingPathComponent("decks"))
        let app = try RunningApp(arguments: [deck.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Left", "Right")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        app.key("alt+2")
        try assertNamed("Skip, ", "panel | Skip, 1 card, collapsed | True False", "the first pile with cards has the focus")
        try assertNamed("Keep, ", "panel | Keep, 1 card, collapsed | False False")
        app.key("Return")
        try assertNamed("Skip, ", "panel | Skip, 1 card, expanded | True True", "GTK's expanded state follows the pile")
        app.key("alt+3")
        try assertNamed("Card 3, ", "panel | Card 3, 3 of 3, Undecided | True False", "Browse opens on the deck's front card")
        app.key("Home")
        try assertNamed("Card 1, ", "panel | Card 1, 1 of 3, Skip | True False", "the name follows the centred card and its decision")
    }

    func testTheDeckIsAFocusedPanelNamedForTheFrontCard() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-ui-\(UUID().uuidString)")
        let deck = try TestDecks.json(count: 3, in: home.appendingPathComponent("decks"))
        let app = try RunningApp(arguments: [deck.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        try assertDeck("panel | Card 1 of 3: Card 1 — Test card | True True")
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"])
        try assertDeck("panel | Card 2 of 3: Card 2 — Test card | True True", "the name follows the front card")
        app.key("Right", "Right")
        XCTAssertEqual(app.waitForDeckEvents(3).count, 3)
        try assertDeck("panel | Test deck: all 3 cards decided | True False",
                       "once every card is decided the deck says so (the finished page has the focus)")
    }
}
