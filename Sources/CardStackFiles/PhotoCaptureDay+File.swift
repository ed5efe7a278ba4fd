// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Glibc

extension PhotoCaptureDay {
    /// The capture day of the photo at `path` ("15 Jun 2019"), or nil when it records none or can't be read.
    /// Only the first ``headerLimit`` bytes are read; a FIFO or a device doesn't block the reader.
    public static func label(ofFileAt path: String) -> String? {
        guard let header = header(ofFileAt: path) else { return nil }
        return label(inHeader: header) ?? heifExif(ofFileAt: path, header: header).flatMap(label(inTIFF:))
    }

    /// When the photo at `path` was taken, to the fraction of a second: the time of
    /// ``captureFacts(ofFileAt:)``.
    public static func captureTime(ofFileAt path: String) -> CaptureTime? {
        captureFacts(ofFileAt: path)?.time
    }

    /// When the photo at `path` was taken and by which camera body (``CaptureFacts``), from its first bytes as
    /// ``label(ofFileAt:)`` reads them (or a HEIF photo's EXIF item); nil for a file that gives no time, or isn't
    /// a JPEG, a TIFF-based RAW or a HEIF photo.
    ///
    /// A camera's EXIF comes within the first few kilobytes, but a large maker note can push it further: the
    /// first ``shortHeaderLimit`` bytes are read, and the whole header only when they don't hold it.
    public static func captureFacts(ofFileAt path: String) -> CaptureFacts? {
        if let facts = header(ofFileAt: path, limit: shortHeaderLimit).flatMap(captureFacts(inHeader:)), facts.time != nil { return facts }
        guard let header = header(ofFileAt: path, limit: headerLimit) else { return nil }
        if let facts = captureFacts(inHeader: header), facts.time != nil { return facts }
        return heifExif(ofFileAt: path, header: header).map(captureFacts(inTIFF:)).flatMap { $0.time == nil ? nil : $0 }
    }

    /// The TIFF structure of the EXIF item of the HEIF photo at `path` whose first bytes are `header`, read from
    /// wherever the item is; nil for another kind of file, or an item larger than ``headerLimit``.
    static func heifExif(ofFileAt path: String, header: Data) -> [UInt8]? {
        guard let range = HEIFExif.exifItemRange(inHeader: [UInt8](header)), range.count <= headerLimit,
              let item = bytes(ofFileAt: path, in: range)
        else { return nil }
        return HEIFExif.tiff(inExifItem: item).map(Array.init)
    }

    private static func bytes(ofFileAt path: String, in range: Range<Int>) -> [UInt8]? {
        guard let data = read(path, from: range.lowerBound, upTo: range.count), data.count == range.count else { return nil }
        return [UInt8](data)
    }

    /// Bytes read first for a capture time.
    static let shortHeaderLimit = 16 * 1_024

    private static func header(ofFileAt path: String, limit: Int = headerLimit) -> Data? {
        read(path, from: 0, upTo: limit)
    }

    /// At most `count` bytes of the file at `path` from `offset`.
    private static func read(_ path: String, from offset: Int, upTo count: Int) -> Data? {
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        if offset > 0 { guard (try? file.seek(toOffset: UInt64(offset))) != nil else { return nil } }
        return try? file.read(upToCount: count)
    }
}
