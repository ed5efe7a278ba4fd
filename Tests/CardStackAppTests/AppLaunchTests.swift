// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The app as a person meets it: it starts, shows the deck, quits on Ctrl+Q and remembers its window.
final class AppLaunchTests: XCTestCase {
    func testStartsWithTheDeckPageAndQuitsOnControlQ() throws {
        let app = try RunningApp()
        defer { app.terminate() }
        app.waitForTrace("first frame; page deck")
        app.focus()
        app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(), 0, "Ctrl+Q quits cleanly; log:\n\(app.log)")
        XCTAssertFalse(app.log.contains("CRITICAL"), "no GLib criticals; log:\n\(app.log)")
    }

    func testWindowSizeIsRestoredOnTheNextLaunch() throws {
        let first = try RunningApp()
        defer { first.terminate() }
        first.waitForTrace("first frame")
        guard let window = first.windowID() else { return XCTFail("no window") }
        RunningApp.xdotool(["windowsize", "--sync", window, "700", "560"])
        usleep(300_000)
        first.focus()
        first.key("ctrl+w")
        XCTAssertEqual(first.waitForExit(), 0, "Ctrl+W closes the only window, which ends the app")

        let second = try RunningApp(home: first.home)
        defer { second.terminate() }
        second.waitForTrace("first frame")
        let size = second.windowSize()
        XCTAssertEqual(size?.width, 700, "width restored")
        XCTAssertEqual(size?.height, 560, "height restored")
    }
}
