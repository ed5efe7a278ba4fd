// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// What a photographer reads beside the photo: the shooting data the camera wrote, in Card details and in the
/// Deck page's overlay (I), with garbage values left out rather than shown.
final class PhotographerUITests: XCTestCase {
    /// A JPEG with the EXIF a Canon writes, made with ImageMagick and exiftool.
    private func cameraPhoto(in folder: URL, name: String = "IMG_0001.jpg", tags: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else { throw XCTSkip("needs exiftool (make check installs it)") }
        try TestImages.make(name, ["-size", "600x400", "xc:#3584e4"], in: folder)
        let written = RunningApp.output(of: "/usr/bin/exiftool", ["-q", "-overwrite_original"] + tags + [folder.appendingPathComponent(name).path])
        XCTAssertEqual(written, "", "exiftool wrote the tags")
    }

    func testTheShootingDataIsInDetailsAndOverThePhoto() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Shoot")
        try cameraPhoto(in: folder, tags: [
            "-Make=Canon", "-Model=Canon EOS R6", "-LensModel=RF24-105mm F4 L IS USM", "-FocalLength=50", "-FNumber=4",
            "-ExposureTime=1/250", "-ISO=400", "-DateTimeOriginal=2024:07:01 10:00:00", "-SubSecTimeOriginal=25",
            "-FileModifyDate=2026:01:02 03:04:05",
        ])
        // Garbage as some programs write it: an f-number of 0, a negative exposure, a lens name of 5,000 letters.
        try cameraPhoto(in: folder, name: "IMG_0002.jpg", tags: ["-FNumber=0", "-ExposureTime=-1", "-LensModel=" + String(repeating: "L", count: 5_000)])
        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Return")
        app.waitForTrace("sheets: details")
        try AccessibilityProbe.assert(["RF24-105mm"], states: "SENSITIVE", is: "label | RF24-105mm F4 L IS USM | True")
        try AccessibilityProbe.assert(["1/250 s"], states: "SENSITIVE", is: "label | 50 mm · f/4 · 1/250 s · ISO 400 | True")
        try AccessibilityProbe.assert(["10:00:00"], states: "SENSITIVE", is: "label | 1 Jul 2024, 10:00:00.25 | True")
        // The day under the name is the day it was taken, as on the card, not the file's.
        try AccessibilityProbe.assert(["=label|1 Jul 2024"], states: "SENSITIVE", is: "label | 1 Jul 2024 | True")
        app.key("Escape")
        app.waitForTrace("sheets: none")

        app.key("i")
        app.waitForTrace("shooting data: Canon EOS R6 · RF24-105mm F4 L IS USM | 50 mm · f/4 · 1/250 s · ISO 400 | 1 Jul 2024, 10:00:00.25")
        app.key("Right")
        app.waitForTrace("shooting data: No shooting data in this file")
        app.key("i")
        app.waitForTrace("shooting data: hidden")
    }

    /// What exiftool reads of a sidecar's rating and labels ("Rating=3 Label=Red ColorLabels=0"), "none" without one.
    private func ratingMarks(_ path: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "none" }
        let text = RunningApp.output(of: "/usr/bin/exiftool", ["-s", "-s", "-XMP-xmp:Rating", "-XMP-xmp:Label", "-XMP-darktable:all", "-XMP-digiKam:PickLabel", path])
        return text.split(separator: "\n").map { $0.replacingOccurrences(of: ": ", with: "=") }.joined(separator: " ")
    }

    private func waitForRatingMarks(_ path: String, _ expected: String, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(10)
        while ratingMarks(path) != expected && Date() < deadline { usleep(100_000) }
        XCTAssertEqual(ratingMarks(path), expected, line: line)
    }

    /// 1–5 give stars, 6–9 colour labels, as in darktable and Lightroom: each a step Ctrl+Z takes back, written
    /// to the sidecar where exiftool reads them, worn as a badge and spoken; in Browse too, where 1 gave a
    /// photo a rejection before (a digit decided).
    func testDigitsRateAndLabelPhotosInTheirSidecars() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Rate")
        try cameraPhoto(in: folder, name: "a.jpg", tags: ["-Model=Canon EOS R6", "-FileModifyDate=2026:01:02 03:04:05"])
        try cameraPhoto(in: folder, name: "b.jpg", tags: ["-Model=Canon EOS R6"])
        let sidecar = folder.appendingPathComponent("a.jpg.xmp").path
        let app = try RunningApp(arguments: ["--sidecars", "darktable", folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("3", "6")
        app.waitForTrace("rated", occurrence: 2)
        waitForRatingMarks(sidecar, "Rating=3 Label=Red Colorlabels=0")
        try AccessibilityProbe.assert(["Card 1 of 2"], states: "SENSITIVE", is: "panel | Card 1 of 2: a.jpg — 2 Jan 2026 · 600 × 400. Rated 3 stars, Red label | True")
        app.key("ctrl+z")
        waitForRatingMarks(sidecar, "Rating=3")
        let events = app.waitForDeckEvents(3)
        XCTAssertTrue(events.count == 3 && events[2].hasPrefix("undone rated ") && events[2].hasSuffix(" 3 stars red"), "one step each: \(events)")

        app.key("alt+3")
        app.waitForTrace("browse: centred")
        app.key("1")
        waitForRatingMarks(sidecar, "Rating=1")
        XCTAssertFalse(app.log.contains("deck: decided"), "a digit rates a photo in Browse; it never rejects it")
    }

    /// With Preferences' "Next Photo After a Rating" on, a digit moves on: the rated photo goes to the back, in
    /// the same step, so the next key decides the next photo; Undo of the rating brings the photo to the front.
    func testARatingMovesOnWhenAskedAndItsUndoBringsThePhotoBack() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Burst")
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try TestImages.make(name, ["-size", "300x200", "xc:#3584e4"], in: folder) }
        try PreferencesUITests.write(["next-photo-after-rating": "true", "photo-order": "'name'"], in: home)
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("3")
        app.key("Right")
        var events = app.waitForDeckEvents(2)
        let rated = try XCTUnwrap(events.first { $0.hasPrefix("rated ") }?.split(separator: " ")[1])
        let decided = try XCTUnwrap(events.first { $0.hasPrefix("decided ") }?.split(separator: " ")[1])
        XCTAssertNotEqual(rated, decided, "the key after the rating decided the next photo: \(events)")

        app.key("ctrl+z", "ctrl+z")
        XCTAssertEqual(app.waitForDeckEvents(4).count, 4)
        app.key("Left")
        events = app.waitForDeckEvents(5)
        XCTAssertEqual(events.last, "decided \(rated) left", "the rating undone, its photo is the front one again: \(events)")
    }

    /// A folder opened with its subfolders is culled in the order its photos were taken, to the hundredth of a
    /// second (by path, a subfolder's photos came first); `--export` without `--recursive` names them all and
    /// says why (it printed them with an empty title and path).
    func testPhotosComeInTheOrderTheyWereTakenAndExportFindsSubfolders() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Trip")
        try cameraPhoto(in: folder, name: "a.jpg", tags: ["-DateTimeOriginal=2024:07:02 09:00:00"])
        try cameraPhoto(in: folder, name: "b.jpg", tags: ["-DateTimeOriginal=2024:07:01 10:00:00", "-SubSecTimeOriginal=50"])
        try cameraPhoto(in: folder, name: "day1/c.jpg", tags: ["-DateTimeOriginal=2024:07:01 10:00:00", "-SubSecTimeOriginal=05"])
        try cameraPhoto(in: folder, name: "day1/d.jpg", tags: ["-DateTimeOriginal=2024:07:03 08:00:00"])
        // Photos of one plain colour taken within a minute look alike: a burst, which this test is not about.
        try PreferencesUITests.write(["bursts": "false"], in: home)
        let app = try RunningApp(arguments: ["--recursive", folder.path], home: home)
        defer { app.terminate() }
        // Four photos are read with the folder: the deck opens in the order taken.
        app.waitForTrace("capture order: read with the deck")
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right", "Right", "Right", "Right")
        XCTAssertEqual(app.waitForDeckEvents(4).count, 4)
        app.terminate()

        let export = app.runCommand(["--export", folder.path])
        XCTAssertEqual(export.status, 0, export.error)
        let titles = export.output.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[1]) }
        XCTAssertEqual(titles, ["c.jpg", "b.jpg", "a.jpg", "d.jpg"], "in the order taken, the burst's two to the hundredth")
        XCTAssertTrue(export.error.contains("--recursive"), "the export says the subfolders were taken: \(export.error)")
    }
}
