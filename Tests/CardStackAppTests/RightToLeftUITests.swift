// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// Under a right-to-left locale (Hebrew) the chrome mirrors as GTK mirrors it, while the swipe directions keep
/// their physical meaning: the right arrow and a drag to the right still decide right, and the button that swipes
/// left stays on the left.
final class RightToLeftUITests: XCTestCase {
    /// A Hebrew locale compiled into a folder of the test's own (`LOCPATH`), as the machine may have none.
    private func hebrewLocale(in home: URL) throws -> URL {
        let folder = home.appendingPathComponent("locales")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/he_IL") else { throw XCTSkip("no he_IL locale source (Debian's locales)") }
        // localedef warns (and exits 1) about the source's own quirks while writing a usable locale.
        _ = RunningApp.output(of: "/usr/bin/localedef", ["-i", "he_IL", "-f", "UTF-8", folder.appendingPathComponent("he_IL.utf8").path])
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("he_IL.utf8/LC_CTYPE").path) else {
            throw XCTSkip("localedef made no he_IL locale")
        }
        return folder
    }

    func testTheChromeMirrorsAndTheDirectionsKeepTheirSides() throws {
        let german = RunningApp.binary.deletingLastPathComponent().appendingPathComponent("locale/de/LC_MESSAGES/cardstack.mo")
        guard FileManager.default.fileExists(atPath: german.path) else { throw XCTSkip("no German catalogue next to the binary: make build makes it") }
        let home = try RunningApp.temporaryHome()
        let locales = try hebrewLocale(in: home)
        let app = try RunningApp(home: home, accessibility: true,
                                 // GLib translates GTK (and takes its direction) only when the app has a catalogue for
                                 // the user's languages: Hebrew for GTK, then German for the app's own words.
                                 environment: ["LOCPATH": locales.path, "LC_ALL": "he_IL.UTF-8", "LANG": "he_IL.UTF-8", "LANGUAGE": "he:de"])
        defer { app.terminate() }
        app.waitForTrace("first frame")
        func x(_ name: String) throws -> Int {
            let described = try AccessibilityProbe.describe(["=push button|\(name)"], states: "EXTENTS", waitingUpTo: 10)
            return try XCTUnwrap(Int(described.split(separator: "|").last?.trimmingCharacters(in: .whitespaces).split(separator: ",").first ?? ""), described)
        }
        XCTAssertLessThan(try x("Überspringen (←)"), try x("Read (→)"), "the button that swipes left stays on the left")
        let menu = try x("Hauptmenü")
        let window = try XCTUnwrap(app.windowGeometry())
        XCTAssertLessThan(menu, window.width / 2, "the header bar mirrors: the main menu moves to the left")

        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).last, "decided dune right", "the right arrow decides right")
        RunningApp.mouseDrag(from: (window.x + window.width / 2, window.y + window.height / 3), by: (-300, 0))
        XCTAssertEqual(app.waitForDeckEvents(2).last?.hasSuffix(" left"), true, "a drag to the left decides left: \(app.deckEvents)")
    }
}
