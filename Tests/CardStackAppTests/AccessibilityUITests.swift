// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// What a screen reader finds: the deck as a focusable panel whose name is the card in front.
final class AccessibilityUITests: XCTestCase {
    /// Asks until the deck (named for its front card, or saying every card is decided) is described as
    /// `expected`, with whether it is focusable and focused.
    private func assertDeck(_ expected: String, _ message: String = "", line: UInt = #line) throws {
        try AccessibilityProbe.assert(["Card ", "cards decided"], states: "FOCUSABLE,FOCUSED", is: expected, message, line: line)
    }

    /// Asks until the element whose name contains `text` is described as `expected`, with whether it is focused
    /// and expanded.
    private func assertNamed(_ text: String, _ expected: String, _ message: String = "", timeout: TimeInterval = 10, line: UInt = #line) throws {
        try AccessibilityProbe.assert([text], states: "FOCUSED,EXPANDED", is: expected, timeout: timeout, message, line: line)
    }

    func testPilesAndBrowseTellTheirStateAndPosition() throws {
        let (app, deck) = try launchOnTestDeck(cards: 3, accessibility: true)
        app.key("Left", "Right")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        app.key("alt+2")
        try assertNamed("Skip, ", "panel | Skip, 1 card, collapsed | True False", "the first pile with cards has the focus")
        try assertNamed("Keep, ", "panel | Keep, 1 card, collapsed | False False")
        app.key("Return")
        try assertNamed("Skip, ", "panel | Skip, 1 card, expanded | True True", "GTK's expanded state follows the pile")
        app.key("alt+3")
        try assertNamed("Card 3 — Test card, ", "panel | Card 3 — Test card, 3 of 3, Undecided | True False", "Browse opens on the deck's front card")
        app.key("Home")
        try assertNamed("Card 1 — Test card, ", "panel | Card 1 — Test card, 1 of 3, Skip | True False", "the name follows the centred card and its decision")
    }

    /// After Undo or Redo in Browse the strip's name keeps what was taken back or made again while the card's face
    /// and stamp settle (they name it again): Orca, reading only the latest name of a busy app, heard nothing of
    /// a redo. Moving the strip drops it.
    func testBrowseSaysWhatUndoAndRedoDidUntilTheStripMoves() throws {
        let (app, _) = try launchOnTestDeck(cards: 3, accessibility: true)
        app.key("alt+3")
        try assertNamed("Card 1 — Test card, ", "panel | Card 1 — Test card, 1 of 3, Undecided | True False")
        app.key("2")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"])
        try assertNamed("Card 2 — Test card, ", "panel | Card 2 — Test card, 2 of 3, Undecided | True False", "Browse moves on")
        app.key("ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(2).last, "undone card-1 right")
        try assertNamed("Test card, ", "panel | Undone: Card 1, Keep. Card 2 — Test card, 2 of 3, Undecided | True False")
        app.key("ctrl+shift+z")
        XCTAssertEqual(app.waitForDeckEvents(3).last, "redone card-1 right")
        usleep(700_000)
        try assertNamed("Test card, ", "panel | Redone: Card 1, Keep. Card 2 — Test card, 2 of 3, Undecided | True False",
                        "still said once the card's face has settled", timeout: 0)
        app.key("Left")
        try assertNamed("Test card, ", "panel | Card 1 — Test card, 1 of 3, Keep | True False", "the strip moved: only the card")
    }

    func testTheDeckIsAFocusedPanelNamedForTheFrontCard() throws {
        let (app, deck) = try launchOnTestDeck(cards: 3, accessibility: true)
        try assertDeck("panel | Card 1 of 3: Card 1 — Test card | True True")
        try AccessibilityProbe.assert(["Card 1 of 3"], states: "DESCRIPTION", is: "panel | Card 1 of 3: Card 1 — Test card | Body of card 1.",
                                      "the description carries the body, which the card may cut short")
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"])
        try assertDeck("panel | Keep: Card 1. Card 2 of 3: Card 2 — Test card | True True",
                       "the name says what just happened, then the new front card")
        app.key("Right", "Right")
        XCTAssertEqual(app.waitForDeckEvents(3).count, 3)
        try assertDeck("panel | Test deck: all 3 cards decided | True False",
                       "once every card is decided the deck says so; the finished page has the focus, so the last decision is not news here")
    }

    /// The finished page says how many cards went each way and offers a Review button for each pile that has
    /// cards, named as shown; the main menu's button has a name.
    func testTheFinishedPageOffersAReviewPerPileAndTheMenuButtonHasAName() throws {
        let (app, _) = try launchOnTestDeck(cards: 3, accessibility: true)
        app.key("Left", "Left", "Right")
        XCTAssertEqual(app.waitForDeckEvents(3).count, 3)
        try AccessibilityProbe.assert(["Review “Skip”"], states: "SENSITIVE", is: "push button | Review “Skip” (2) | True")
        try AccessibilityProbe.assert(["Review “Keep”"], states: "SENSITIVE", is: "push button | Review “Keep” (1) | True")
        try AccessibilityProbe.assert(["Main Menu"], states: "SENSITIVE", is: "push button | Main Menu | True")
    }

    /// A photo dated by its EXIF is spoken with the day and size the card shows once the picture is read, not
    /// with the file's day the deck was read with.
    func testAPhotoIsSpokenWithTheDayAndSizeItsCardShows() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Trip")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plain = folder.appendingPathComponent("plain.jpg")
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "600x800", "xc:#3584e4", plain.path]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0, "ImageMagick (make check installs it) made the photo")
        let photo = ExifSegment.inserting(ExifSegment.app1(orientation: 1, dateTimeOriginal: "2019:07:14 10:00:00"),
                                          into: try Data(contentsOf: plain))
        try photo.write(to: folder.appendingPathComponent("b.jpg"))
        try FileManager.default.removeItem(at: plain)

        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        try AccessibilityProbe.assert(["Card 1 of 1"], states: "FOCUSED", is: "panel | Card 1 of 1: b.jpg — 14 Jul 2019 · 600 × 800 | True",
                                      "what is heard is the day and size on the card")
        app.focus()
        app.key("alt+3")
        try AccessibilityProbe.assert(["=panel|b.jpg — 14 Jul 2019 · 600 × 800, 1 of 1, Undecided"], states: "FOCUSED", is: "panel | b.jpg — 14 Jul 2019 · 600 × 800, 1 of 1, Undecided | True",
                                      "Browse says the same")
    }

    /// Buttons GTK 4.8 and libadwaita 1.2 build themselves are spoken as they are shown: a message dialog's
    /// responses ("Cancel", not "_Cancel Cancel"), a toast's Undo and close, Browse's filter, the Keyboard
    /// Shortcuts, Preferences and About windows; and the shortcuts window opens without GTK's warning of a
    /// negative width.
    func testNoButtonIsSpokenByItsClassOrItsMnemonic() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Roll")
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try TestImages.make(name, ["-size", "120x80", "xc:#3584e4"], in: folder) }
        let app = try launch(on: folder, home: home, deciding: ["Left"])
        app.key("alt+3")
        app.key("2")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        try AccessibilityProbe.assert(["=push button|Dismiss"], states: "SENSITIVE", is: "push button | Dismiss | True", "the toast's close button")
        try AccessibilityProbe.assert(["=push button|All Cards"], states: "SENSITIVE", is: "push button | All Cards | True", "Browse's filter")
        XCTAssertEqual(try AccessibilityProbe.controlsNamedByClassOrMnemonic(panels: true), [], "on the Browse page, with a toast")
        app.key("alt+2")
        try AccessibilityProbe.assert(["=panel|Piles"], states: "DESCRIPTION", is: "panel | Piles |", "the page Orca enters is named")
        XCTAssertEqual(try AccessibilityProbe.controlsNamedByClassOrMnemonic(panels: true), [], "pages named as shown, not \"GtkStackPage\"")
        app.key("alt+1")
        app.activateWindowAction("trash-skipped")
        try AccessibilityProbe.assert(["=push button|Cancel"], states: "SENSITIVE", is: "push button | Cancel | True", "a message dialog's response")
        try AccessibilityProbe.assert(["=push button|Move to Trash"], states: "SENSITIVE", is: "push button | Move to Trash | True")
        XCTAssertEqual(try AccessibilityProbe.controlsNamedByClassOrMnemonic(), [], "with a message dialog")
        app.key("Escape")
        app.key("ctrl+question")
        try AccessibilityProbe.assert(["=frame|Keyboard Shortcuts"], states: "ACTIVE", is: "frame | Keyboard Shortcuts | True")
        try AccessibilityProbe.assert(["=label|Page Up"], states: "DESCRIPTION", is: "label | Page Up |", "a key as a person reads it")
        XCTAssertEqual(try AccessibilityProbe.describe(["Page_Up"], states: "SHOWING"), "nothing named Page_Up", "not its key symbol")
        XCTAssertEqual(try AccessibilityProbe.controlsNamedByClassOrMnemonic(), [], "with the shortcuts window")
        app.key("Escape")
        app.key("ctrl+comma")
        try AccessibilityProbe.assert(["=push button|Search"], states: "SENSITIVE", is: "push button | Search | True", "Preferences' search")
        XCTAssertEqual(try AccessibilityProbe.controlsNamedByClassOrMnemonic(), [], "with Preferences")
        app.key("Escape")
        _ = RunningApp.output(of: "/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.cardstack.CardStack", "--object-path",
                                                     "/io/github/cardstack/CardStack", "--method", "org.gtk.Actions.Activate", "about", "[]", "{}"])
        try AccessibilityProbe.assert(["=push button|Copy Text"], states: "SENSITIVE", is: "push button | Copy Text | True", "About's buttons")
        XCTAssertEqual(try AccessibilityProbe.controlsNamedByClassOrMnemonic(), [], "with About")
        XCTAssertFalse(app.log.contains("reported min width"), app.log)
    }
}
