// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

@testable import CardStackStore

/// An export replaces its target all at once and leaves nothing else in the folder (a kill during
/// export left a hidden temporary file beside it).
final class ExportFileTests: XCTestCase {
    func testWritesAndReplacesWithNothingLeftBeside() throws {
        let folder = try makeTemporaryFolder()
        let target = folder.appendingPathComponent("decisions.csv")
        try ExportFile.write(Data("first\n".utf8), to: target)
        try ExportFile.write(Data("second\n".utf8), to: target)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "second\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["decisions.csv"])
    }

    func testAMissingFolderIsAnErrorWithAReason() throws {
        let target = try makeTemporaryFolder().appendingPathComponent("gone/decisions.csv")
        XCTAssertThrowsError(try ExportFile.write(Data("x".utf8), to: target)) { error in
            XCTAssertFalse(error.localizedDescription.isEmpty)
        }
    }
}
