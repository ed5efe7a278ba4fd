// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The stacked sheets in the real window, as a person and a screen reader meet them: Enter opens a card's
/// details, Ctrl+I opens Deck info above it, a click on the details sheet's visible strip closes Deck info only,
/// Escape and a mouse drag down close a sheet, and a burst of Enter and Escape leaves no sheet and no scrim.
final class SheetsUITests: XCTestCase {
    /// Waits until the app's last word on its open sheets is `expected` ("details, info", "none").
    private func waitForSheets(_ expected: String, in app: RunningApp, timeout: TimeInterval = 10, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        repeat {
            last = app.log.split(separator: "\n").last { $0.contains("cardstack: sheets: ") }.map { String($0.split(separator: ": ").last ?? "") } ?? ""
            if last == expected { return }
            usleep(50_000)
        } while Date() < deadline
        XCTFail("open sheets are “\(last)”, not “\(expected)”", line: line)
    }

    /// The colour of the screen's pixel at `x`, `y`, as ImageMagick names it ("#F6F5F4").
    private func pixel(_ x: Int, _ y: Int) -> String {
        let text = RunningApp.output(of: "/usr/bin/import", ["-window", "root", "-crop", "1x1+\(x)+\(y)", "-depth", "8", "txt:-"])
        // "0,0: (246,245,244)  #F6F5F4  srgb(246,245,244)", under a "# ImageMagick …" header.
        return text.split(separator: "\n").last?.split(separator: " ").first { $0.hasPrefix("#") }.map(String.init) ?? text
    }

    /// The three sheets are built ahead a second after the deck's first frame, unseen and unheard, and the first
    /// Enter and Ctrl+I open them as they were built.
    func testSheetsBuiltAheadAreUnheardUntilOpened() throws {
        let (app, _) = try launchOnTestDeck(cards: 12, accessibility: true)
        app.waitForTrace("sheets prepared: details, info, history")
        try AccessibilityProbe.assert([" — Details"], states: "MODAL", is: "nothing named  — Details", "a sheet built ahead is not spoken")
        try AccessibilityProbe.assert(["=dialog|Deck Info"], states: "MODAL", is: "nothing named =dialog|Deck Info")
        app.key("Return")
        waitForSheets("details", in: app)
        try AccessibilityProbe.assert(["Card 1 — Details"], states: "MODAL", is: "dialog | Card 1 — Details | True")
        app.key("ctrl+i")
        waitForSheets("details, info", in: app)
        try AccessibilityProbe.assert(["=dialog|Deck Info"], states: "MODAL", is: "dialog | Deck Info | True")
        app.key("Escape")
        app.key("Escape")
        waitForSheets("none", in: app)
    }

    func testOpenStackTapEscapeDragAndABurst() throws {
        let (app, _) = try launchOnTestDeck(cards: 12, accessibility: true)
        RunningApp.xdotool(["mousemove", "1", "1"])
        guard let window = app.windowGeometry() else { return XCTFail("no window") }
        // Beside the deck, under the header bar: the page's background, dimmed by the scrim while a sheet is open.
        let background = (window.x + 24, window.y + window.height / 4)
        usleep(300_000)
        let bare = pixel(background.0, background.1)

        app.key("Return")
        waitForSheets("details", in: app)
        try AccessibilityProbe.assert(["Card 1 — Details"], states: "MODAL", is: "dialog | Card 1 — Details | True",
                                      "a modal dialog named after the card")
        XCTAssertNotEqual(pixel(background.0, background.1), bare, "the scrim dims the page")

        app.key("ctrl+i")
        waitForSheets("details, info", in: app)
        try AccessibilityProbe.assert(["=dialog|Deck Info"], states: "MODAL", is: "dialog | Deck Info | True")
        // Details rose to 90% of the area under the header bar; Deck info is shorter: a click a fifth of the way
        // down the window lands on the details sheet's strip above it.
        usleep(800_000)
        RunningApp.xdotool(["mousemove", "\(window.x + window.width / 2)", "\(window.y + window.height / 5)", "click", "1"])
        waitForSheets("details", in: app)
        RunningApp.xdotool(["mousemove", "1", "1"])

        app.key("Escape")
        waitForSheets("none", in: app)
        try AccessibilityProbe.assert([" — Details"], states: "MODAL", is: "nothing named  — Details", "no dialog is left")

        // A drag down from the handle of the sheet at its medium detent (half the area under the header) closes it.
        app.key("Return")
        waitForSheets("details", in: app)
        usleep(900_000)
        RunningApp.mouseDrag(from: (window.x + window.width / 2, window.y + window.height / 2 + 40), by: (0, 240))
        waitForSheets("none", in: app)

        // 30 presses a second, Enter and Escape in turn: no sheet is left, and no scrim.
        var burst: [String] = []
        for _ in 0..<15 { burst += ["Return", "Escape"] }
        RunningApp.xdotool(["key", "--delay", "33"] + burst)
        waitForSheets("none", in: app)
        try AccessibilityProbe.assert([" — Details"], states: "MODAL", is: "nothing named  — Details")
        let deadline = Date().addingTimeInterval(5)
        while pixel(background.0, background.1) != bare, Date() < deadline { usleep(100_000) }
        XCTAssertEqual(pixel(background.0, background.1), bare, "the scrim has gone with the last sheet")
        XCTAssertEqual(app.deckEvents, [], "opening and closing sheets decides nothing")
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"], "the keyboard is back on the deck")
    }

    func testDecidingInDetailsIsOneUndoableStepThatHistoryLists() throws {
        let (app, deck) = try launchOnTestDeck(cards: 5, accessibility: true)
        RunningApp.xdotool(["mousemove", "1", "1"])

        // Browse's centred card (the deck's front card) opens its details with Enter; 2 decides it Keep.
        app.key("alt+3")
        app.waitForTrace("browse: centred card-1")
        app.key("Right")
        app.waitForTrace("browse: centred card-2")
        app.key("Return")
        waitForSheets("details", in: app)
        try AccessibilityProbe.assert(["Card 2 — Details"], states: "MODAL", is: "dialog | Card 2 — Details | True")
        app.key("2")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-2 right"])
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(2).last, "undone card-2 right", "Ctrl+Z takes the step back with the sheet open")
        app.key("3")
        XCTAssertEqual(app.waitForDeckEvents(3).last, "decided card-2 up")

        // Deck info (Ctrl+I) counts it; its History button (Alt+H) lists the steps, newest first.
        app.key("ctrl+i")
        waitForSheets("details, info", in: app)
        app.key("alt+h")
        waitForSheets("details, info, history", in: app)
        try AccessibilityProbe.assert(["=label|Favourite: Card 2"], states: "FOCUSED", is: "label | Favourite: Card 2 | False", "the latest step is listed")
        try AccessibilityProbe.assert(["=label|Undone: Card 2"], states: "FOCUSED", is: "label | Undone: Card 2 | False")
        app.key("Escape", "Escape", "Escape")
        waitForSheets("none", in: app)
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0)

        let export = app.runCommand(["--export", deck.path])
        XCTAssertEqual(TestDecks.exportedIDs(export.output), ["card-2"], export.error)
        XCTAssertNotNil(export.output.range(of: "card-2,Card 2,up,"), export.output)
    }
}
