// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// Skipped photos to the desktop's trash after a review, with their RAW and sidecar, as one step of the history:
/// back with Undo byte for byte, again with Redo, and back with Undo after a relaunch; in an isolated data folder,
/// through the real menu action and dialog.
final class TrashUITests: XCTestCase {
    func testSkippedPhotosGoToTheTrashAfterReviewAndComeBackWithUndo() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Roll")
        try TestImages.make("a.jpg", ["-size", "120x80", "xc:#e01b24"], in: folder)
        try TestImages.make("b.jpg", ["-size", "120x80", "xc:#3584e4"], in: folder)
        try FileManager.default.copyItem(at: CameraFiles.canonR6, to: folder.appendingPathComponent("a.CR3"))
        try FileManager.default.copyItem(at: SidecarFiles.colorBalance, to: folder.appendingPathComponent("a.CR3.xmp"))
        let names = ["a.CR3", "a.CR3.xmp", "a.jpg", "b.jpg"]
        let originals = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }

        var app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
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
        try Self.clickDialogsSecondButton(of: app)
        app.waitForTrace("files: trashed 3, 0 stayed, 0 stopped")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["b.jpg"], "only the kept photo is left")
        let trash = home.appendingPathComponent("data/Trash/files")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.path).sorted(), ["a.CR3", "a.CR3.xmp", "a.jpg"])

        // The trashed photo's card says where it is, not that it is damaged; back, it is a photo again.
        app.key("alt+3")
        try AccessibilityProbe.assert(["a.jpg"], states: "SENSITIVE", is: "panel | a.jpg — RAW+JPEG · \(Self.today). Rejected. In the trash, 1 of 2, Skip | True", "Browse's card says where it is")
        app.activateWindowAction("undo")
        app.waitForTrace("files: restored 3, 0 stayed, 0 stopped")
        try AccessibilityProbe.assert(["a.jpg"], states: "SENSITIVE", is: "panel | Undone: The files of the “Skip” cards moved. a.jpg — RAW+JPEG · \(Self.today) · 120 × 80. Rejected, 1 of 2, Skip | True",
                                      "a photo again, after what Undo did")
        XCTAssertEqual(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, originals, "every file back, byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.path), [], "the trash gave them all back")
        XCTAssertEqual(Array(app.deckEvents.suffix(2)), ["files of left moved, batch 1", "undone files of left moved, batch 1"],
                       "one step in the history, and no card changed by it")

        app.activateWindowAction("redo")
        app.waitForTrace("files: trashed 3, 0 stayed, 0 stopped", occurrence: 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["b.jpg"], "redone: gone again")

        // After a relaunch the step is still the latest, and Undo still brings the files back (the folder shows
        // the one photo left in it meanwhile).
        app.terminate()
        app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        app.waitForTrace("opened Roll: 1 of 1 decided")
        app.activateWindowAction("undo")
        app.waitForTrace("files: restored 3, 0 stayed, 0 stopped")
        XCTAssertEqual(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, originals, "back after a relaunch, byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.path), [])
    }

    /// A photo named in Latin-1 goes to the trash and comes back byte for byte; a photo the user already brought
    /// back from the desktop's trash is said to be back, not to have failed.
    func testALatin1NameComesBackAndOneAlreadyRestoredIsSaidToBeBack() throws {
        let home = try RunningApp.temporaryHome()
        let folder = try TemporaryFolder(named: "Old")
        defer { folder.remove() }
        try TestImages.make("b.jpg", ["-size", "120x80", "xc:#3584e4"], in: folder.url)
        let latin1 = Array("old".utf8) + [0xE9] + Array("cam.jpg".utf8)
        let picture = try Data(contentsOf: folder.url.appendingPathComponent("b.jpg"))
        let latin1Path = try folder.write(picture + Data("latin1".utf8), toNameBytes: latin1)
        let app = try launch(on: folder.url, home: home, deciding: ["Left", "Left"])
        try Self.reviewAndTrash("Move 2 Files to the Trash?", app: app)
        app.waitForTrace("files: trashed 2, 0 stayed, 0 stopped")
        XCTAssertEqual(access(latin1Path, F_OK), -1, "the Latin-1 photo went to the trash")
        // The user brings b.jpg back from the trash themselves, as Files does.
        let trash = home.appendingPathComponent("data/Trash")
        try FileManager.default.moveItem(at: trash.appendingPathComponent("files/b.jpg"), to: folder.url.appendingPathComponent("b.jpg"))
        try FileManager.default.removeItem(at: trash.appendingPathComponent("info/b.jpg.trashinfo"))

        app.activateWindowAction("undo")
        app.waitForTrace("toast: Brought back 1 file from the trash; 1 was back in its folder already")
        XCTAssertEqual(access(latin1Path, F_OK), 0, "the Latin-1 photo is back under its own bytes")
        let descriptor = open(latin1Path, O_RDONLY)
        var bytes = [UInt8](repeating: 0, count: picture.count + 16)
        let count = read(descriptor, &bytes, bytes.count)
        close(descriptor)
        XCTAssertEqual(Data(bytes[0..<max(0, count)]), picture + Data("latin1".utf8), "byte for byte")
        XCTAssertEqual(try Data(contentsOf: folder.url.appendingPathComponent("b.jpg")), picture)
    }

    /// A file gone between the review and the move stays listed with its reason; the others go.
    func testAFileThatCantGoIsListedWithItsReasonAndTheOthersGo() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Roll")
        try TestImages.make("a.jpg", ["-size", "120x80", "xc:#e01b24"], in: folder)
        try TestImages.make("b.jpg", ["-size", "120x80", "xc:#3584e4"], in: folder)
        let app = try launch(on: folder, home: home, deciding: ["Left", "Left"])
        try Self.reviewAndTrash("Move 2 Files to the Trash?", app: app) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent("a.jpg"))
        }
        app.waitForTrace("files: trashed 1, 1 stayed, 0 stopped")
        try AccessibilityProbe.assert(["1 File Stayed"], states: "MODAL", is: "dialog | 1 File Stayed | True", "the file that stayed is listed")
        let listed = try AccessibilityProbe.describe(["a.jpg: "], states: "SHOWING", waitingUpTo: 10)
        XCTAssertTrue(listed.contains("a.jpg: ") && listed.contains("No such file"), "named with its reason: \(listed)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "the other went")
    }

    /// A disk without a trash (a system mount, like `/dev/shm`): the files stay, and deleting them for good is
    /// offered behind a confirmation; confirmed, they are gone and Undo does not pretend to bring them back.
    func testFilesOnADiskWithoutTrashAreDeletedOnlyAfterConfirmation() throws {
        let shm = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: shm.path) else { throw XCTSkip("no /dev/shm to stand for a disk without trash") }
        let home = try RunningApp.temporaryHome()
        let folder = shm.appendingPathComponent("cardstack-notrash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestImages.make("a.jpg", ["-size", "120x80", "xc:#e01b24"], in: folder)
        try TestImages.make("b.jpg", ["-size", "120x80", "xc:#3584e4"], in: folder)

        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Left")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        app.activateWindowAction("trash-skipped")
        try AccessibilityProbe.assert(["Move 1 File to the Trash?"], states: "MODAL", is: "dialog | Move 1 File to the Trash? | True", "the review")
        try Self.clickDialogsSecondButton(of: app)
        app.waitForTrace("files: trashed 0, 0 stayed, 0 stopped")
        app.waitForTrace("trash: no trash for 1 files")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.jpg").path), "nothing deleted before the answer")
        try AccessibilityProbe.assert(["Delete 1 File for Good?"], states: "MODAL", is: "dialog | Delete 1 File for Good? | True", "the confirmation")
        try Self.clickDialogsSecondButton(of: app)
        app.waitForTrace("files: deleted 1, 0 stayed, 0 stopped")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["b.jpg"])

        app.activateWindowAction("undo")
        app.waitForTrace("files: restored 0, 0 stayed, 0 stopped")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["b.jpg"], "a deleted file is not pretended back")
    }

    /// Today as a photo card names its day when the file says no other.
    static var today: String { DeckSourcesUITests.today }

    /// Opens Move Files to Trash…, checks the review is the dialog `title`, runs `meanwhile`, and confirms.
    static func reviewAndTrash(_ title: String, app: RunningApp, meanwhile: () throws -> Void = {}) throws {
        app.activateWindowAction("trash-skipped")
        try AccessibilityProbe.assert([title], states: "MODAL", is: "dialog | \(title) | True", "the review")
        try meanwhile()
        try clickDialogsSecondButton(of: app)
    }

    /// Clicks the second button of the app's dialog on show, bottom right: the smaller of the app's windows.
    static func clickDialogsSecondButton(of app: RunningApp) throws {
        let windows = RunningApp.xdotool(["search", "--onlyvisible", "--pid", "\(app.pid)"]).split(separator: "\n").compactMap { id -> (Int, Int, Int, Int)? in
            let text = RunningApp.xdotool(["getwindowgeometry", "--shell", String(id)])
            func value(_ key: String) -> Int? { text.split(separator: "\n").first { $0.hasPrefix("\(key)=") }.flatMap { Int($0.dropFirst(key.count + 1)) } }
            guard let x = value("X"), let y = value("Y"), let width = value("WIDTH"), let height = value("HEIGHT") else { return nil }
            return (x, y, width, height)
        }
        let dialog = try XCTUnwrap(windows.min { $0.2 * $0.3 < $1.2 * $1.3 })
        RunningApp.xdotool(["mousemove", "\(dialog.0 + dialog.2 * 3 / 4)", "\(dialog.1 + dialog.3 - 24)", "click", "1"])
    }
}
