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
    public static func captureTime(ofFileAt path: String) -> CaptureTime? {
        header(ofFileAt: path).flatMap(captureTime(inHeader:))
    }

    private static func header(ofFileAt path: String) -> Data? {
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        return try? file.read(upToCount: headerLimit)
    }
}
