// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Sheets that froze the window: Deck info's buttons took arrow and page keys right after it opened (an endless
/// loop, or a division by zero), and Card details laid a long body out on the main thread in time that grew
/// with the square of its length.
final class SheetFreezeUITests: XCTestCase {
    /// Waits until the app's trace has a line with `text` after `offset` characters; returns how long after
    /// `started` it came.
    @discardableResult
    private func waitForTrace(_ text: String, in app: RunningApp, after offset: Int, since started: Date = Date(),
                              timeout: TimeInterval) -> TimeInterval? {
        let deadline = started.addingTimeInterval(timeout)
        repeat {
            if app.log.dropFirst(offset).contains(text) { return Date().timeIntervalSince(started) }
            usleep(10_000)
        } while Date() < deadline
        return nil
    }

    func testDeckInfoTakesArrowAndPageKeysTheMomentItOpens() throws {
        let (app, _) = try launchOnTestDeck(cards: 5)
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1), ["decided card-1 right"])
        for key in ["Down", "Up", "Page_Up", "Page_Down", "Home", "End", "Left", "Right"] {
            let offset = app.log.count
            // A millisecond apart: the keys reach the button row before its first layout.
            RunningApp.xdotool(["key", "--delay", "1", "ctrl+i", "shift+Tab", key])
            XCTAssertNotNil(waitForTrace("sheets: info", in: app, after: offset, timeout: 10), "Deck info opened before \(key)")
            usleep(200_000)
            XCTAssertTrue(app.process.isRunning, "alive after \(key) in Deck info's buttons")
            let closing = app.log.count
            app.key("Escape")
            XCTAssertNotNil(waitForTrace("sheets: none", in: app, after: closing, timeout: 5),
                            "the window answers Escape after \(key) in Deck info's buttons")
        }
    }

    /// A card whose body is `megabytes` of short lines (the worst case of the old layout) opens in Card details
    /// at once, and Escape closes it while the text is still arriving.
    func testCardDetailsOfLongBodiesOpenAtOnceAndAnswerEscape() throws {
        let folder = try RunningApp.temporaryHome()
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for megabytes in [1, 4, 50] {
            let line = String(repeating: "word ", count: 20) + "\n"
            let body = String(repeating: line, count: megabytes * 1_000_000 / line.utf8.count)
            let deck = folder.appendingPathComponent("long-\(megabytes).json")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: [
                "title": "Long", "cards": [["id": "long", "title": "Long", "body": body], ["id": "short", "title": "Short"]],
            ]).write(to: deck)
            let app = try RunningApp(arguments: [deck.path], home: folder.appendingPathComponent("home-\(megabytes)"))
            addTeardownBlock { app.terminate() }
            // A deck this size is read with a progress page first.
            app.waitForTrace("deck drawn", timeout: 60)
            app.focus()
            usleep(300_000)

            var offset = app.log.count
            var pressed = Date()
            app.key("Return")
            let opened = waitForTrace("sheets: details", in: app, after: offset, since: pressed, timeout: 30)
            usleep(100_000)
            offset = app.log.count
            pressed = Date()
            app.key("Escape")
            let closed = waitForTrace("sheets: none", in: app, after: offset, since: pressed, timeout: 30)
            print("Card details of a \(megabytes) MB body: opened in \(opened.map { "\(Int($0 * 1000)) ms" } ?? "never"), "
                  + "Escape answered in \(closed.map { "\(Int($0 * 1000)) ms" } ?? "never")")
            // Generous bounds for a loaded machine: the old layout took 15 s at 4 MB and 169 s at 50 MB.
            XCTAssertLessThan(opened ?? .infinity, 2, "\(megabytes) MB: Card details opens at once")
            XCTAssertLessThan(closed ?? .infinity, 2, "\(megabytes) MB: Escape is answered while the text arrives")
            app.terminate()
        }
    }
}
