// SPDX-License-Identifier: GPL-3.0-or-later
import GtkSupport

/// How far a card's picture has come: not needed, being decoded, ready as a texture, or undecodable.
enum CardImage: Equatable {
    case none
    case loading
    case texture(ObjectReference<OpaquePointer>, pixelWidth: Int, pixelHeight: Int)
    case failed

    static func == (lhs: CardImage, rhs: CardImage) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none), (.loading, .loading), (.failed, .failed): true
        case (.texture(let a, _, _), .texture(let b, _, _)): a === b
        default: false
        }
    }
}
