// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Zooming into a photo to check focus: a one-pixel checkerboard is flat grey at fit and shows its pixels at
/// 100 %; a drag while zoomed pans and decides nothing; arrows decide and return to the deck; a double click
/// zooms while a single click still opens the card's details.
final class PhotoZoomUITests: XCTestCase {
    /// A folder holding a 2400 × 1600 one-pixel black-and-white checkerboard and a second photo.
    private func checkerboardFolder() throws -> (home: URL, folder: URL) {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Focus")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try TestImages.make("a-checker.png", ["-size", "2400x1600", "pattern:gray50"], in: folder)
        try TestImages.make("b-second.png", ["-size", "600x400", "xc:#3584e4"], in: folder)
        return (home, folder)
    }

    /// The grey levels of an 8 × 4 patch at (`x`, `y`) of the screen.
    private func patch(x: Int, y: Int) -> [Int] {
        let text = RunningApp.output(of: "/bin/sh", ["-c", "import -window root -crop 8x4+\(x)+\(y) +repage -colorspace gray -depth 8 txt:- | tail -n +2"])
        return text.split(separator: "\n").compactMap { line in
            line.split(separator: "(").dropFirst().first?.split(separator: ",").first.flatMap { Double($0.trimmingCharacters(in: .init(charactersIn: ")"))) }
                .map { Int($0.rounded()) }
        }
    }

    /// Whether a patch alternates black and white pixel by pixel, as the checkerboard's own pixels do.
    private func isCheckerboard(_ levels: [Int]) -> Bool {
        levels.count == 32 && levels.allSatisfy { $0 < 30 || $0 > 225 } && zip(levels, levels.dropFirst()).filter { abs($0 - $1) > 200 }.count >= 24
    }

    func testZoomShowsThePixelsAndADragPansWithoutDeciding() throws {
        let (home, folder) = try checkerboardFolder()
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        // The photo decoded and on screen: a busy machine takes longer than the first frame.
        app.waitForTrace("front photo drawn")
        guard let window = app.windowGeometry() else { return XCTFail("no window") }
        let centre = (x: window.x + window.width / 2, y: window.y + window.height / 3)
        usleep(500_000)
        let fitted = patch(x: centre.x, y: centre.y)
        XCTAssertFalse(isCheckerboard(fitted), "at fit the checkerboard is too small to show its pixels: \(fitted)")
        XCTAssertTrue(fitted.allSatisfy { (90...165).contains($0) }, "flat grey at fit: \(fitted)")

        app.focus()
        app.key("z")
        app.waitForTrace("zoom: in a-checker.png")
        app.waitForTrace("zoom: full picture 2400 × 1600")
        usleep(800_000)
        XCTAssertTrue(isCheckerboard(patch(x: centre.x, y: centre.y)), "at 100 % each pixel of the photo is a pixel on screen")

        RunningApp.mouseDrag(from: centre, by: (x: 300, y: 0), steps: 10)
        usleep(500_000)
        XCTAssertTrue(isCheckerboard(patch(x: centre.x, y: centre.y)), "panned, still at 100 %")
        XCTAssertFalse(app.log.contains("deck: decided"), "a drag while zoomed decides nothing")

        app.key("Escape")
        app.waitForTrace("zoom: out")
        app.key("z")
        app.waitForTrace("zoom: in a-checker.png", occurrence: 2)
        app.key("Right")
        app.waitForTrace("deck: decided")
        XCTAssertTrue(app.log.components(separatedBy: "zoom: out").count == 3, "the arrow closed the zoom and decided")
    }

    func testADoubleClickZoomsAndASingleClickOpensDetails() throws {
        let (home, folder) = try checkerboardFolder()
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        // The photo decoded and on screen: a busy machine takes longer than the first frame.
        app.waitForTrace("front photo drawn")
        guard let window = app.windowGeometry() else { return XCTFail("no window") }
        let point = (x: window.x + window.width / 2, y: window.y + window.height / 3)
        usleep(500_000)
        RunningApp.xdotool(["mousemove", "\(point.x)", "\(point.y)", "click", "--repeat", "2", "--delay", "60", "1"])
        app.waitForTrace("zoom: in a-checker.png")
        usleep(800_000)
        XCTAssertFalse(app.log.contains("sheets: details"), "a double click zooms, without opening details first")
        RunningApp.xdotool(["click", "--repeat", "2", "--delay", "60", "1"])
        app.waitForTrace("zoom: out")
        // The zoom takes the pointer until it has shrunk back (15 frames, longer on a busy machine), and a click
        // within GTK's double-click time of the last would be a third.
        app.waitForTrace("motion: photozoom moved", occurrence: 2)
        usleep(450_000)
        RunningApp.xdotool(["click", "1"])
        app.waitForTrace("sheets: details")
        // The details' own picture of the photo, decoded for the sheet, is what grows.
        usleep(1_000_000)
        app.key("z")
        app.waitForTrace("zoom: in a-checker.png", occurrence: 2)
        app.key("Escape")
        app.waitForTrace("zoom: out", occurrence: 2)
        XCTAssertFalse(app.log.hasSuffix("sheets: none\n"), "Escape closed the zoom, not the sheet under it")
    }

    /// Z zooms at the pointer, as a double click does: the part of the photo under the pointer stays under it.
    /// On a photo that is dark at the top and light at the bottom, the grey under a pointer near the top keeps
    /// its level (zoomed at the centre, a lighter band came under it).
    func testZZoomsAtThePointer() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Gradient")
        try TestImages.make("a-gradient.png", ["-size", "2400x1600", "gradient:black-white"], in: folder)
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        // The photo decoded and on screen: a busy machine takes longer than the first frame.
        app.waitForTrace("front photo drawn")
        guard let window = app.windowGeometry() else { return XCTFail("no window") }
        usleep(800_000)
        // A fifth of the way down the photo, which the deck draws across the window's middle.
        let point = (x: window.x + window.width / 3, y: window.y + window.height * 3 / 10)
        RunningApp.xdotool(["mousemove", "\(point.x)", "\(point.y)"])
        usleep(300_000)
        let before = patch(x: point.x, y: point.y)
        let level = before.reduce(0, +) / max(1, before.count)
        XCTAssertTrue((20...110).contains(level), "a dark grey under the pointer before zooming: \(before)")
        app.focus()
        RunningApp.xdotool(["mousemove", "\(point.x)", "\(point.y)"])
        app.key("z")
        app.waitForTrace("zoom: full picture 2400 × 1600")
        usleep(800_000)
        let after = patch(x: point.x, y: point.y)
        let zoomed = after.reduce(0, +) / max(1, after.count)
        XCTAssertEqual(zoomed, level, accuracy: 12, "the same grey under the pointer once zoomed: \(before) then \(after)")
    }
}
