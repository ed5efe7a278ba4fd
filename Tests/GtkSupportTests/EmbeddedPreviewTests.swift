// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackTestSupport
import Foundation
@testable import GtkSupport
import XCTest

/// Camera RAW files shown by their embedded previews, read through exiv2: real files from cameras, a RAW with no
/// preview, and damaged ones.
final class EmbeddedPreviewTests: GtkTestCase {
    /// What was decoded of a picture: its size as the file gives it, the texture's, and the RAW's metadata.
    private struct Decoded {
        var pixelWidth, pixelHeight, textureWidth, textureHeight: Int
        var metadata: PhotoMetadata?
    }

    /// The picture decoded from `url` as a RAW, covering 64 × 64, or why not; waits on the main loop at most 5 s.
    private func decode(_ url: URL) -> Result<Decoded, ImageDecoder.Failure>? {
        MainActor.assumeIsolated {
            var outcome: Result<Decoded, ImageDecoder.Failure>?
            ImageDecoder.decode(fileSystemPath: Array(url.path.utf8CString), width: 64, height: 64, isRaw: { _ in true }) { result in
                outcome = result.map { picture in
                    Decoded(pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight,
                            textureWidth: Int(gdk_texture_get_width(picture.texture.pointer)),
                            textureHeight: Int(gdk_texture_get_height(picture.texture.pointer)), metadata: picture.metadata)
                }
            }
            _ = runMainLoop(until: { outcome != nil })
            return outcome
        }
    }

    func testACanonCR3ShowsItsLargestPreviewAndSaysWhatTookIt() throws {
        guard case .success(let picture) = decode(CameraFiles.canonR6) else { return XCTFail("the CR3 did not decode") }
        // The 1620 × 1080 preview, scaled to cover 64 × 64 (the 160 × 120 one would give the same size only by
        // chance of its aspect: its bytes are checked below).
        XCTAssertEqual(picture.pixelWidth, 1620)
        XCTAssertEqual(picture.pixelHeight, 1080)
        XCTAssertEqual(picture.textureHeight, 64)
        XCTAssertEqual(picture.textureWidth, 96)
        let metadata = try XCTUnwrap(picture.metadata)
        XCTAssertTrue(metadata.isRaw)
        XCTAssertEqual(metadata.camera, "Canon EOS R6")
        XCTAssertEqual(metadata.captureDateTime, "2021:05:12 12:21:21")
        let found = try EmbeddedPreview.read(fileSystemPath: Array(CameraFiles.canonR6.path.utf8CString), pixelBudget: 64_000_000).get()
        XCTAssertEqual(found.encoded.prefix(2), [0xFF, 0xD8], "a JPEG")
        XCTAssertEqual(found.encoded.count, 389_450, "the largest preview's bytes, as exiv2 -pp lists it")
    }

    func testAnOldCanonCRWShowsItsThumbnail() throws {
        guard case .success(let picture) = decode(CameraFiles.canonS40) else { return XCTFail("the CRW did not decode") }
        XCTAssertEqual(picture.pixelWidth, 160)
        XCTAssertEqual(picture.metadata?.camera, "Canon PowerShot S40")
    }

    func testARawWithoutAJPEGPreviewSaysSo() {
        guard case .failure(let failure) = decode(CameraFiles.iPhoneDNGWithoutPreview) else { return XCTFail("shown") }
        XCTAssertEqual(failure, .noPreview)
        XCTAssertEqual(failure.description, "the RAW file has no preview in it")
    }

    /// A preview announcing more pixels than the budget is refused before exiv2 copies its bytes out.
    func testAPreviewOverTheBudgetIsRefusedBeforeItIsRead() throws {
        let bytes = try [UInt8](Data(contentsOf: CameraFiles.canonR6))
        guard case .failure(let failure) = EmbeddedPreview.read(bytes: bytes, pixelBudget: 1_000) else { return XCTFail("read") }
        guard case .tooLarge = failure else { return XCTFail("\(failure)") }
        guard case .success(let found) = EmbeddedPreview.read(bytes: bytes, pixelBudget: 20_000) else { return XCTFail("not read") }
        XCTAssertEqual(found.width, 160, "the largest preview within the budget")
    }

    /// A DNG whose strip counts make exiv2 throw `std::overflow_error` past gexiv2 (found by fuzzing; it ended the
    /// process) is a failure like any damaged file.
    func testARawThatMakesExiv2ThrowIsAFailure() throws {
        let bytes = try [UInt8](Data(contentsOf: CameraFiles.folder.deletingLastPathComponent().appendingPathComponent("Fuzz/raw/dng-strip-count-overflow")))
        guard case .failure = EmbeddedPreview.read(bytes: bytes, pixelBudget: 64_000_000) else { return XCTFail("read") }
    }

    /// Cut short at every size from a few bytes to most of the file, or with its middle overwritten, a CR3 is a
    /// failure, never a crash or a hang.
    func testATruncatedOrDamagedRawIsAFailure() throws {
        let bytes = try [UInt8](Data(contentsOf: CameraFiles.canonR6))
        for length in [0, 8, 24, 100, 1_000, 10_000, 100_000, 300_000] {
            if case .success(let found) = EmbeddedPreview.read(bytes: Array(bytes.prefix(length)), pixelBudget: 64_000_000) {
                // exiv2 may still find a whole preview before the cut; what it hands over must be a JPEG's start.
                XCTAssertEqual(found.encoded.prefix(2), [0xFF, 0xD8], "cut at \(length)")
            }
        }
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20 {
            var damaged = bytes
            let start = Int.random(in: 0..<damaged.count - 4_096, using: &generator)
            for index in start..<start + 4_096 { damaged[index] = UInt8.random(in: 0...255, using: &generator) }
            _ = EmbeddedPreview.read(bytes: damaged, pixelBudget: 64_000_000)
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cut = try folder.write(Data(bytes.prefix(5_000)), to: "cut.CR3")
        guard case .failure = decode(cut) else { return XCTFail("a CR3 cut at 5 KB was shown") }
    }
}
