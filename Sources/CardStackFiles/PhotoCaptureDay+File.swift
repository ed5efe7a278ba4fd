// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Glibc

extension PhotoCaptureDay {
    /// The capture day of the photo at `path` ("15 Jun 2019"), or nil when it records none or can't be read.
    /// Only the first ``headerLimit`` bytes are read; a FIFO or a device doesn't block the reader.
    public static func label(ofFileAt path: String) -> String? {
        header(ofFileAt: path).flatMap(label(inHeader:))
    }

    /// When the photo at `path` was taken, to the fraction of a second, from its first bytes as
    /// ``label(ofFileAt:)`` reads them; nil for a file that doesn't say (or isn't a JPEG or TIFF-based RAW).
    ///
    /// A camera's EXIF comes within the first few kilobytes, but a large maker note can push it further: the
    /// first ``shortHeaderLimit`` bytes are read, and the whole header only when they don't hold it.
    public static func captureTime(ofFileAt path: String) -> CaptureTime? {
        if let time = header(ofFileAt: path, limit: shortHeaderLimit).flatMap(captureTime(inHeader:)) { return time }
        return header(ofFileAt: path, limit: headerLimit).flatMap(captureTime(inHeader:))
    }

    /// Bytes read first for a capture time.
    static let shortHeaderLimit = 16 * 1_024

    private static func header(ofFileAt path: String, limit: Int = headerLimit) -> Data? {
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        return try? file.read(upToCount: limit)
    }
}
