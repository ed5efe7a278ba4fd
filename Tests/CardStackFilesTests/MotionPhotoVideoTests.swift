// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import XCTest
@testable import CardStackFiles

/// A Motion Photo's video copied out to the cache: the same bytes, once per photo as it is, and the photo only read.
final class MotionPhotoVideoTests: XCTestCase {
    private var folder: TemporaryFolder?
    private var root: URL { folder?.url ?? FileManager.default.temporaryDirectory }
    private var environment: [String: String] { ["XDG_CACHE_HOME": root.appendingPathComponent("cache").path, "HOME": root.path] }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }

    /// A JPEG whose XMP gives `offset` as the video's distance from the end, followed by `video`.
    private func motionPhoto(_ name: String, video: [UInt8], offset: Int? = nil) throws -> URL {
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
            + Array(#"<x:xmpmeta><rdf:Description GCamera:MicroVideo="1" GCamera:MicroVideoOffset="\#(offset ?? video.count)"/></x:xmpmeta>"#.utf8)
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)] + xmp
            + [0xFF, 0xDA, 0x00, 0x02, 1, 2, 3, 0xFF, 0xD9] + video
        let url = root.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    private static let video: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array(repeating: 7, count: 100)

    func testTheVideoIsCopiedOutByteForByteAndThePhotoOnlyRead() throws {
        let photo = try motionPhoto("PXL_1.MP.jpg", video: Self.video)
        let before = try Data(contentsOf: photo)
        let path = try XCTUnwrap(MotionPhotoVideo.extract(from: photo.path, environment: environment))
        XCTAssertTrue(path.hasPrefix(root.appendingPathComponent("cache/cardstack/motion-photos").path), path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(Self.video))
        XCTAssertEqual(MotionPhotoVideo.extract(from: photo.path, environment: environment), path, "once per photo")
        XCTAssertEqual(try Data(contentsOf: photo), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent), [(path as NSString).lastPathComponent],
                       "no partial copy left")
    }

    func testAPhotoWithoutAVideoOrWithAWrongOneGivesNone() throws {
        XCTAssertNil(MotionPhotoVideo.extract(from: try motionPhoto("a.jpg", video: Array(repeating: 9, count: 64)).path, environment: environment),
                     "bytes that are no MP4")
        XCTAssertNil(MotionPhotoVideo.extract(from: try motionPhoto("b.jpg", video: Self.video, offset: 1 << 40).path, environment: environment),
                     "an offset past the file's start")
        let plain = root.appendingPathComponent("plain.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: plain)
        XCTAssertNil(MotionPhotoVideo.extract(from: plain.path, environment: environment))
        XCTAssertNil(MotionPhotoVideo.extract(from: root.appendingPathComponent("gone.jpg").path, environment: environment))
    }

    func testAPipeNamedAsAPhotoIsNotWaitedOn() throws {
        let pipe = root.appendingPathComponent("PXL_2.MP.jpg")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        XCTAssertNil(MotionPhotoVideo.extract(from: pipe.path, environment: environment))
    }
}
