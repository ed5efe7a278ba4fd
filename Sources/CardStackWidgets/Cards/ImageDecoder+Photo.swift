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

    /// Decodes a card's photo as ``decodePhoto(at:width:height:fit:alongside:completion:)`` does; for a RAW+JPEG
    /// pair whose JPEG can't be shown (damaged, cut short), the RAW's preview instead, with why the JPEG was not
    /// shown (`jpegFailure`, nil when it was).
    public static func decodePhoto(
        at path: String,
        orRaw raw: String?,
        width: Int,
        height: Int,
        fit: Fit = .cover,
        alongside: @escaping @Sendable () -> String? = { nil },
        completion: @escaping @MainActor @Sendable (_ result: Result<Picture, Failure>, _ jpegFailure: Failure?) -> Void
    ) {
        decodePhoto(at: path, width: width, height: height, fit: fit, alongside: alongside) { result in
            guard case .failure(let failure) = result, let raw else { return completion(result, nil) }
            decodePhoto(at: raw, width: width, height: height, fit: fit, alongside: alongside) { fromRaw in
                switch fromRaw {
                case .success: completion(fromRaw, failure)
                case .failure: completion(.failure(failure), nil)
                }
            }
        }
    }
}
