// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// A folder of photos is a deck: every file a card, undecodable ones included, decided and exported like any card.
final class PhotoDeckUITests: XCTestCase {
    private func makeImage(_ name: String, size: String, in folder: URL) throws {
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", size, "gradient:#3584e4-#26a269", folder.appendingPathComponent(name).path]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0, "ImageMagick (make check installs it) made \(name)")
    }

    func testAFolderOfPhotosIsTriagedAndExported() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-ui-\(UUID().uuidString)")
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
        // Each row ends with the photo's path, so a script can act on the files (issue 15).
        let paths = export.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").last.map(String.init) ?? "" }
        let root = folder.resolvingSymlinksInPath().path
        XCTAssertEqual(paths, ["IMG_2.jpg", "IMG_3.jpg", "IMG_10.png"].map { "\(root)/\($0)" })
    }
}
