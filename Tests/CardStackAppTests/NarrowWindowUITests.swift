// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// German, the longest of the app's languages, in a window 360 pt wide: nothing runs past the window's edge.
final class NarrowWindowUITests: XCTestCase {
    /// The box, in window coordinates, of the first push button named `name`.
    private func box(of name: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let described = try AccessibilityProbe.describe(["=push button|\(name)"], states: "EXTENTS", waitingUpTo: 10)
        let box = described.split(separator: "|").last?.trimmingCharacters(in: .whitespaces).split(separator: ",").compactMap { Int($0) } ?? []
        XCTAssertEqual(box.count, 4, described)
        return box.count == 4 ? (box[0], box[1], box[2], box[3]) : (0, 0, .max, 0)
    }

    /// The right edge of the first push button named `name`.
    private func rightEdge(of name: String) throws -> Int {
        let box = try box(of: name)
        return box.x + box.width
    }

    func testCardDetailsAndBrowseButtonsStayInsideA360PtWindowInGerman() throws {
        let app = try RunningApp(accessibility: true, environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "LANGUAGE": "de"])
        defer { app.terminate() }
        app.waitForTrace("first frame")
        for window in RunningApp.xdotool(["search", "--pid", "\(app.pid)"]).split(separator: "\n") {
            RunningApp.xdotool(["windowsize", String(window), "360", "720"])
        }
        Thread.sleep(forTimeInterval: 0.5)
        let width = try XCTUnwrap(app.windowGeometry()).width
        // The first launch's hint wraps between the ways, never between an arrow and its word.
        let hint = try AccessibilityProbe.describe(["Ziehen Sie die Karte"], states: "SHOWING", waitingUpTo: 10)
        XCTAssertTrue(hint.contains("↓\u{00A0}Später"), hint)
        app.focus()
        app.key("Return")
        app.waitForTrace("sheets: details")
        Thread.sleep(forTimeInterval: 0.5)
        // "Ins Deck zurücklegen" beside "Deck-Info" was 440 pt wide: the sheet ran past the window's edge.
        let back = try box(of: "Ins Deck zurücklegen")
        let info = try box(of: "Deck-Info")
        XCTAssertGreaterThanOrEqual(info.y, back.y + back.height, "Card details' buttons one above the other: \(back), \(info)")
        XCTAssertLessThanOrEqual(info.x + info.width, width)
        app.key("Escape")
        app.waitForTrace("sheets: none")
        app.key("alt+3")
        app.waitForTrace("browse: centred")
        // Whole in rows of two rather than cut to "Übers…" in one row.
        let skip = try AccessibilityProbe.describe(["=push button|Überspringen (1)"], states: "EXTENTS", waitingUpTo: 10)
        let box = skip.split(separator: "|").last?.trimmingCharacters(in: .whitespaces).split(separator: ",").compactMap { Int($0) } ?? []
        XCTAssertEqual(box.count, 4, skip)
        XCTAssertGreaterThanOrEqual(box.count == 4 ? box[2] : 0, width / 3, "a button half the row wide, not a quarter: \(skip)")
        XCTAssertLessThanOrEqual(try rightEdge(of: "Später (4)"), width)
    }
}
