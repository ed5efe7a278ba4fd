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
        try keep(cards: 1, files: 3, andSendTo: destination, moving: moving, app: app)
    }

    /// Keeps `cards` cards, opens Copy or Move Files… for their `files` files, turns Move on when asked, and picks
    /// `destination` by typing it in the folder chooser.
    private func keep(cards: Int, files: Int, andSendTo destination: URL, moving: Bool, app: RunningApp) throws {
        app.waitForTrace("first frame")
        app.focus()
        for _ in 0..<cards { app.key("Right") }
        XCTAssertEqual(app.waitForDeckEvents(cards).count, cards)
        app.activateWindowAction("copy-files")
        try AccessibilityProbe.assert(["Copy or Move \(files) Files"], states: "MODAL", is: "dialog | Copy or Move \(files) Files | True",
                                      "the review names every file")
        app.focusNewestWindow()
        try send(to: destination, moving: moving, app: app)
    }

    /// In the review on show: turns Move on when asked, and picks `destination` by typing it in the folder chooser.
    private func send(to destination: URL, moving: Bool, app: RunningApp) throws {
        if moving { try turnMoveOn(app: app) }
        try TrashUITests.clickDialogsSecondButton(of: app)
        app.waitForTrace("window inactive")
        Thread.sleep(forTimeInterval: 1)
        app.focusNewestWindow()
        app.key("ctrl+l")
        RunningApp.xdotool(["type", "--delay", "10", destination.path + "/"])
        app.key("Return")
    }

    /// Presses Alt+V until the review's Move switch is on: under load, a key pressed as the dialog appears can
    /// reach the window before the dialog has the focus (the files were then copied).
    private func turnMoveOn(app: RunningApp) throws {
        let on = "check box | Move instead of copying | True"
        var seen = ""
        for _ in 0..<3 {
            app.focusNewestWindow()
            app.key("alt+v")
            seen = try AccessibilityProbe.waitFor(["=check box|Move instead of copying"], states: "CHECKED", toBe: on, timeout: 5)
            if seen == on { return }
        }
        XCTFail("Move never turned on: \(seen)")
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

    /// A roll opened with its subfolders, two days each with an "IMG_1.jpg": the Keep card's and the Favourite
    /// card's files move at once, as one step, each into its day's subfolder of the destination (never flattened
    /// to "IMG_1 (2).jpg"), and one Undo brings both back.
    func testTheFilesOfSeveralDirectionsMoveAtOnceIntoTheirSubfolders() throws {
        let home = try RunningApp.temporaryHome()
        let roll = home.appendingPathComponent("Roll")
        try TestImages.make("IMG_1.jpg", ["-size", "120x80", "xc:#e01b24"], in: roll.appendingPathComponent("day1"))
        try TestImages.make("IMG_1.jpg", ["-size", "120x80", "xc:#3584e4"], in: roll.appendingPathComponent("day2"))
        try TestImages.make("IMG_2.jpg", ["-size", "120x80", "xc:#33d17a"], in: roll.appendingPathComponent("day2"))
        let moving = ["day1/IMG_1.jpg", "day2/IMG_1.jpg"]
        let originals = try moving.map { try Data(contentsOf: roll.appendingPathComponent($0)) }
        let destination = home.appendingPathComponent("Picks")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)

        let app = try RunningApp(arguments: ["--recursive", roll.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right")
        app.key("Up")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        app.activateWindowAction("copy-files")
        try AccessibilityProbe.assert(["Copy or Move 1 File"], states: "MODAL", is: "dialog | Copy or Move 1 File | True", "Keep's file first")
        app.focusNewestWindow()
        // The first tick has the keyboard: past Keep's to Favourite's, ticked; then Move on.
        app.key("Tab", "Tab", "space")
        try AccessibilityProbe.assert(["Copy or Move 2 Files"], states: "MODAL", is: "dialog | Copy or Move 2 Files | True", "both cards' files")
        try send(to: destination, moving: true, app: app)
        XCTAssertTrue(app.waitForTrace("files: moved 2, 0 stayed, 0 stopped"), app.log)
        XCTAssertTrue(app.log.contains("files of right+up moved"), "one step for both directions")
        XCTAssertEqual(try moving.map { try Data(contentsOf: destination.appendingPathComponent($0)) }, originals, "each in its day's subfolder")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: roll.appendingPathComponent("day2").path), ["IMG_2.jpg"])

        app.activateWindowAction("undo")
        XCTAssertTrue(app.waitForTrace("files: moved back 2, 0 stayed, 0 stopped"), app.log)
        XCTAssertEqual(try moving.map { try Data(contentsOf: roll.appendingPathComponent($0)) }, originals, "both back with one Undo")
    }

    /// A move to another disk (`/dev/shm` to the home's disk) killed half-way, into a folder that already has
    /// files of the same names: the relaunch says what it found, and Undo puts every moved file back where it
    /// was (SHA-256); the destination's own files are never touched, and nothing is left behind.
    func testAMoveKilledHalfWayIsUndoneByIdentityAfterARelaunch() throws {
        let home = try RunningApp.temporaryHome()
        var shmInfo = stat(), homeInfo = stat()
        guard stat("/dev/shm", &shmInfo) == 0, stat(home.path, &homeInfo) == 0, shmInfo.st_dev != homeInfo.st_dev else {
            throw XCTSkip("needs /dev/shm on another file system than the temporary folder")
        }
        let roll = try TemporaryFolder(named: "Roll", in: URL(fileURLWithPath: "/dev/shm"))
        defer { roll.remove() }
        let destination = home.appendingPathComponent("Picks")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        // Photos large enough (32 MB: a JPEG, then padding after its end) that copying them takes a while.
        try TestImages.make("seed.jpg", ["-size", "120x80", "xc:#3584e4"], in: home)
        let seed = try Data(contentsOf: home.appendingPathComponent("seed.jpg"))
        let names = (1...12).map { String(format: "p%02d.jpg", $0) }
        for (number, name) in names.enumerated() {
            var bytes = seed
            bytes.append(Data(repeating: UInt8(number), count: 32 * 1_048_576))
            try bytes.write(to: roll.url.appendingPathComponent(name))
            // The destination's own file of the same name and size.
            var theirs = seed
            theirs.append(Data(repeating: UInt8(100 + number), count: 32 * 1_048_576))
            try theirs.write(to: destination.appendingPathComponent(name))
        }
        func digests(_ folder: URL) -> [String: String] {
            let lines = RunningApp.output(of: "/bin/sh", ["-c", "cd '\(folder.path)' && sha256sum -- * 2>/dev/null"])
            return Dictionary(uniqueKeysWithValues: lines.split(separator: "\n").map { line in
                let parts = line.split(separator: " ", maxSplits: 1)
                return (String(parts[1].drop { $0 == " " || $0 == "*" }), String(parts[0]))
            })
        }
        let (rollBefore, theirsBefore) = (digests(roll.url), digests(destination))
        XCTAssertEqual(rollBefore.count, 12)

        let app = try RunningApp(arguments: [roll.url.path], home: home, accessibility: true)
        defer { app.terminate() }
        try keep(cards: 12, files: 12, andSendTo: destination, moving: true, app: app)
        app.waitForTrace("files: moving 12")
        let deadline = Date().addingTimeInterval(30)
        var arrived: [String] = []
        while arrived.count < 3, Date() < deadline {
            arrived = ((try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []).filter { $0.contains(" (2)") }
            usleep(5_000)
        }
        kill(app.pid, SIGKILL)
        XCTAssertNotNil(app.waitForExit())
        let movedAtKill = ((try? FileManager.default.contentsOfDirectory(atPath: roll.url.path)) ?? []).count
        XCTAssertGreaterThan(movedAtKill, 0, "killed half-way, not after the last file")

        let again = try RunningApp(arguments: [roll.url.path], home: home, accessibility: true)
        defer { again.terminate() }
        XCTAssertTrue(again.waitForTrace("files: a stopped move found"), again.log)
        again.waitForTrace("first frame")
        again.activateWindowAction("undo")
        XCTAssertTrue(again.waitForTrace("files: moved back", timeout: 60), again.log)
        XCTAssertEqual(digests(roll.url), rollBefore, "every photo back in its place, byte for byte")
        XCTAssertEqual(digests(destination), theirsBefore, "the destination's own files untouched, and nothing of ours left there")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted(), names, "no partial copy left either")
    }
}
