// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The soft shadow under every card: eight small textures cut from one blurred template, drawn round a card of
/// any size.
///
/// Blurred once, on the CPU, for each style and scale: GTK's cairo renderer blurs an outset shadow node again
/// every frame, and the GL renderer compiles its blur shaders for the first frame (18 ms of the startup here).
/// In pieces rather than as one texture the size of the card: a renderer pays for every pixel of a texture,
/// including the card's inside, where an outset shadow has nothing, and the part of a card that is covered.
@MainActor
final class CardShadow {
    /// The shadow's shape: the cards' corners, moved down and blurred as `CardStyle` says.
    static let shape = BoxShadow(
        cornerRadius: Double(CardStyle.cornerRadius),
        offsetY: Double(CardStyle.shadowOffsetY),
        blurRadius: Double(CardStyle.shadowBlur)
    )
    private static let slices = ShadowSlices(shadow: shape)
    /// Shadows made so far, by style and scale: every page shares them.
    private static var made: [Key: CardShadow] = [:]

    private struct Key: Hashable {
        let dark: Bool
        let scale: Int
        let cairo: Bool
    }

    /// How long an edge's texture is for the GL renderer, in points, though every point along it is the same:
    /// a renderer that stretches a texture samples half a texel past each end, which for a texture a few texels
    /// long is a visible part of the edge (GTK 4.8's GL renderer packs small textures into an atlas, so past the
    /// end lies another texture). As long as the card's edge, the half texel is under half a pixel.
    static let edgeLength = 512.0
    /// How long an edge's texture is for the cairo renderer, in points: cairo pads a stretched texture with its
    /// own edge pixels, so one point is exact; and GTK 4.8's cairo renderer converts every pixel of a texture to
    /// floats and back each time it draws it, which for 512-point edges was a third of a deck frame.
    static let cairoEdgeLength = 1.0

    private let pieces: [(piece: ShadowSlices.Piece, texture: ObjectReference<OpaquePointer>)]

    /// The shadow for the dark or light style at `scale` device pixels to a point, for the cairo renderer or
    /// the GL one, made the first time.
    static func shared(dark: Bool, scale: Int, cairo: Bool) -> CardShadow {
        let key = Key(dark: dark, scale: max(1, scale), cairo: cairo)
        if let shadow = made[key] { return shadow }
        let shadow = CardShadow(key)
        made[key] = shadow
        return shadow
    }

    private init(_ key: Key) {
        let opacity = key.dark ? CardStyle.shadowOpacityDark : CardStyle.shadowOpacityLight
        let template = Self.shape.mask(for: Self.slices.templateSize, scale: key.scale)
        let edgePixels = Int(key.cairo ? Self.cairoEdgeLength : Self.edgeLength) * key.scale
        pieces = ShadowSlices.Piece.allCases.map { piece in
            var mask = template.cropped(to: Self.slices.source(of: piece))
            switch piece {
            case .top, .bottom: mask = mask.repeatingFirstColumn(edgePixels)
            case .left, .right: mask = mask.repeatingFirstRow(edgePixels)
            default: break
            }
            var pixels = [UInt8](repeating: 0, count: mask.alpha.count * 4)
            for (index, alpha) in mask.alpha.enumerated() {
                // Black, premultiplied: only the alpha byte is not zero.
                pixels[4 * index + 3] = UInt8((min(1, alpha) * opacity * 255).rounded())
            }
            return (piece, MemoryTexture.premultipliedBGRA(width: mask.width, height: mask.height, pixels: pixels))
        }
    }

    /// Appends the shadow of a card of `size` whose top-left corner is at the origin.
    func append(to snapshot: OpaquePointer, cardSize size: Size) {
        for (piece, texture) in pieces {
            guard let placement = Self.slices.placement(of: piece, around: size) else { continue }
            var destination = graphene_rect_t(placement.destination)
            let cut = placement.visible != placement.destination
            if cut {
                var visible = graphene_rect_t(placement.visible)
                gtk_snapshot_push_clip(snapshot, &visible)
            }
            gtk_snapshot_append_texture(snapshot, texture.pointer, &destination)
            if cut { gtk_snapshot_pop(snapshot) }
        }
    }
}
