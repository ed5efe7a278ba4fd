// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest

/// What a phone dumps, made here as a phone would write it: HEIC stills by libheif's encoder with their EXIF date,
/// a Live Photo's motion and a video by GStreamer's H.264 encoder into QuickTime and MP4, and a file that only
/// claims to be a video.
final class PhoneFolderUITests: XCTestCase {
    /// One card per Live Photo, dated by its HEIC's EXIF and said to be live; a held press plays its motion until
    /// let go and opens no details, and Space plays it in the card's place (two frames on screen differ, where the
    /// still stood unchanged); a video is a card with its length, played and stopped by a decision; a skipped Live
    /// Photo's still gets its sidecar (`IMG_0100.HEIC.xmp`, read back by exiftool), and the three files go to the
    /// trash together and come back byte for byte with Undo.
    func testLivePhotosAreOneCardThatPlaysAndTravelsWithItsMotion() throws {
        try Self.requireTools()
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Phone")
        try Self.heic("IMG_0100.HEIC", date: "2021:07:14 09:30:00", in: folder)
        try Self.video("IMG_0100.MOV", muxer: "qtmux", seconds: 3, in: folder)
        try Self.video("VID_0200.MP4", muxer: "mp4mux", seconds: 2, in: folder)
        try TestImages.make("IMG_0101.JPG", ["-size", "160x120", "xc:#3584e4"], in: folder)
        let names = ["IMG_0100.HEIC", "IMG_0100.MOV"]
        let originals = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        try PreferencesUITests.write(["sidecar-style": "'darktable'"], in: home)

        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("opened Phone: 0 of 3 decided")
        app.waitForTrace("front photo drawn")
        app.focus()
        try AccessibilityProbe.assert(["Card 1 of 3"], states: "FOCUSED", is: "panel | Card 1 of 3: IMG_0100.HEIC — 14 Jul 2021 · 64 × 48. Live Photo | True",
                                      "the still's EXIF date, and that it is live")
        let still = try Self.picture(of: app)
        usleep(600_000)
        XCTAssertEqual(try Self.picture(of: app), still, "the still stands unchanged on screen")
        // Held, as a phone plays a Live Photo: it plays until let go, and the press opens no details.
        let window = try XCTUnwrap(app.windowGeometry())
        let before = app.log.count
        RunningApp.xdotool(["mousemove", "\(window.x + window.width / 2)", "\(window.y + window.height / 2)", "mousedown", "1"])
        app.waitForTrace("video: playing IMG_0100.MOV")
        RunningApp.xdotool(["mouseup", "1"])
        app.waitForTrace("video: stopped IMG_0100.MOV")
        usleep(600_000)
        XCTAssertFalse(app.log.dropFirst(before).contains("cardstack: sheets: "), "a held press is no tap")
        app.key("space")
        app.waitForTrace("video: playing IMG_0100.MOV")
        usleep(800_000)
        let first = try Self.picture(of: app)
        usleep(500_000)
        let second = try Self.picture(of: app)
        XCTAssertNotEqual(first, still, "the motion plays where the still was")
        XCTAssertNotEqual(first, second, "two frames of the motion differ")
        app.waitForTrace("video: ended IMG_0100.MOV")

        // Skipped, then to the trash after review: both files go, and both come back.
        app.key("Left")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)
        // The still's sidecar, named as darktable names it, read by exiftool; none for the motion.
        let sidecar = folder.appendingPathComponent("IMG_0100.HEIC.xmp")
        XCTAssertTrue(Self.waitFor { FileManager.default.fileExists(atPath: sidecar.path) }, "IMG_0100.HEIC.xmp written")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") {
            XCTAssertEqual(RunningApp.output(of: "/usr/bin/exiftool", ["-s3", "-XMP-xmp:Rating", sidecar.path]).trimmingCharacters(in: .whitespacesAndNewlines), "-1")
        }
        app.key("Right")
        try AccessibilityProbe.assert(["Card 3 of 3"], states: "FOCUSED", is: "panel | Keep: IMG_0101.JPG. Card 3 of 3: VID_0200.MP4 — \(TrashUITests.today) · 64 × 48. Video, 0:02 | True",
                                      "a video says its length")
        app.key("space")
        app.waitForTrace("video: playing VID_0200.MP4")
        app.key("Up")
        app.waitForTrace("video: stopped VID_0200.MP4")

        app.activateWindowAction("trash-skipped")
        try AccessibilityProbe.assert(["Move 3 Files to the Trash?"], states: "MODAL", is: "dialog | Move 3 Files to the Trash? | True",
                                      "the review names the still, its motion and its sidecar")
        try TrashUITests.clickDialogsSecondButton(of: app)
        app.waitForTrace("files: trashed 3, 0 stayed, 0 stopped")
        let trash = home.appendingPathComponent("data/Trash/files")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.path).sorted(), ["IMG_0100.HEIC", "IMG_0100.HEIC.xmp", "IMG_0100.MOV"])
        app.activateWindowAction("undo")
        app.waitForTrace("files: restored 3, 0 stayed, 0 stopped")
        XCTAssertEqual(try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, originals, "both back, byte for byte")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("IMG_0100.MOV.xmp").path), "no sidecar for the motion")
    }

    /// A file named like a video that no decoder reads says so on its card and, asked to play, in a toast.
    func testAVideoThatCantPlaySaysWhy() throws {
        try Self.requireTools()
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Clips")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("not a video at all, only its name".utf8).write(to: folder.appendingPathComponent("broken.mp4"))
        try Self.video("good.webm", muxer: "webmmux", encoder: "vp8enc deadline=1", seconds: 1, in: folder)
        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("opened Clips: 0 of 2 decided")
        app.focus()
        let said = try AccessibilityProbe.describe(["Card 1 of 2"], states: "FOCUSED", waitingUpTo: 10)
        XCTAssertTrue(said.contains("broken.mp4") && said.contains("Can't play this video: "), said)
        app.key("space")
        app.waitForTrace("toast: Can't play broken.mp4: ")
        app.key("Right")
        try AccessibilityProbe.assert(["Card 2 of 2"], states: "FOCUSED", is: "panel | Keep: broken.mp4. Card 2 of 2: good.webm — \(TrashUITests.today) · 64 × 48. Video, 0:01 | True",
                                      "WebM plays too")
    }

    /// A Pixel's Motion Photo (a JPEG with an MP4 after it, as Google's XMP describes it) is marked and heard as
    /// one, and Space plays the video inside it, left in the photo: the photo is only read.
    func testAMotionPhotoPlaysTheVideoInsideIt() throws {
        try Self.requireTools()
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Pixel")
        try Self.video("clip.mp4", muxer: "mp4mux", seconds: 2, in: folder)
        try TestImages.make("still.jpg", ["-size", "64x48", "xc:#2ec27e"], in: folder)
        let clip = try Data(contentsOf: folder.appendingPathComponent("clip.mp4"))
        let still = try Data(contentsOf: folder.appendingPathComponent("still.jpg"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("clip.mp4"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("still.jpg"))
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
            + Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description GCamera:MicroVideo="1" GCamera:MicroVideoOffset="\#(clip.count)"/></rdf:RDF></x:xmpmeta>"#.utf8)
        let segment = Data([0xFF, 0xE1, UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)] + xmp)
        let photo = folder.appendingPathComponent("PXL_20240701_100000000.MP.jpg")
        let bytes = still.prefix(2) + segment + still.dropFirst(2) + clip
        try bytes.write(to: photo)

        let app = try RunningApp(arguments: [folder.path], home: home, accessibility: true)
        defer { app.terminate() }
        app.waitForTrace("opened Pixel: 0 of 1 decided")
        app.waitForTrace("front photo drawn")
        app.focus()
        try AccessibilityProbe.assert(["Card 1 of 1"], states: "FOCUSED", is: "panel | Card 1 of 1: PXL_20240701_100000000.MP.jpg — \(TrashUITests.today) · 64 × 48. Motion Photo | True",
                                      "a Motion Photo is heard as one")
        app.key("space")
        app.waitForTrace("video: playing PXL_20240701_100000000.MP.jpg")
        app.waitForTrace("video: ended PXL_20240701_100000000.MP.jpg")
        XCTAssertEqual(try Data(contentsOf: photo), bytes, "the photo is only read")
    }

    /// Whether `condition` comes true within 10 s.
    private static func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(50_000)
        }
        return true
    }

    // MARK: Making a phone's files

    private static func requireTools() throws {
        for tool in ["/usr/bin/heif-enc", "/usr/bin/gst-launch-1.0", "/usr/bin/convert"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("needs \(tool) (make check installs it)")
        }
    }

    /// A HEIC still as an iPhone writes it: libheif's encoder, from a JPEG whose EXIF gives `date`.
    static func heic(_ name: String, date: String, in folder: URL) throws {
        try TestImages.make("plain.jpg", ["-size", "64x48", "gradient:orange-purple"], in: folder)
        let plain = folder.appendingPathComponent("plain.jpg")
        let dated = folder.appendingPathComponent("dated.jpg")
        try ExifSegment.inserting(ExifSegment.app1(orientation: 1, dateTimeOriginal: date), into: Data(contentsOf: plain)).write(to: dated)
        XCTAssertEqual(run("/usr/bin/heif-enc", ["-q", "50", "-o", folder.appendingPathComponent(name).path, dated.path]), 0, "heif-enc")
        try FileManager.default.removeItem(at: plain)
        try FileManager.default.removeItem(at: dated)
    }

    /// A video of `seconds` of GStreamer's noise (every frame differs everywhere) at 64 × 48, 30 frames a second.
    static func video(_ name: String, muxer: String, encoder: String = "x264enc speed-preset=ultrafast", seconds: Int, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pipeline = "videotestsrc pattern=snow num-buffers=\(seconds * 30) ! video/x-raw,width=64,height=48,framerate=30/1 ! \(encoder) ! \(muxer) "
            + "! filesink location=\(folder.appendingPathComponent(name).path)"
        XCTAssertEqual(run("/usr/bin/gst-launch-1.0", ["-q"] + pipeline.split(separator: " ").map(String.init)), 0, pipeline)
    }

    /// The middle of the app's window as raw pixels: the front card's picture, away from its caption and buttons.
    private static func picture(of app: RunningApp) throws -> Data {
        let window = try XCTUnwrap(app.windowGeometry())
        let crop = "\(window.width / 2)x\(window.height / 4)+\(window.x + window.width / 4)+\(window.y + window.height / 4)"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-picture-\(UUID().uuidString).rgb")
        defer { try? FileManager.default.removeItem(at: output) }
        XCTAssertEqual(run("/usr/bin/import", ["-window", "root", "-crop", crop, "rgb:\(output.path)"]), 0, "import")
        return try Data(contentsOf: output)
    }

    @discardableResult
    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
