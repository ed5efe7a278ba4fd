// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// Decisions reaching XMP sidecars: what darktable, digiKam and Lightroom read, a darktable history kept, undo
/// taking each back exactly (after a relaunch too), originals never changed, and a sidecar that can't be written.
final class SidecarUITests: XCTestCase {
    /// A folder "Shoot": a CR3 without sidecar, `b.jpg` with a real darktable sidecar (rated one star, a long
    /// history), `c.jpg` without sidecar.
    private func makeShoot() throws -> (home: URL, folder: URL) {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Shoot")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CameraFiles.canonR6, to: folder.appendingPathComponent("a.CR3"))
        for name in ["b.jpg", "c.jpg"] { try TestImages.make(name, ["-size", "120x80", "xc:#3584e4"], in: folder) }
        try FileManager.default.copyItem(at: SidecarFiles.almostAll, to: folder.appendingPathComponent("b.jpg.xmp"))
        return (home, folder)
    }

    /// The rating and pick label as exiftool reads them ("Rating=-1 PickLabel=1"), "none" without a sidecar.
    private func marks(_ path: String) -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "none" }
        let text = RunningApp.output(of: "/usr/bin/exiftool", ["-s", "-s", "-XMP-xmp:Rating", "-XMP-digiKam:PickLabel", path])
        return text.split(separator: "\n").map { $0.replacingOccurrences(of: ": ", with: "=") }.joined(separator: " ")
    }

    /// Waits until `marks(path)` is `expected` (the sidecars are written off the main thread).
    private func waitForMarks(_ path: String, _ expected: String, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(10)
        while marks(path) != expected && Date() < deadline { usleep(100_000) }
        XCTAssertEqual(marks(path), expected, (path as NSString).lastPathComponent, line: line)
    }

    private func checksums(_ folder: URL, _ names: [String]) throws -> [Data] {
        try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    }

    func testSkipKeepAndFavouriteWriteWhatDarktableReadsAndUndoTakesEachBack() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else { throw XCTSkip("needs exiftool (make check installs it)") }
        let (home, folder) = try makeShoot()
        let originals = try checksums(folder, ["a.CR3", "b.jpg", "c.jpg"])
        let b = folder.appendingPathComponent("b.jpg.xmp").path
        let history = SidecarFiles.properties(of: b)
        let app = try RunningApp(arguments: ["--sidecars", "darktable", folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("sidecars: darktable")
        app.waitForTrace("first frame")
        app.focus()
        app.key("Left")
        waitForMarks(folder.appendingPathComponent("a.CR3.xmp").path, "Rating=-1 PickLabel=1")
        app.key("Right")
        waitForMarks(b, "Rating=1 PickLabel=3")
        app.key("Up")
        waitForMarks(folder.appendingPathComponent("c.jpg.xmp").path, "Rating=5 PickLabel=3")
        if let history, let now = SidecarFiles.properties(of: b) {
            XCTAssertEqual(now.filter { !$0.hasPrefix("Xmp.digiKam.PickLabel") }, history, "the darktable history is whole")
        }

        app.key("ctrl+z")
        waitForMarks(folder.appendingPathComponent("c.jpg.xmp").path, "none")
        app.key("ctrl+z")
        waitForMarks(b, "Rating=1")
        XCTAssertEqual(SidecarFiles.properties(of: b), history, "undone, the darktable sidecar says exactly what it said")
        app.key("ctrl+z")
        waitForMarks(folder.appendingPathComponent("a.CR3.xmp").path, "none")
        XCTAssertEqual(try checksums(folder, ["a.CR3", "b.jpg", "c.jpg"]), originals, "no original photo changed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a.CR3", "b.jpg", "b.jpg.xmp", "c.jpg"])
    }

    /// What a sidecar held is kept with the decision: an undo after a relaunch still restores it.
    func testAnUndoAfterARelaunchRestoresTheSidecar() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else { throw XCTSkip("needs exiftool (make check installs it)") }
        let (home, folder) = try makeShoot()
        let b = folder.appendingPathComponent("b.jpg.xmp").path
        let history = SidecarFiles.properties(of: b)
        do {
            let app = try RunningApp(arguments: ["--sidecars=lightroom", folder.path], home: home)
            defer { app.terminate() }
            app.waitForTrace("first frame")
            app.focus()
            app.key("Right")
            // In Lightroom's style the CR3's sidecar is a.xmp.
            waitForMarks(folder.appendingPathComponent("a.xmp").path, "Rating=1 PickLabel=3")
            app.key("Left")
            app.waitForTrace("deck: decided")
        }
        // b.jpg has no sidecar in Lightroom's style (b.xmp): it was created, so undo removes it.
        waitForMarks(folder.appendingPathComponent("b.xmp").path, "Rating=-1 PickLabel=1")
        let again = try RunningApp(arguments: ["--sidecars", "lightroom", folder.path], home: home)
        defer { again.terminate() }
        again.waitForTrace("opened Shoot: 2 of 3 decided")
        again.focus()
        again.key("ctrl+z")
        waitForMarks(folder.appendingPathComponent("b.xmp").path, "none")
        again.key("ctrl+z")
        waitForMarks(folder.appendingPathComponent("a.xmp").path, "none")
        XCTAssertEqual(SidecarFiles.properties(of: b), history, "the darktable-style sidecar was never touched")
    }

    /// The marks sidecars had before the cull are read when the folder opens, from what the sidecar held before
    /// CardStack wrote into it: after a relaunch, a photo CardStack rejected still wears its earlier star, and a
    /// sidecar CardStack created says nothing of before.
    func testMarksFromBeforeTheCullSurviveTheCullsOwnWrites() throws {
        let (home, folder) = try makeShoot()
        do {
            let app = try RunningApp(arguments: ["--sidecars=darktable", folder.path], home: home)
            defer { app.terminate() }
            app.waitForTrace("marks: 1 of 3 photos marked before (1 rated, 0 rejected, 0 picked)")
            app.waitForTrace("first frame")
            app.focus()
            app.key("Right")
            app.key("Left")
            XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
            waitForMarks(folder.appendingPathComponent("b.jpg.xmp").path, "Rating=-1 PickLabel=1")
        }
        let again = try RunningApp(arguments: ["--sidecars=darktable", folder.path], home: home)
        defer { again.terminate() }
        again.waitForTrace("marks: 1 of 3 photos marked before (1 rated, 0 rejected, 0 picked)")
    }

    /// Steps stored while their sidecars were not written (sidecars off, or the app stopped before writing them)
    /// reach the sidecars when the deck is next opened with sidecars on; sidecars already right stay untouched.
    func testStepsWithoutTheirSidecarsCatchUpAtTheNextLaunch() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else { throw XCTSkip("needs exiftool (make check installs it)") }
        let (home, folder) = try makeShoot()
        do {
            let app = try RunningApp(arguments: ["--sidecars=off", folder.path], home: home)
            defer { app.terminate() }
            app.waitForTrace("first frame")
            app.focus()
            app.key("Right")
            app.key("Left")
            XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        }
        XCTAssertEqual(marks(folder.appendingPathComponent("a.CR3.xmp").path), "none", "sidecars off: nothing written")
        do {
            let app = try RunningApp(arguments: ["--sidecars=darktable", folder.path], home: home)
            defer { app.terminate() }
            app.waitForTrace("sidecars: catching up 3 cards")
            waitForMarks(folder.appendingPathComponent("a.CR3.xmp").path, "Rating=1 PickLabel=3")
            waitForMarks(folder.appendingPathComponent("b.jpg.xmp").path, "Rating=-1 PickLabel=1")
        }
        let written = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("b.jpg.xmp").path)[.modificationDate] as? Date
        let again = try RunningApp(arguments: ["--sidecars=darktable", folder.path], home: home)
        defer { again.terminate() }
        again.waitForTrace("opened Shoot: 2 of 3 decided")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertTrue(again.traced("cardstack: sidecars: catching up").count == 0, "nothing left to catch up")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("b.jpg.xmp").path)[.modificationDate] as? Date, written,
                       "a sidecar that says the right thing is not written again")
    }

    /// A sidecar that can't be written (here a folder in its place) is said in a lasting banner; deciding goes on
    /// and every decision is stored.
    func testASidecarThatCantBeWrittenIsSaidAndDecidingGoesOn() throws {
        let (home, folder) = try makeShoot()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a.CR3.xmp"), withIntermediateDirectories: false)
        let app = try RunningApp(arguments: ["--sidecars", "darktable", folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Left")
        app.waitForTrace("storage banner: Sidecars are not being written (the sidecar is not a plain file: “a.CR3.xmp”)")
        app.key("Left")
        app.waitForTrace("deck: decided", occurrence: 2)
        let export = app.runCommand(["--export", folder.path])
        XCTAssertEqual(export.output.split(separator: "\n").count, 3, "both decisions are stored: \(export.output)")
    }

    /// Another program rates the photos after CardStack decided them (as darktable or digiKam would, here exiv2
    /// itself): undoing the decisions takes back only CardStack's pick labels; the other program's ratings, and
    /// so the sidecars CardStack created, stay.
    func testUndoLeavesWhatAnotherProgramWroteAfterTheDecision() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), FileManager.default.isExecutableFile(atPath: "/usr/bin/exiv2")
        else { throw XCTSkip("needs exiftool and exiv2 (make check installs them)") }
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Pair")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["x.jpg", "y.jpg"] { try TestImages.make(name, ["-size", "120x80", "xc:#3584e4"], in: folder) }
        let (x, y) = (folder.appendingPathComponent("x.jpg.xmp").path, folder.appendingPathComponent("y.jpg.xmp").path)
        let app = try RunningApp(arguments: ["--sidecars", "darktable", folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Down")
        waitForMarks(x, "PickLabel=2")
        app.key("Right")
        waitForMarks(y, "Rating=1 PickLabel=3")
        _ = RunningApp.output(of: "/usr/bin/exiv2", ["-M", "set Xmp.xmp.Rating 3", x])
        _ = RunningApp.output(of: "/usr/bin/exiv2", ["-M", "set Xmp.xmp.Rating 4", y])
        XCTAssertEqual(marks(x), "Rating=3 PickLabel=2")
        app.key("ctrl+z")
        waitForMarks(y, "Rating=4")
        app.key("ctrl+z")
        waitForMarks(x, "Rating=3")
        app.waitForTrace("deck: undone", occurrence: 2)
        XCTAssertEqual(app.traced("storage banner").count, 0, "nothing went wrong to say")
    }

    /// A sidecar exiv2 can't decode and a read-only one are left byte for byte, said in the lasting banner, and
    /// the decisions are kept.
    func testDamagedAndReadOnlySidecarsAreLeftByteForByteAndSaid() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Kept")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["p.jpg", "q.jpg"] { try TestImages.make(name, ["-size", "120x80", "xc:#3584e4"], in: folder) }
        // Cut short in the middle of its description: exiv2 would read it as empty and write a fresh packet.
        let damaged = Data(try Data(contentsOf: SidecarFiles.colorBalance).prefix(1_200))
        let p = folder.appendingPathComponent("p.jpg.xmp")
        try damaged.write(to: p)
        let q = folder.appendingPathComponent("q.jpg.xmp")
        try FileManager.default.copyItem(at: SidecarFiles.colorBalance, to: q)
        XCTAssertEqual(chmod(q.path, 0o444), 0)
        let locked = try Data(contentsOf: q)
        let app = try RunningApp(arguments: ["--sidecars", "darktable", folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        app.key("Left")
        app.waitForTrace("storage banner: Sidecars are not being written (the sidecar is not XMP that exiv2 can read; it was left as it is: “p.jpg.xmp”)")
        app.key("Up")
        app.waitForTrace("storage banner: Sidecars are not being written (the sidecar or its folder is read-only; it was left as it is: “q.jpg.xmp”)")
        app.key("ctrl+z")
        app.key("ctrl+z")
        app.waitForTrace("deck: undone", occurrence: 2)
        app.key("Left")
        app.waitForTrace("deck: decided", occurrence: 3)
        let export = app.runCommand(["--export", folder.path])
        XCTAssertEqual(export.output.split(separator: "\n").count, 2, "the decision is stored: \(export.output)")
        XCTAssertEqual(try Data(contentsOf: p), damaged, "the damaged sidecar is byte for byte as it was")
        XCTAssertEqual(try Data(contentsOf: q), locked, "the read-only sidecar too")
        var info = stat()
        XCTAssertEqual(stat(q.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o444)
    }
}
