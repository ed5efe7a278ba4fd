// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// Camera RAW files from real cameras, a RAW+JPEG pair, a camera card's folders, and RAWs that can't be shown.
final class CameraRawUITests: XCTestCase {
    private func copy(_ source: URL, to name: String, in folder: URL) throws {
        let target = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
    }

    /// A Canon CR3 shows its embedded preview, dated by the RAW's capture time and sized by its sensor, as a
    /// screen reader hears it; a DNG without a preview and a cut CR3 are cards that say why and can be swiped.
    func testARawFolderShowsThePreviewsAndBrokenRawsAreCards() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Shoot")
        try copy(CameraFiles.canonR6, to: "IMG_0001.CR3", in: folder)
        try copy(CameraFiles.iPhoneDNGWithoutPreview, to: "IMG_0002.DNG", in: folder)
        try Data(try Data(contentsOf: CameraFiles.canonR6).prefix(3_000)).write(to: folder.appendingPathComponent("IMG_0003.CR3"))
        let before = try Data(contentsOf: folder.appendingPathComponent("IMG_0001.CR3"))

        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("opened Shoot: 0 of 3 decided")
        app.waitForTrace("first frame")
        // In the order taken: the DNG of 29 Dec 2020 (its EXIF says so, though it has no picture to show), the CR3
        // of 12 May 2021, then the cut CR3, which doesn't say.
        try AccessibilityProbe.assert(["Card 1 of 3"], states: "FOCUSED",
                                      is: "panel | Card 1 of 3: IMG_0002.DNG — \(today()). Can't show this image: the RAW file has no preview in it | True")
        app.focus()
        app.key("Right")
        // 12 May 2021 is the CR3's own capture day (the copy's file is dated today); 3408 × 2272 its sensor size.
        try AccessibilityProbe.assert(["Card 2 of 3"], states: "FOCUSED", is: "panel | Keep: IMG_0002.DNG. Card 2 of 3: IMG_0001.CR3 — 12 May 2021 · 3408 × 2272 | True",
                                      "the RAW's preview is decoded and its metadata read")
        app.key("Right")
        try AccessibilityProbe.assert(["Card 3 of 3"], states: "FOCUSED",
                                      is: "panel | Keep: IMG_0001.CR3. Card 3 of 3: IMG_0003.CR3 — \(today()). Can't show this image: it is damaged or not a picture | True")
        app.key("Left")
        XCTAssertEqual(app.waitForDeckEvents(3).count, 3, "the RAWs that can't be shown are swiped like any card")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("IMG_0001.CR3")), before, "the RAW is only read")
    }

    /// A camera card's layout opens with --recursive; a RAW and a JPEG of one name are one card that says so, and
    /// deciding it is one step: one row in the export, Undo takes it back whole.
    func testACameraCardWithAPairIsOneCardAndOneStep() throws {
        let home = try RunningApp.temporaryHome()
        let card = home.appendingPathComponent("EOS_DIGITAL")
        try copy(CameraFiles.canonR6, to: "DCIM/100CANON/IMG_0001.CR3", in: card)
        try TestImages.make("DCIM/100CANON/IMG_0001.JPG", ["-size", "600x400", "xc:#ff0000"], in: card)
        try copy(CameraFiles.canonS40, to: "DCIM/101CANON/IMG_0002.CRW", in: card)
        try FileManager.default.createDirectory(at: card.appendingPathComponent("MISC"), withIntermediateDirectories: true)

        let app = try RunningApp(arguments: ["--recursive", card.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("opened EOS_DIGITAL: 0 of 2 decided")
        app.waitForTrace("first frame")
        // In the order taken: the S40's CRW of 2005 first; the pair, whose files don't say when, after it.
        try AccessibilityProbe.assert(["Card 1 of 2"], states: "FOCUSED",
                                      is: "panel | Card 1 of 2: IMG_0002.CRW — DCIM/101CANON · 23 Apr 2005 · 2272 × 1704 | True")
        app.focus()
        app.key("Right")
        let pair = "Card 2 of 2: IMG_0001.JPG — DCIM/100CANON · RAW+JPEG · \(today()) · 600 × 400"
        try AccessibilityProbe.assert(["Card 2 of 2"], states: "FOCUSED", is: "panel | Keep: IMG_0002.CRW. \(pair) | True",
                                      "the pair shows its JPEG and says it is a pair and where it is")
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        let export = app.runCommand(["--recursive", "--export", card.path])
        XCTAssertEqual(export.status, 0, export.error)
        let rows = export.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(rows.map { $0[1] }, ["IMG_0002.CRW", "IMG_0001.JPG"], "one decision on the pair")
        XCTAssertEqual(rows.map { $0[2] }, ["right", "right"])
        app.key("ctrl+z")
        XCTAssertTrue(app.waitForTrace("deck: undone "), "one Undo")
        try AccessibilityProbe.assert(["Card 2 of 2"], states: "FOCUSED", is: "panel | \(pair) | True", "one Undo brings the pair back")
    }

    /// A pair whose JPEG is damaged (cut short) shows the RAW's preview, on the card, in Card details (which say
    /// the JPEG is not shown and why) and at 100 %.
    func testAPairWhoseJPEGIsDamagedShowsTheRAWsPreview() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Pair")
        try copy(CameraFiles.canonR6, to: "IMG_0001.CR3", in: folder)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1]).write(to: folder.appendingPathComponent("IMG_0001.JPG"))
        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        try AccessibilityProbe.assert(["Card 1 of 1"], states: "FOCUSED",
                                      is: "panel | Card 1 of 1: IMG_0001.JPG — RAW+JPEG · 12 May 2021 · 3408 × 2272 | True",
                                      "the RAW's preview, not “Can't show this image”")
        app.focus()
        app.key("Return")
        app.waitForTrace("sheets: details")
        try AccessibilityProbe.assert(["Not shown: "], states: "SENSITIVE",
                                      is: "label | Not shown: it is damaged or not a picture; this is the RAW's preview | True")
        app.key("Escape")
        app.waitForTrace("sheets: none")
        app.key("z")
        XCTAssertTrue(app.waitForTrace("zoom: full picture "), "the zoom decodes the RAW's preview: \(app.log)")
    }

    /// `--print` hands a script both files of a pair it kept, a line each.
    func testAKeptPairIsPrintedAsItsTwoFiles() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Pair")
        try copy(CameraFiles.canonR6, to: "IMG_0001.CR3", in: folder)
        try copy(CameraFiles.canonS40, to: "IMG_0002.CRW", in: folder)
        try TestImages.make("IMG_0001.JPG", ["-size", "60x40", "xc:#ff0000"], in: folder)

        let app = try RunningApp(arguments: ["--print", "right", folder.path], home: home, input: URL(fileURLWithPath: "/dev/null"))
        defer { app.terminate() }
        app.waitForTrace("first frame")
        app.focus()
        // The S40's CRW of 2005 comes first, in the order taken; the pair (2021) after it.
        app.key("Left", "Right")
        XCTAssertEqual(app.waitForDeckEvents(2).count, 2)
        app.key("ctrl+w")
        XCTAssertEqual(app.waitForExit(), 0, "both photos decided")
        XCTAssertEqual(app.printed.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }, ["IMG_0001.JPG", "IMG_0001.CR3"])
    }

    /// Today as a photo card's subtitle gives a file's modification day (UTC).
    private func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMM yyyy"
        return formatter.string(from: Date())
    }
}
