// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackTestSupport
import Foundation
@testable import GtkSupport
import XCTest

/// Hostile pictures: a pipe where a photo should be, and a tiny file whose header promises billions of pixels.
final class ImageDecoderTests: GtkTestCase {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The decoded picture's pixel width, or why it wasn't decoded, waiting on the main loop at most 5 s.
    private func decode(_ path: String) -> Result<Int, ImageDecoder.Failure>? {
        decode(fileSystemPath: Array(path.utf8CString))
    }

    private func decode(fileSystemPath path: [CChar]) -> Result<Int, ImageDecoder.Failure>? {
        MainActor.assumeIsolated {
            var outcome: Result<Int, ImageDecoder.Failure>?
            ImageDecoder.decode(fileSystemPath: path, width: 64, height: 64) { outcome = $0.map(\.pixelWidth) }
            _ = runMainLoop(until: { outcome != nil })
            return outcome
        }
    }

    private func failure(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> ImageDecoder.Failure? {
        switch decode(path) {
        case .failure(let failure)?: return failure
        case .success?: XCTFail("decoded", file: file, line: line)
        case nil: XCTFail("no answer within 5 s: the decoder is blocked", file: file, line: line)
        }
        return nil
    }

    func testAPipeIsRefusedAndTheQueueGoesOn() throws {
        let fifo = try folder().appendingPathComponent("photo.png")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertEqual(failure(fifo.path), .notAFile(kind: "a pipe (FIFO)"))
        XCTAssertEqual(failure("/dev/zero"), .notAFile(kind: "a device"))
        let picture = try folder().appendingPathComponent("small.png")
        try Self.png(width: 2, height: 2, withPixels: true).write(to: picture)
        XCTAssertEqual(decode(picture.path), .success(2), "a real picture after the pipe decodes")
    }

    /// A picture is found by its path's bytes: a name in Latin-1 ("caf\xE9.png", not UTF-8) decodes.
    func testAPictureWhoseNameIsNotUTF8Decodes() throws {
        let folder = try folder()
        let path = Array((folder.path + "/caf").utf8CString.dropLast()) + [CChar(bitPattern: 0xE9)] + Array(".png".utf8CString)
        let descriptor = open(path, O_CREAT | O_WRONLY | O_EXCL, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let picture = Self.png(width: 3, height: 2, withPixels: true)
        XCTAssertEqual(picture.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, picture.count)
        close(descriptor)
        XCTAssertEqual(decode(fileSystemPath: path), .success(3))
    }

    func testAPictureOverThePixelBudgetIsRefusedFromItsHeader() throws {
        let bomb = try folder().appendingPathComponent("bomb.png")
        try Self.png(width: 60_000, height: 60_000, withPixels: false).write(to: bomb)
        XCTAssertLessThan(try Data(contentsOf: bomb).count, 100, "a few bytes that promise 14 GB of pixels")
        let failure = failure(bomb.path)
        XCTAssertEqual(failure, .tooLarge(width: 60_000, height: 60_000))
        XCTAssertEqual(failure?.description, "60000 × 60000 is too large")
    }

    /// A landscape JPEG whose EXIF says "turn a quarter clockwise" (orientation 6, as a phone held upright writes
    /// it) decodes upright: portrait, its size given upright; `alongside` reads the file on the decoding queue.
    func testAnEXIFOrientationIsAppliedAndTheCallerReadsAlongside() throws {
        let jpeg = try XCTUnwrap(Self.jpeg(width: 40, height: 20))
        let exif = ExifSegment.app1(orientation: 6, dateTimeOriginal: "2019:06:15 14:22:03")
        let photo = try folder().appendingPathComponent("upright.jpg")
        try ExifSegment.inserting(exif, into: jpeg).write(to: photo)
        let result = MainActor.assumeIsolated { () -> (Int, Int, Int, String?)? in
            var outcome: (Int, Int, Int, String?)?
            ImageDecoder.decode(fileSystemPath: Array(photo.path.utf8CString), width: 64, height: 64,
                                alongside: { "read \(photo.lastPathComponent)" }) { result in
                guard case .success(let picture) = result else { return outcome = (0, 0, 0, nil) }
                outcome = (picture.pixelWidth, picture.pixelHeight, Int(gdk_texture_get_width(picture.texture.pointer)), picture.note)
            }
            _ = runMainLoop(until: { outcome != nil })
            return outcome
        }
        let (width, height, textureWidth, note) = try XCTUnwrap(result)
        XCTAssertEqual(width, 20)
        XCTAssertEqual(height, 40)
        XCTAssertEqual(textureWidth, 20, "the texture is turned upright too")
        XCTAssertEqual(note, "read upright.jpg")
    }

    /// A picture to show whole is decoded to fit inside the box, one to cut to cover it; a quarter-turned photo
    /// (which the loader sizes before it knows it is turned) fits too, upright. Drawn at the size it is decoded,
    /// a picture is never resampled through cairo's slow filter for shrinking.
    func testAPictureIsDecodedToFitOrToCoverTheBox() throws {
        let wide = try folder().appendingPathComponent("wide.jpg")
        try XCTUnwrap(Self.jpeg(width: 400, height: 300)).write(to: wide)
        let turned = try folder().appendingPathComponent("turned.jpg")
        try ExifSegment.inserting(ExifSegment.app1(orientation: 6, dateTimeOriginal: "2019:06:15 14:22:03"), into: XCTUnwrap(Self.jpeg(width: 400, height: 300)))
            .write(to: turned)
        func size(_ url: URL, _ fit: ImageDecoder.Fit) -> (Int32, Int32)? {
            MainActor.assumeIsolated {
                var outcome: (Int32, Int32)?
                ImageDecoder.decode(fileSystemPath: Array(url.path.utf8CString), width: 200, height: 100, fit: fit) { result in
                    guard case .success(let picture) = result else { return outcome = (0, 0) }
                    outcome = (gdk_texture_get_width(picture.texture.pointer), gdk_texture_get_height(picture.texture.pointer))
                }
                _ = runMainLoop(until: { outcome != nil })
                return outcome
            }
        }
        let contained = try XCTUnwrap(size(wide, .contain))
        XCTAssertEqual(contained.0, 133)
        XCTAssertEqual(contained.1, 100)
        let covering = try XCTUnwrap(size(wide, .cover))
        XCTAssertEqual(covering.0, 200)
        XCTAssertEqual(covering.1, 150)
        let upright = try XCTUnwrap(size(turned, .contain))
        XCTAssertEqual(upright.0, 75, "portrait, fitting the box's height")
        XCTAssertEqual(upright.1, 100)
    }

    /// A 35-byte GIF whose canvas is 65535 × 65535 (it drove the app past 8 GB) is refused by the
    /// decoder's own announcement, before a pixel is allocated.
    func testAGIFBombIsRefusedBeforeItsCanvasIsAllocated() throws {
        let gif = try folder().appendingPathComponent("bomb.gif")
        var bytes = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00]
        bytes += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        try Data(bytes).write(to: gif)
        XCTAssertEqual(failure(gif.path), .tooLarge(width: 65_535, height: 65_535))
    }

    /// The decoder's own announcement of its size is held to the budget (a header read apart from the decoder
    /// can misstate it), and a picture within it is decoded at the size that covers the box.
    func testTheLoaderEnforcesTheBudgetAndScales() throws {
        let photo = try folder().appendingPathComponent("wide.jpg")
        try XCTUnwrap(Self.jpeg(width: 400, height: 300)).write(to: photo)
        // A JPEG is held to the budget for formats decoded at a fraction of their size.
        switch ScaledImageLoader(source: .file(Array(photo.path.utf8CString)), box: (40, 30), fit: .cover, budget: 1, scaledDecodingBudget: 120_000).load() {
        case .pixbuf(let pixbuf, let width, let height):
            XCTAssertEqual(gdk_pixbuf_get_width(pixbuf.pointer), 40)
            XCTAssertEqual(gdk_pixbuf_get_height(pixbuf.pointer), 30)
            XCTAssertEqual(width, 400, "the size the file declared")
            XCTAssertEqual(height, 300)
        default: XCTFail("not decoded")
        }
        guard case .tooLarge(400, 300) = ScaledImageLoader(source: .file(Array(photo.path.utf8CString)), box: (40, 30), fit: .cover, budget: 1, scaledDecodingBudget: 120_000 - 1).load() else {
            return XCTFail("120,000 pixels passed a budget of 119,999")
        }
        let text = try folder().appendingPathComponent("text.jpg")
        try Data("not a picture".utf8).write(to: text)
        guard case .undecodable = ScaledImageLoader(source: .file(Array(text.path.utf8CString)), box: (40, 30), fit: .cover, budget: 100_000, scaledDecodingBudget: 100_000).load() else {
            return XCTFail("text decoded")
        }
    }

    /// A JPEG of `width` × `height` grey pixels, made by GdkPixbuf.
    private static func jpeg(width: Int32, height: Int32) -> Data? {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height) else { return nil }
        let owned = ObjectReference(adopting: pixbuf)
        gdk_pixbuf_fill(owned.pointer, 0x808080ff)
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        guard gdk_pixbuf_save_to_bufferv(owned.pointer, &buffer, &size, "jpeg", nil, nil, nil) != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// A PNG of `width` × `height` RGBA pixels, all zero; `withPixels` false gives only the start of them.
    private static func png(width: UInt32, height: UInt32, withPixels: Bool) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
        do {
            // One filter byte and four zero bytes a pixel per row, in a stored (uncompressed) zlib block; without
            // its pixels, the start of the first row only (a reader learns the size when the pixels begin).
            let raw = [UInt8](repeating: 0, count: withPixels ? Int(height) * (1 + 4 * Int(width)) : 8)
            let length = UInt16(raw.count)
            let stored: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            bytes += chunk("IDAT", stored + raw + bigEndian(adler32(raw)))
            bytes += chunk("IEND", [])
        }
        return Data(bytes)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
