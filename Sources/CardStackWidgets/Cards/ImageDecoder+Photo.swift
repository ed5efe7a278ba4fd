// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import GtkSupport

extension ImageDecoder {
    /// Decodes the picture at `path` (``FileNameEncoding`` text) as ``decode(fileSystemPath:width:height:fit:isRaw:alongside:completion:)``
    /// does, a camera RAW told by its content and name (``RawFormat``) and shown by its embedded preview: how
    /// every card, sheet and zoom asks for a photo.
    public static func decodePhoto(
        at path: String,
        width: Int,
        height: Int,
        fit: Fit = .cover,
        alongside: @escaping @Sendable () -> String? = { nil },
        completion: @escaping @MainActor @Sendable (Result<Picture, Failure>) -> Void
    ) {
        let fileExtension = URL(fileURLWithPath: path).pathExtension
        decode(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: path), width: width, height: height, fit: fit,
               isRaw: { RawFormat.isRaw(header: $0, fileExtension: fileExtension) }, alongside: alongside, completion: completion)
    }
}
