// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// The files of a direction's cards copied, or moved as one step of the history, to a folder chosen in the
/// desktop's folder chooser; a moved pair and its sidecar come back with Undo, after a relaunch too, byte for byte.
final class CopyMoveUITests: XCTestCase {
    private func makeRoll(in home: URL) throws -> (folder: URL, names: [String], originals: [Data]) {
        let folder = home.appendingPathComponent("Roll")
        try TestImages.make("a.jpg", ["-size", "120x80", "xc:#e01b24"], in: folder)
        try TestImages.make("b.jpg", ["-size", "120x80", "xc:#3584e4"], in: folder)
        try FileManager.default.copyItem(at: CameraFiles.canonR6, to: folder.appendingPathComponent("a.CR3"))
        try FileManager.default.copyItem(at: SidecarFiles.colorBalance, to: folder.appendingPathComponent("a.CR3.xmp"))
        let names = ["a.CR3", "a.CR3.xmp", "a.jpg"]
        return (folder, names, try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) })
    }

    /// Keeps the pair, opens Copy or Move Files…, turns Move on when asked, and picks `destination` by typing it
    /// in the folder chooser.
    private func keepThePairAndSend(to destination: URL, moving: Bool, app: RunningApp) throws {
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        app.activateWindowAction("copy-files")
        try AccessibilityProbe.assert(["Copy or Move 3 Files"], states: "MODAL", is: "dialog | Copy or Move 3 Files | True",
                                      "the review names the pair's two files and the sidecar")
        app.focusNewestWindow()
        if moving { app.key("alt+v") }
        try TrashUITests.clickDialogsSecondButton(of: app)
        app.waitForTrace("window inactive")
        Thread.sleep(forTimeInterval: 1)
        app.focusNewestWindow()
        app.key("ctrl+l")
        RunningApp.xdotool(["type", "--delay", "10", destination.path + "/"])
        app.key("Return")
    }

    func testMovedFilesComeBackWithUndoAfterARelaunchToo() throws {
        let home = try RunningApp.temporaryHome()
        let (folder, names, originals) = try makeRoll(in: home)
        let destination = home.appendingPathComponent("Picks")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)

        var app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        try keepThePairAndSend(to: destination, moving: true, app: app)
        app.waitForTrace("files: moved 3, 0 stayed, 0 stopped")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted(), names)
        XCTAssertEqual(try names.map { try Data(contentsOf: destination.appendingPathComponent($0)) }, originals, "moved byte for byte")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["b.jpg"])

        app.terminate()
        app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        app.waitForTrace("opened Roll: ")
        app.activateWindowAction("undo")
        app.waitForTrace("files: moved back 3, 0 stayed, 0 stopped")
        XCTAssertEqual(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, originals, "back in place after a relaunch")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.path), [])
    }

    func testCopiedFilesLeaveTheOriginalsAndReplaceNothing() throws {
        let home = try RunningApp.temporaryHome()
        let (folder, names, originals) = try makeRoll(in: home)
        let destination = home.appendingPathComponent("Picks")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try Data("someone else's".utf8).write(to: destination.appendingPathComponent("a.jpg"))

        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        try keepThePairAndSend(to: destination, moving: false, app: app)
        app.waitForTrace("files: copied 3 of 3")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted(), ["a (2).jpg", "a.CR3", "a.CR3.xmp", "a.jpg"])
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("a.jpg")), Data("someone else's".utf8), "nothing replaced")
        XCTAssertEqual(try Data(contentsOf: destination.appendingPathComponent("a (2).jpg")), originals[2])
        XCTAssertEqual(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, originals, "the originals stay")
    }
}
