// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import GtkSupport

/// A video's first frame read in a process of its own: what the process writes, read back; one that writes
/// nonsense, exits early or hangs gives words, never a frame, and is not waited on for ever.
final class VideoPosterProcessTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("poster-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A program that answers as a poster process would, by the shell `script`.
    private func program(_ script: String) throws -> String {
        let file = folder.appendingPathComponent("poster-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return file.path
    }

    private static let path = Array("/nowhere/clip.mp4".utf8CString)

    func testAFrameComesBackWithItsRowsAndLength() throws {
        let frame = try VideoPosterProcess.parse(Array("CARDSTACK-POSTER 1 ok 2 1 8 3000000000\n".utf8) + [1, 2, 3, 4, 5, 6, 0, 0]).get()
        XCTAssertEqual([frame.width, frame.height, frame.stride], [2, 1, 8])
        XCTAssertEqual(frame.pixels, [1, 2, 3, 4, 5, 6, 0, 0])
        XCTAssertEqual(frame.nanoseconds, 3_000_000_000)
        XCTAssertNil(try VideoPosterProcess.parse(Array("CARDSTACK-POSTER 1 ok 2 1 8 -1\n".utf8) + Array(repeating: 0, count: 8)).get().nanoseconds)
    }

    func testWordsOfWhyNotComeBack() {
        XCTAssertEqual(VideoPosterProcess.parse(Array("CARDSTACK-POSTER 1 missing 0 0 0 -1\n".utf8)), .failure(.missingDecoder))
        XCTAssertEqual(VideoPosterProcess.parse(Array("CARDSTACK-POSTER 1 unreadable 0 0 0 -1\nCould not determine type of stream.".utf8)),
                       .failure(.unreadable("Could not determine type of stream.")))
    }

    func testOutputThatDoesNotAddUpIsNoFrame() {
        for output in [
            "", "CARDSTACK-POSTER 1 ok 2 1 8 -1", "CARDSTACK-POSTER 2 ok 2 1 8 -1\n", "CARDSTACK-POSTER 1 ok 2 1 8\n",
            "CARDSTACK-POSTER 1 ok 2 1 5 -1\n", "CARDSTACK-POSTER 1 ok 4611686018427387904 4 99999999999999999 -1\n",
            "CARDSTACK-POSTER 1 ok -2 -1 -8 -1\n",
        ] {
            guard case .failure = VideoPosterProcess.parse(Array(output.utf8) + Array(repeating: 0, count: 8)) else {
                return XCTFail("a frame from \(output.debugDescription)")
            }
        }
        XCTAssertNotNil(try? VideoPosterProcess.parse(Array("CARDSTACK-POSTER 1 ok 2 1 8 -1\n".utf8) + Array(repeating: 0, count: 8)).get())
        guard case .failure = VideoPosterProcess.parse(Array("CARDSTACK-POSTER 1 ok 2 1 8 -1\n".utf8) + Array(repeating: 0, count: 7)) else {
            return XCTFail("a frame short of a byte")
        }
    }

    func testAProcessIsRunWithTheVideosPathAndItsOutputRead() throws {
        let answer = try program(#"test "$1" = --video-poster && test "$2" = /nowhere/clip.mp4 && printf 'CARDSTACK-POSTER 1 ok 1 1 4 -1\n\001\002\003\000'"#)
        let frame = try XCTUnwrap(VideoPosterProcess.read(Self.path, program: answer)).get()
        XCTAssertEqual(frame.pixels, [1, 2, 3, 0])
    }

    func testAProcessThatHangsIsStoppedAndOneThatDiesSaysNothing() throws {
        let hang = try program("exec sleep 60")
        let start = Date()
        XCTAssertEqual(VideoPosterProcess.read(Self.path, program: hang, timeoutMilliseconds: 300), .failure(.unreadable("timeout")))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "stopped, not waited on")
        guard case .failure = try XCTUnwrap(VideoPosterProcess.read(Self.path, program: try program("kill -9 $$"))) else {
            return XCTFail("a frame from a process that died")
        }
        XCTAssertNil(VideoPosterProcess.read(Self.path, program: folder.appendingPathComponent("missing").path), "no process: read in this one")
    }
}
