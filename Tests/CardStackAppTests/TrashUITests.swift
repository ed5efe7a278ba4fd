// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// Skipped photos to the desktop's trash after a review, with their RAW and sidecar, and back with Restore,
/// byte for byte; in an isolated data folder, through the real menu action and dialog.
final class TrashUITests: XCTestCase {
    func testSkippedPhotosGoToTheTrashAfterReviewAndComeBack() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Roll")
        try TestImages.make("a.jpg", ["-size", "120x80", "xc:#e01b24"], in: folder)
        try TestImages.make("b.jpg", ["-size", "120x80", "xc:#3584e4"], in: folder)
        try FileManager.default.copyItem(at: CameraFiles.canonR6, to: folder.appendingPathComponent("a.CR3"))
        try FileManager.default.copyItem(at: SidecarFiles.colorBalance, to: folder.appendingPathComponent("a.CR3.xmp"))
        let names = ["a.CR3", "a.CR3.xmp", "a.jpg", "b.jpg"]
        let originals = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }

        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("opened Roll: 0 of 2 decided")
        app.waitForTrace("first frame")
        app.focus()
        app.key("Left")
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        app.activateWindowAction("trash-skipped")
        try AccessibilityProbe.assert(["Move 3 Files to the Trash?"], states: "MODAL", is: "dialog | Move 3 Files to the Trash? | True",
                                      "the review names the pair's two files and the sidecar")
        // The dialog's second button, bottom right: the smaller of the app's windows.
        let windows = RunningApp.xdotool(["search", "--onlyvisible", "--pid", "\(app.pid)"]).split(separator: "\n").compactMap { id -> (Int, Int, Int, Int)? in
            let text = RunningApp.xdotool(["getwindowgeometry", "--shell", String(id)])
            func value(_ key: String) -> Int? { text.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap { Int($0.dropFirst(key.count + 1)) } }
            guard let x = value("X"), let y = value("Y"), let width = value("WIDTH"), let height = value("HEIGHT") else { return nil }
            return (x, y, width, height)
        }
        let dialog = try XCTUnwrap(windows.min { $0.2 * $0.3 < $1.2 * $1.3 })
        RunningApp.xdotool(["mousemove", "\(dialog.0 + dialog.2 * 3 / 4)", "\(dialog.1 + dialog.3 - 24)", "click", "1"])
        app.waitForTrace("trash: moved 3, 0 stayed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["b.jpg"], "only the kept photo is left")
        let trash = home.appendingPathComponent("data/Trash/files")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.path).sorted(), ["a.CR3", "a.CR3.xmp", "a.jpg"])

        app.activateWindowAction("restore-trashed")
        app.waitForTrace("trash: restored 3 of 3")
        XCTAssertEqual(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, originals, "every file back, byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.path), [], "the trash gave them all back")
    }
}
