// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// With the desktop's animations off (`gtk-enable-animations=0`, as GNOME's reduced motion sets it) a swipe, a
/// sheet, the carousel and a pile move without spring travel: each is where it goes at once, and every step is
/// made all the same. With animations on, the same actions move over frames.
final class ReducedMotionUITests: XCTestCase {
    /// Swipes, opens and closes Card details, steps the carousel, expands a pile; answers the motion traced.
    private func act(animations: Bool) throws -> (motion: [String], app: RunningApp) {
        let home = try RunningApp.temporaryHome()
        let gtk = home.appendingPathComponent("config/gtk-4.0")
        try FileManager.default.createDirectory(at: gtk, withIntermediateDirectories: true)
        try Data("[Settings]\ngtk-enable-animations=\(animations ? 1 : 0)\n".utf8).write(to: gtk.appendingPathComponent("settings.ini"))
        let app = try RunningApp(home: home)
        app.waitForTrace("animations: \(animations ? "on" : "off")")
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        Thread.sleep(forTimeInterval: 0.5)
        app.key("Return")
        app.waitForTrace("sheets: details")
        Thread.sleep(forTimeInterval: 0.5)
        app.key("Escape")
        app.waitForTrace("sheets: none")
        Thread.sleep(forTimeInterval: 0.5)
        app.key("alt+3")
        Thread.sleep(forTimeInterval: 0.5)
        app.key("Right")
        Thread.sleep(forTimeInterval: 0.8)
        app.key("alt+2")
        Thread.sleep(forTimeInterval: 0.5)
        app.key("Return")
        Thread.sleep(forTimeInterval: 1.2)
        return (app.traced("cardstack: motion: "), app)
    }

    func testWithAnimationsOffNothingTravelsAndEveryStepIsMade() throws {
        let (still, app) = try act(animations: false)
        defer { app.terminate() }
        XCTAssertEqual(still, [], "no spring ran a frame")
        XCTAssertEqual(app.deckEvents, ["decided dune right"])
    }

    func testWithAnimationsOnTheSameActionsMove() throws {
        let (moving, app) = try act(animations: true)
        defer { app.terminate() }
        for widget in ["deck", "sheets", "browse", "pile"] {
            XCTAssertTrue(moving.contains { $0.hasPrefix("\(widget) moved") }, "\(widget) moves: \(moving)")
        }
    }
}
