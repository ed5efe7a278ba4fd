// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A burst on the Deck: one stack wearing "Burst · 5", its sharpest frame on top, settled by a duel whose steps
/// `--export` and the sidecars read back.
final class BurstUITests: XCTestCase {
    /// Five frames of one scene from one camera a fifth of a second apart, each shifted a little and blurred by
    /// `blurs` (IMG_0001 … IMG_0005), and a photo of another scene a minute later; `minute` past ten, named
    /// with `prefix`.
    static func burst(in folder: URL, blurs: [Double] = [1.5, 0.4, 3, 2, 5], prefix: String = "IMG", minute: Int = 0) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else { throw XCTSkip("needs exiftool (make check installs it)") }
        for (index, blur) in blurs.enumerated() {
            let name = String(format: "%@_%04d.jpg", prefix, index + 1)
            try TestImages.make(name, ["logo:", "-resize", "800x600!", "-roll", "+\(index * 4)+0", "-blur", "0x\(blur)", "-quality", "92"], in: folder)
            let written = RunningApp.output(of: "/usr/bin/exiftool", ["-q", "-overwrite_original", "-Model=Canon EOS R6", String(format: "-DateTimeOriginal=2024:07:01 10:%02d:00", minute),
                                                                       "-SubSecTimeOriginal=\(index * 20 + 10)", folder.appendingPathComponent(name).path])
            XCTAssertEqual(written, "", "exiftool wrote the tags")
        }
        let single = "\(prefix)_0006.jpg"
        try TestImages.make(single, ["-size", "800x600", "gradient:blue-yellow"], in: folder)
        _ = RunningApp.output(of: "/usr/bin/exiftool", ["-q", "-overwrite_original", "-Model=Canon EOS R6",
                                                        String(format: "-DateTimeOriginal=2024:07:01 10:%02d:30", minute), folder.appendingPathComponent(single).path])
    }

    /// What exiftool reads of a sidecar's rating and pick label.
    private func marks(_ path: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "none" }
        return RunningApp.output(of: "/usr/bin/exiftool", ["-s", "-s", "-XMP-xmp:Rating", "-XMP-digiKam:PickLabel", path])
            .split(separator: "\n").map { $0.replacingOccurrences(of: ": ", with: "=") }.joined(separator: " ")
    }

    func testAFiveFrameDuelIsSettledByFourChoicesReadBackByExportAndTheSidecars() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Burst")
        try Self.burst(in: folder)
        let app = try RunningApp(arguments: ["--sidecars", "darktable", folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        // Scored: the sharpest frame (IMG_0002, the least blurred) is on top of the stack.
        app.waitForTrace("burst looks:")
        try AccessibilityProbe.assert(["Burst · 5"], states: "SENSITIVE",
                                      is: "panel | Card 1 of 6: IMG_0002.jpg — 1 Jul 2024 · 800 × 600. Burst · 5 · Sharpest | True")
        app.focus()
        app.key("Return")
        app.waitForTrace("duel: 5 frames, 4 choices")
        // What a screen reader hears of the duel and its bar: the pair with the sharpest named, the buttons by name.
        try AccessibilityProbe.assert(["Choice 1 of 4: left"], states: "SENSITIVE", is: "panel | Choice 1 of 4: left, IMG_0002.jpg, sharpest; right, IMG_0001.jpg | True")
        try AccessibilityProbe.assert(["Done"], states: "SENSITIVE", is: "push button | Done | True")
        // Sharpest first: IMG_0002, IMG_0001, IMG_0004, IMG_0003, IMG_0005. ← keeps the left, → the right.
        app.key("Left")
        app.waitForTrace("duel: kept")
        app.key("ctrl+z")
        app.waitForTrace("deck: undone")
        try AccessibilityProbe.assert(["Choice 1 of 4: left"], states: "SENSITIVE",
                                      is: "panel | Undone: IMG_0001.jpg, Skip. Choice 1 of 4: left, IMG_0002.jpg, sharpest; right, IMG_0001.jpg | True")
        app.key("Left")
        try AccessibilityProbe.assert(["Choice 2 of 4: left"], states: "SENSITIVE",
                                      is: "panel | Kept IMG_0002.jpg, skipped IMG_0001.jpg. Choice 2 of 4: left, IMG_0002.jpg, sharpest; right, IMG_0004.jpg | True")
        app.key("Right", "Left", "Right")
        app.waitForTrace("duel: ended, kept")
        let events = app.waitForDeckEvents(6)
        XCTAssertEqual(events.count, 6, "\(events)")
        XCTAssertTrue(events.last?.hasPrefix("decided together ") == true, "the last choice skips one frame and keeps the other, one step: \(events)")
        app.terminate()

        let export = app.runCommand(["--export", folder.path])
        XCTAssertEqual(export.status, 0, export.error)
        let rows = export.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let directions = Dictionary(uniqueKeysWithValues: rows.map { ($0[1], $0[2]) })
        XCTAssertEqual(directions, ["IMG_0001.jpg": "left", "IMG_0002.jpg": "left", "IMG_0003.jpg": "left", "IMG_0004.jpg": "left", "IMG_0005.jpg": "right"],
                       "four skipped, the one kept last kept; the other photo undecided")
        XCTAssertEqual(marks(folder.appendingPathComponent("IMG_0005.jpg.xmp").path), "Rating=1 PickLabel=3", "kept: accepted")
        for name in ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg", "IMG_0004.jpg"] {
            XCTAssertEqual(marks(folder.appendingPathComponent(name + ".xmp").path), "Rating=-1 PickLabel=1", "\(name) skipped: rejected")
        }
        XCTAssertEqual(marks(folder.appendingPathComponent("IMG_0006.jpg.xmp").path), "none", "a photo outside the burst untouched")
    }

    /// A swipe of the stack decides every frame at once, one step that one undo takes back.
    func testASwipeOfTheStackDecidesEveryFrameInOneStep() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Burst")
        try Self.burst(in: folder)
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.waitForTrace("capture order:")
        app.focus()
        app.key("Up")
        var events = app.waitForDeckEvents(1)
        XCTAssertEqual(events.first?.hasPrefix("decided together ") == true ? events[0].components(separatedBy: " up").count - 1 : 0, 5, "\(events)")
        app.key("ctrl+z", "Right")
        events = app.waitForDeckEvents(3)
        XCTAssertTrue(events[1].hasPrefix("undone decided together "), "\(events)")
        XCTAssertTrue(events[2].hasPrefix("decided together "), "the stack again, whole: \(events)")
    }

    /// A RAW+JPEG pair is one card and one frame: three pairs are a burst of three, not six.
    func testARawAndJPEGPairIsOneFrame() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Pairs")
        try Self.burst(in: folder, blurs: [1, 0.4, 2])
        for index in 1...3 {
            let jpeg = folder.appendingPathComponent(String(format: "IMG_%04d.jpg", index))
            try FileManager.default.copyItem(at: jpeg, to: jpeg.deletingPathExtension().appendingPathExtension("NEF"))
        }
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("capture order: 4 of 4 photos dated")
        app.waitForTrace("1 bursts")
        app.focus()
        app.key("Return")
        app.waitForTrace("duel: 3 frames, 2 choices")
    }
}
