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
        XCTAssertEqual(outcome, .failure(.readOnly))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sidecar)), original)
        XCTAssertEqual(XMPSidecar.write(sidecar, changes: [rating: "5"]), .failure(.readOnly), "root leaves a read-only folder alone too")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sidecar)), original)
        XCTAssertEqual(try names(in: folder), ["b.jpg.xmp"], "not even a temporary file was made")
    }

    /// Sidecars exiv2 can't decode are read by it as empty packets: merging into one would replace everything it
    /// holds (a rating, a title) with a fresh packet. Each is refused, read and written, and left byte for byte.
    func testSidecarsExiv2CantDecodeAreLeftByteForByte() throws {
        let folder = try makeFolder()
        let good = """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="3">
               <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Cafe</rdf:li></rdf:Alt></dc:title>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>

            """
        let readable = try folder.write(Data(good.utf8), to: "good.jpg.xmp")
        XCTAssertEqual(try XMPSidecar.read(readable.path, tags: [rating]).get().values, [rating: "3"], "the well-formed one reads")
        var badUTF8 = Data(good.utf8)
        badUTF8[try XCTUnwrap(badUTF8.firstRange(of: Data("Cafe".utf8))).upperBound - 1] = 0xE9
        let damaged: [(String, Data)] = [
            ("latin1.jpg.xmp", badUTF8),
            ("cut.jpg.xmp", Data(good.utf8).prefix(300)),
            ("unbound.jpg.xmp", Data(good.replacingOccurrences(of: "xmp:Rating=\"3\"", with: "xmp:Rating=\"3\" foo:Bar=\"1\"").utf8)),
        ]
        for (name, bytes) in damaged {
            let sidecar = try folder.write(bytes, to: name)
            XCTAssertEqual(XMPSidecar.read(sidecar.path, tags: [rating]), .failure(.notXMP), name)
            XCTAssertEqual(XMPSidecar.write(sidecar.path, changes: [rating: "-1", pick: "1"]), .failure(.notXMP), name)
            XCTAssertEqual(try Data(contentsOf: sidecar), bytes, "\(name) is left byte for byte")
        }
        XCTAssertEqual(try names(in: folder).filter { $0.hasPrefix(".") }, [], "no temporary file is left")
    }

    /// A sidecar holding an empty packet takes a reject and gives it back: exiv2 writes nothing at all for an
    /// emptied packet, so the emptied sidecar is an empty packet again.
    func testAnEmptyPacketTakesADecisionAndGivesItBack() throws {
        let folder = try makeFolder()
        let sidecar = try folder.write(Data(XMPSidecar.emptyPacket.utf8), to: "e.jpg.xmp").path
        XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [rating]).get(), XMPSidecar.Contents(exists: true, values: [:]))
        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [rating: "-1", pick: "1"]).get(), .written(created: false))
        XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [rating, pick]).get().values, [rating: "-1", pick: "1"])
        XCTAssertEqual(try XMPSidecar.write(sidecar, changes: [rating: nil, pick: nil]).get(), .written(created: false))
        XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [rating, pick]).get(), XMPSidecar.Contents(exists: true, values: [:]))
        XCTAssertEqual(SidecarFiles.properties(of: sidecar) ?? [], [])
    }

    /// A read-only sidecar is left byte for byte, by root too; a writable one keeps its permissions and owner.
    func testAReadOnlySidecarIsLeftAndAPrivateOneStaysPrivate() throws {
        let folder = try makeFolder()
        let locked = folder.url.appendingPathComponent("locked.jpg.xmp").path
        try FileManager.default.copyItem(atPath: SidecarFiles.colorBalance.path, toPath: locked)
        XCTAssertEqual(chmod(locked, 0o444), 0)
        let lockedBytes = try Data(contentsOf: URL(fileURLWithPath: locked))
        XCTAssertEqual(XMPSidecar.write(locked, changes: [rating: "5"]), .failure(.readOnly))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: locked)), lockedBytes)
        XCTAssertEqual(try XMPSidecar.read(locked, tags: [rating]).get().values, [rating: "-1"], "it is still read")

        let mine = folder.url.appendingPathComponent("mine.jpg.xmp").path
        try FileManager.default.copyItem(atPath: SidecarFiles.colorBalance.path, toPath: mine)
        XCTAssertEqual(chmod(mine, 0o600), 0)
        if getuid() == 0 { XCTAssertEqual(chown(mine, 65_534, 65_534), 0) }
        XCTAssertEqual(try XMPSidecar.write(mine, changes: [rating: "5"]).get(), .written(created: false))
        var info = stat()
        XCTAssertEqual(stat(mine, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o600)
        if getuid() == 0 { XCTAssertEqual(info.st_uid, 65_534, "written by root, it stays its owner's") }
    }

    /// Another program rewriting the sidecar in place between CardStack's read and its rename, to the same size
    /// and the same time: the bytes tell, and the merge starts again from what the other program wrote.
    func testARewriteOfTheSameSizeAndTimeIsMergedAgainNotReplaced() throws {
        let folder = try makeFolder()
        let sidecar = folder.url.appendingPathComponent("r.jpg.xmp").path
        try FileManager.default.copyItem(atPath: SidecarFiles.colorBalance.path, toPath: sidecar)
        let original = try Data(contentsOf: URL(fileURLWithPath: sidecar))
        var info = stat()
        XCTAssertEqual(stat(sidecar, &info), 0)
        // Another program's rating, as a rewrite in place of the same length: "-1" becomes "+4".
        let theirs = try XCTUnwrap(String(data: original, encoding: .utf8)?.replacingOccurrences(of: "xmp:Rating=\"-1\"", with: "xmp:Rating=\"+4\""))
        XCTAssertEqual(Data(theirs.utf8).count, original.count)
        var seen: [XMPSidecar.Contents] = []
        let outcome = XMPSidecar.merge(sidecar, tags: [rating, pick]) { contents in
            seen.append(contents)
            if seen.count == 1 {
                let handle = FileHandle(forWritingAtPath: sidecar)!
                handle.write(Data(theirs.utf8))
                handle.closeFile()
                var times = [info.st_atim, info.st_mtim]
                _ = utimensat(AT_FDCWD, sidecar, &times, 0)
            }
            return XMPSidecar.Edit(changes: [pick: "2"])
        }
        XCTAssertEqual(try outcome.get(), .written(created: false))
        XCTAssertEqual(seen.map { $0.values[rating] }, ["-1", "+4"], "asked again with what the other program wrote")
        XCTAssertEqual(try XMPSidecar.read(sidecar, tags: [rating, pick]).get().values, [rating: "+4", pick: "2"], "its rating and ours")
    }
}
