// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import XCTest

/// A folder of photos is a deck: every file a card, undecodable ones included, decided and exported like any card.
final class PhotoDeckUITests: XCTestCase {
    private func makeImage(_ name: String, size: String, in folder: URL, fill: String = "gradient:#3584e4-#26a269") throws {
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", size, fill, folder.appendingPathComponent(name).path]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0, "ImageMagick (make check installs it) made \(name)")
    }

    func testAFolderOfPhotosIsTriagedAndExported() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Holiday")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try makeImage("IMG_2.jpg", size: "640x480", in: folder)
        try makeImage("IMG_10.png", size: "300x400", in: folder)
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("IMG_3.jpg"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))

        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("opened Holiday: 0 of 3 decided")
        app.waitForTrace("first frame")
        app.focus()
        app.key("Right", "Up", "Left")
        XCTAssertEqual(app.waitForDeckEvents(3).count, 3, "the undecodable photo is a card that can be swiped too")

        let export = app.runCommand(["--export", folder.path])
        XCTAssertEqual(export.status, 0, export.error)
        let titles = export.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[1] }
        XCTAssertEqual(titles, ["IMG_2.jpg", "IMG_3.jpg", "IMG_10.png"], "natural order, text files left out")
        XCTAssertTrue(export.output.contains(",up,"))
        // Each row ends with the photo's path, so a script can act on the files.
        let paths = export.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").last.map(String.init) ?? "" }
        let root = folder.resolvingSymlinksInPath().path
        XCTAssertEqual(paths, ["IMG_2.jpg", "IMG_3.jpg", "IMG_10.png"].map { "\(root)/\($0)" })
    }

    /// A folder of a phone's HEIC photos on a system without libheif's image loader says what to install, rather
    /// than showing file icons in silence; with the loader, the same photos are a photo deck.
    func testHEICWithoutItsLoaderIsSaidAndWithItIsAPhotoDeck() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc") else { throw XCTSkip("needs heif-enc (make check installs it)") }
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Phone")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try makeImage("source.jpg", size: "64x48", in: home)
        for name in ["IMG_0001.HEIC", "IMG_0002.HEIC"] {
            let encode = Process()
            encode.executableURL = URL(fileURLWithPath: "/usr/bin/heif-enc")
            encode.arguments = ["-q", "50", "-o", folder.appendingPathComponent(name).path, home.appendingPathComponent("source.jpg").path]
            encode.standardOutput = FileHandle.nullDevice
            try encode.run()
            encode.waitUntilExit()
        }
        // GdkPixbuf's loaders as installed, less libheif's.
        let loaders = "/usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0/2.10.0/loaders"
        let others = try FileManager.default.contentsOfDirectory(atPath: loaders).filter { $0.hasSuffix(".so") && !$0.contains("heif") }.map { "\(loaders)/\($0)" }
        let query = Process()
        query.executableURL = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/gdk-pixbuf-2.0/gdk-pixbuf-query-loaders")
        query.arguments = others
        let cache = Pipe()
        query.standardOutput = cache
        try query.run()
        let cacheFile = home.appendingPathComponent("loaders.cache")
        try cache.fileHandleForReading.readDataToEndOfFile().write(to: cacheFile)
        query.waitUntilExit()

        let without = try RunningApp(arguments: [folder.path], home: home, environment: ["GDK_PIXBUF_MODULE_FILE": cacheFile.path])
        without.waitForTrace("toast: 2 HEIC photos can't be shown: their image loader is not installed (heif-gdk-pixbuf)")
        without.terminate()

        let with = try RunningApp(arguments: [folder.path], home: home)
        defer { with.terminate() }
        with.waitForTrace("marks: 0 of 2 photos marked before")
        XCTAssertFalse(with.log.contains("can't be shown"), "nothing to say once the loader is there")
    }

    /// A 3000 × 600 panorama is drawn whole, as wide as the window allows, not cropped to a portrait card
    /// (it showed 18% of its width): the red area on screen keeps the photo's 5:1 shape.
    func testAPanoramaIsShownWholeAndWide() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Wide")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try makeImage("pano.png", size: "3000x600", in: folder, fill: "xc:#ff0000")
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        guard let window = app.windowGeometry() else { return XCTFail("no window") }
        let box = redBoxOnceDecoded(in: window)
        // "852x170+24+187": the red pixels' bounding box in the window.
        let parts = box.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Double($0) }
        guard parts.count == 4 else { return XCTFail("no red photo on screen: \(box)") }
        XCTAssertGreaterThan(parts[0], Double(window.width) * 0.8, "the photo uses the window's width: \(box) in \(window)")
        XCTAssertEqual(parts[0] / parts[1], 5, accuracy: 0.15, "the whole photo, its shape kept: \(box)")
    }

    /// In a 1280 × 860 window the photo is the page: a 3:2 photo is drawn at least 1,100 px wide and a 2:3
    /// one at least 700 px tall (772 and 514 under a name strip, a peeking stack and a row of buttons).
    func testAPhotoFillsTheWindow() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.appendingPathComponent("Sizes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try makeImage("a-landscape.png", size: "3000x2000", in: folder, fill: "xc:#ff0000")
        try makeImage("b-portrait.png", size: "2000x3000", in: folder, fill: "xc:#ff0000")
        let app = try RunningApp(arguments: [folder.path], home: home)
        defer { app.terminate() }
        app.waitForTrace("first frame")
        guard let id = app.windowID() else { return XCTFail("no window") }
        RunningApp.xdotool(["windowsize", "--sync", id, "1280", "860"])
        usleep(800_000)
        guard let window = app.windowGeometry() else { return XCTFail("no window") }
        XCTAssertEqual(window.width, 1280)
        func box() -> (width: Double, height: Double)? {
            let parts = redBoxOnceDecoded(in: window).split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Double($0) }
            return parts.count == 4 ? (parts[0], parts[1]) : nil
        }
        guard let landscape = box() else { return XCTFail("no red photo on screen") }
        XCTAssertGreaterThanOrEqual(landscape.width, 1_100, "a 3:2 photo across the window: \(landscape)")
        app.focus()
        app.key("Right")
        app.waitForTrace("deck: decided")
        usleep(1_000_000)
        guard let portrait = box() else { return XCTFail("no red photo on screen") }
        // Its top is under the caption's shade, no longer pure red: its height is known from its width, the
        // photo being drawn whole (testAPanoramaIsShownWholeAndWide).
        XCTAssertGreaterThanOrEqual(portrait.width * 3 / 2, 700, "a 2:3 photo down the window: \(portrait)")
        XCTAssertLessThan(portrait.width, portrait.height, "the portrait one this time")
    }

    /// A folder and a photo named in Latin-1 (bytes that aren't UTF-8, as old cameras and archives write them)
    /// open from the command line, show the picture, take a decision and export it (the photo was left
    /// out and the folder "did not exist").
    func testNamesThatAreNotUTF8OpenShowAndExport() throws {
        let home = try RunningApp.temporaryHome()
        let folder = home.path + "/" + FileNameEncoding.text(fromBytes: Array("Caf".utf8) + [0xE9])
        let photo = folder + "/" + FileNameEncoding.text(fromBytes: Array("caf".utf8) + [0xE9] + Array(".png".utf8))
        XCTAssertEqual(mkdir(FileNameEncoding.fileSystemRepresentation(of: folder), 0o755), 0)
        try makeImage("red.png", size: "600x400", in: home, fill: "xc:#ff0000")
        XCTAssertEqual(rename(home.appendingPathComponent("red.png").path, FileNameEncoding.fileSystemRepresentation(of: photo)), 0)

        let app = try RunningApp(arguments: [folder], home: home)
        defer { app.terminate() }
        app.waitForTrace("opened Caf\u{FFFD}: 0 of 1 decided")
        app.waitForTrace("first frame")
        guard let window = app.windowGeometry() else { return XCTFail("no window") }
        let box = redBoxOnceDecoded(in: window)
        XCTAssertTrue(box.contains("x"), "the photo is decoded and shown, not “Can't show this image”: \(app.log)")
        app.focus()
        app.key("Right")
        XCTAssertEqual(app.waitForDeckEvents(1).count, 1)

        let export = app.runCommand(["--export", folder])
        XCTAssertEqual(export.status, 0, export.error)
        let rows = export.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(rows.map { $0[1] }, ["caf\u{FFFD}.png"])
        XCTAssertEqual(rows.map { $0[2] }, ["right"])

        app.terminate()
        let again = try RunningApp(home: home)
        defer { again.terminate() }
        again.waitForTrace("opened Caf\u{FFFD}: 1 of 1 decided", timeout: 20)
    }

    /// The red pixels' bounding box in `window` once it holds still (the photo is decoded in the background),
    /// waiting at most 10 s; the last box seen then, "" when none appeared.
    private func redBoxOnceDecoded(in window: (x: Int, y: Int, width: Int, height: Int)) -> String {
        let deadline = Date().addingTimeInterval(10)
        var last = ""
        repeat {
            usleep(200_000)
            let box = redBox(x: window.x, y: window.y, width: window.width, height: window.height)
            // With no red pixel, ImageMagick answers an empty box at the image's far corner ("0x0+900+720"). A
            // photo still coming in (a frame of its fade, a busy machine's partial paint) gives a box that the
            // next look no longer gives: the same box twice is the photo shown.
            if box.contains("x"), !box.hasPrefix("0x0+") {
                if box == last { return box }
                last = box
            }
        } while Date() < deadline
        return last
    }

    /// The bounding box of the pure red pixels in the window's part of the screen, as ImageMagick's `%@` says it.
    private func redBox(x: Int, y: Int, width: Int, height: Int) -> String {
        RunningApp.output(of: "/bin/sh", ["-c", "import -window root -crop \(width)x\(height)+\(x)+\(y) +repage png:- | "
            + "convert png:- -fuzz 10% -fill black +opaque '#ff0000' -format '%@' info:"])
    }
}
