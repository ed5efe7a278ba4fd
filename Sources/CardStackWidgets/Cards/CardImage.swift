// SPDX-License-Identifier: GPL-3.0-or-later
import GtkSupport

/// How far a card's picture has come: not needed, being decoded, ready as a texture, or undecodable.
enum CardImage: Equatable {
    case none
    case loading
    /// The decoded picture (a video's poster frame), its upright size in pixels as shown, the day it was taken when
    /// the file says, what a camera RAW says of itself, and a video's length ("0:03").
    case texture(ObjectReference<OpaquePointer>, pixelWidth: Int, pixelHeight: Int, captureDay: String?, metadata: PhotoMetadata? = nil,
                 videoLength: String? = nil)
    /// Not shown, and why ("60000 × 60000 is too large").
    case failed(String)
    /// Not shown because the file is away from its place, as the card says it ("In the trash"): nothing is
    /// wrong with the picture.
    case away(String)

    static func == (lhs: CardImage, rhs: CardImage) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none), (.loading, .loading): true
        case (.failed(let a), .failed(let b)), (.away(let a), .away(let b)): a == b
        case (.texture(let a, _, _, _, _, _), .texture(let b, _, _, _, _, _)): a === b
        default: false
        }
    }
}
