// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

/// A Motion Photo's video found through the XMP in its JPEG's first bytes, in both of Google's forms, and never
/// where the bytes at the end are not an MP4.
final class MotionPhotoTests: XCTestCase {
    /// A JPEG's first bytes: SOI, an APP1 XMP segment holding `xmp`, and the start of a picture.
    private func header(xmp: String) -> [UInt8] {
        let signature = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
        let body = signature + Array(xmp.utf8)
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + [0xFF, 0xDA, 0x00, 0x02]
    }

    func testTheContainerDirectoryGivesTheVideosLength() {
        let xmp = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1">
            <Container:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="123456" Item:Padding="0"/></rdf:li>
            </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
            """
        XCTAssertEqual(MotionPhoto.videoLength(inHeader: header(xmp: xmp)), 123_456, "the MotionPhoto item's length, not the primary's")
    }

    func testTheFirstFormGivesTheVideosOffsetFromTheEnd() {
        XCTAssertEqual(MotionPhoto.videoLength(inHeader: header(xmp: #"<rdf:Description GCamera:MicroVideo="1" GCamera:MicroVideoOffset="2048"/>"#)), 2_048)
        XCTAssertEqual(MotionPhoto.videoLength(inHeader: header(xmp: "<GCamera:MicroVideoOffset>4096</GCamera:MicroVideoOffset>")), 4_096, "as an element")
    }

    func testAPhotoWithoutOneHasNone() {
        XCTAssertNil(MotionPhoto.videoLength(inHeader: header(xmp: #"<rdf:Description xmp:Rating="3"/>"#)))
        XCTAssertNil(MotionPhoto.videoLength(inHeader: header(xmp: #"GCamera:MicroVideoOffset="0""#)), "no bytes is no video")
        XCTAssertNil(MotionPhoto.videoLength(inHeader: Array("GCamera:MicroVideoOffset=\"10\"".utf8)), "not a JPEG")
        XCTAssertNil(MotionPhoto.videoLength(inHeader: [0xFF, 0xD8, 0xFF, 0xE1, 0x00]), "cut short")
    }

    func testTheVideoMustStartAsAnMP4() {
        let mp4 = [0, 0, 0, 24] + Array("ftypmp42".utf8)
        XCTAssertEqual(MotionPhoto.videoRange(length: 1_000, fileSize: 5_000, videoStart: mp4), 4_000..<5_000)
        XCTAssertNil(MotionPhoto.videoRange(length: 1_000, fileSize: 5_000, videoStart: [0xFF, 0xD9] + Array("ftypmp42".utf8)), "not a box")
        XCTAssertNil(MotionPhoto.videoRange(length: 5_000, fileSize: 5_000, videoStart: mp4), "the whole file is no photo with a video")
    }

    func testNamesPhonesGiveMotionPhotos() {
        for name in ["PXL_20240701_100000000.MP.jpg", "/DCIM/Camera/PXL_1.MP.JPG", "MVIMG_20190701_100000.jpg"] {
            XCTAssertTrue(MotionPhoto.isNamedAsOne(name), name)
        }
        for name in ["PXL_20240701_100000000.jpg", "IMG.MP4", "mvimg_notes.txt", "/MVIMG_x/photo.jpg"] {
            XCTAssertFalse(MotionPhoto.isNamedAsOne(name), name)
        }
    }
}
