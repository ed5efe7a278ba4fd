// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackTestSupport
import Foundation
import Glibc
@testable import GtkSupport
import XCTest

/// Sidecars merged, never clobbered: a real darktable sidecar keeps every property through a change and its
/// undo, a new sidecar is created and removed again, and hostile sidecars are left alone.
final class XMPSidecarTests: XCTestCase {
    private let rating = "Xmp.xmp.Rating"
    private let pick = "Xmp.digiKam.PickLabel"
    private var folder: TemporaryFolder?

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }

    private func makeFolder() throws -> TemporaryFolder {
        let made = try TemporaryFolder(named: "Shoot")
        folder = made
        return made
    }

    /// The names in `folder`, to see that no temporary file is left behind.
    private func names(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    func testADarktableSidecarKeepsEveryPropertyThroughARejectAndItsUndo() throws {
        let folder = try makeFolder()
        let sidecar = folder.url.appendingPathComponent("mire1.cr2.xmp").path
        try FileManager.default.copyItem(atPath: SidecarFiles.almostAll.path, toPath: sidecar)
        guard let original = SidecarFiles.properties(of: sidecar) else { throw XCTSkip("needs exiv2 (make check installs it)") }
        XCTAssertEqual(original.count, 895)

        let before = try XMPSidecar.read(sidecar, tags: [rating, pick]).get()
        XCTAssertEqual(before, XMPSidecar.Contents(exists: true, values: [rating: "1"]))
        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [rating: "-1", pick: "1"]).get(), .written(created: false))
        let rejected = try XCTUnwrap(SidecarFiles.properties(of: sidecar))
        XCTAssertTrue(rejected.contains("Xmp.xmp.Rating -1"))
        XCTAssertTrue(rejected.contains("Xmp.digiKam.PickLabel 1"))
        XCTAssertEqual(rejected.filter { !$0.hasPrefix(rating) && !$0.hasPrefix(pick) }, original.filter { !$0.hasPrefix(rating) },
                       "every other property, the whole darktable history included, is as it was")

        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [rating: "1", pick: nil]).get(), .written(created: false))
        XCTAssertEqual(SidecarFiles.properties(of: sidecar), original, "undone, the sidecar says exactly what it said")
        XCTAssertEqual(try names(in: folder), ["mire1.cr2.xmp"], "no temporary file is left")
    }

    /// A photo without a sidecar gets one; taking the change back removes it, as it then holds nothing; the
    /// photo's bytes never change.
    func testANewSidecarIsCreatedBesideThePhotoAndRemovedWhenEmptied() throws {
        let folder = try makeFolder()
        let photo = try folder.write(try Data(contentsOf: CameraFiles.canonR6), to: "IMG_0001.CR3")
        let photoBytes = try Data(contentsOf: photo)
        let sidecar = photo.path + ".xmp"
        XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [rating]).get(), XMPSidecar.Contents(exists: false, values: [:]))
        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [rating: "5", pick: "3"]).get(), .written(created: true))
        XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [rating, pick]).get().values, [rating: "5", pick: "3"])
        if let properties = SidecarFiles.properties(of: sidecar) {
            XCTAssertEqual(properties, ["Xmp.digiKam.PickLabel 3", "Xmp.xmp.Rating 5"], "what darktable and digiKam read")
        }
        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [rating: nil, pick: nil], removingIfEmpty: true).get(), .removed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: sidecar))
        XCTAssertEqual(try Data(contentsOf: photo), photoBytes, "the photo is never written")
        XCTAssertEqual(try names(in: folder), ["IMG_0001.CR3"])
    }

    /// A sidecar that holds anything else is never removed, even when asked to remove an emptied one.
    func testASidecarWithOtherPropertiesIsKeptWhenOurPropertiesGo() throws {
        let folder = try makeFolder()
        let sidecar = folder.url.appendingPathComponent("a.jpg.xmp").path
        try FileManager.default.copyItem(atPath: SidecarFiles.colorBalance.path, toPath: sidecar)
        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [rating: nil, pick: nil], removingIfEmpty: true).get(), .written(created: false))
        XCTAssertTrue(FileManager.default.fileExists(atPath: sidecar))
        XCTAssertNil(try XMPSidecar.read(sidecar, tags: [rating]).get().values[rating])
    }

    func testHostileSidecarsAreLeftAlone() throws {
        let folder = try makeFolder()
        let elsewhere = try folder.write("precious", to: "elsewhere.txt")
        let link = folder.url.appendingPathComponent("link.jpg.xmp").path
        XCTAssertEqual(symlink(elsewhere.path, link), 0)
        XCTAssertEqual(XMPSidecar.write(link, changes: [rating: "5"]), .failure(.isLink))
        XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "precious")

        let huge = folder.url.appendingPathComponent("huge.jpg.xmp").path
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
        XCTAssertEqual(truncate(huge, 200 * 1_000_000), 0)
        XCTAssertEqual(XMPSidecar.read(huge, tags: [rating]), .failure(.tooLarge(bytes: 200_000_000)))
        XCTAssertEqual(XMPSidecar.write(huge, changes: [rating: "5"]), .failure(.tooLarge(bytes: 200_000_000)))

        let text = try folder.write("not XML at all", to: "text.jpg.xmp")
        XCTAssertEqual(XMPSidecar.write(text.path, changes: [rating: "5"]), .failure(.notXMP))
        XCTAssertEqual(try String(contentsOf: text, encoding: .utf8), "not XML at all", "left as it was")
        // exiv2 tells a format by content: a "sidecar" that is a RIFF (WebP) file would be edited as a WebP.
        let riff = try folder.write(Data("RIFF<?xml version=\"1.0\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8), to: "riff.jpg.xmp")
        let riffBytes = try Data(contentsOf: riff)
        XCTAssertEqual(XMPSidecar.write(riff.path, changes: [rating: "5"]), .failure(.notXMP))
        XCTAssertEqual(XMPSidecar.read(riff.path, tags: [rating]), .failure(.notXMP))
        XCTAssertEqual(try Data(contentsOf: riff), riffBytes)
        XCTAssertEqual(try names(in: folder).filter { $0.hasPrefix(".") }, [], "no temporary file is left")
    }

    /// A folder that can't be written (a locked card, permissions) is a failure that says so; nothing changes.
    func testAFolderThatCantBeWrittenIsAFailure() throws {
        let folder = try makeFolder()
        let sidecar = folder.url.appendingPathComponent("b.jpg.xmp").path
        try FileManager.default.copyItem(atPath: SidecarFiles.colorBalance.path, toPath: sidecar)
        let original = try Data(contentsOf: URL(fileURLWithPath: sidecar))
        XCTAssertEqual(chmod(folder.url.path, 0o555), 0)
        defer { chmod(folder.url.path, 0o755) }
        let outcome = try FileSystemIdentity.asPlainUser { XMPSidecar.write(sidecar, changes: [rating: "5"]) }
        guard case .failure(.system(let code, _)) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(code, EACCES)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sidecar)), original)
    }
}
