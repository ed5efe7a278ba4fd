// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Pictures made for a test with ImageMagick (`make check` installs it).
enum TestImages {
    /// Writes `folder/name` from ImageMagick's `arguments` (a size and a fill: `["-size", "60x40", "xc:#ff0000"]`),
    /// its folders made first.
    static func make(_ name: String, _ arguments: [String], in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let target = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = arguments + [target.path]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0, "ImageMagick made \(name)", file: file, line: line)
    }
}
