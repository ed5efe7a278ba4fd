// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// A soft box shadow drawn round a rectangle of any size from eight small pieces cut from one blurred template:
/// for the GL renderer as textures; for cairo, corners as images drawn as textures are and edges as gradients.
///
/// Blurred once, on the CPU, for each shape and scale: GTK's cairo renderer blurs an outset shadow node again
/// every frame, and the GL renderer compiles its blur shaders for the first frame (18 ms of the startup here).
/// In pieces rather than as one texture or outset shadow node the size of the rectangle: a renderer pays for every
/// pixel it is given, including the rectangle's inside, where an outset shadow has nothing, and GTK 4.8's GL
/// renderer shades the whole of a node that a clip cuts, at about twice the cost of drawing it unclipped; a
/// piece lying wholly outside a clip is not drawn at all.
@MainActor
public final class SlicedShadow {
    /// The shadow's shape.
    public let shape: BoxShadow
    /// How it is cut.
    public let slices: ShadowSlices
    /// The blurred template the pieces were cut from.
    let template: ShadowMask
    /// How opaque the shadow is where the template is: the colour's alpha.
    let opacity: Float

    /// How long an edge's texture is for the GL renderer, in points, though every point along it is the same:
    /// a renderer that stretches a texture samples half a texel past each end, which for a texture a few texels
    /// long is a visible part of the edge (GTK 4.8's GL renderer packs small textures into an atlas, so past the
    /// end lies another texture). As long as the rectangle's edge, the half texel is under half a pixel.
    nonisolated static let edgeLength = 512.0

    /// How a piece is drawn.
    private enum Drawing {
        case texture(ObjectReference<OpaquePointer>)
        /// A corner for the cairo renderer: an image drawn as a texture is (``AlphaImage/node(at:)``).
        case image(AlphaImage)
        /// An edge as a gradient of black across it through these stops, one per pixel of the template, in order
        /// from the piece's left (across a left or right edge) or top (across a top or bottom edge).
        case gradient([GskColorStop])
    }

    private let pieces: [(piece: ShadowSlices.Piece, drawing: Drawing)]

    /// The pieces of `template` (`shape`'s shadow of ``ShadowSlices/templateSize``, blurred) in black at
    /// `opacity`, for the cairo renderer or the GL one.
    ///
    /// Under cairo the edges are gradients, for three reasons: GTK 4.8's cairo renderer converts every pixel of a
    /// texture to floats and back each time it draws it (512-point edges were a third of a deck frame); pixman
    /// composites a turned texture row by row through its generic path, about twice as slow as a gradient across
    /// the same edge (a 25 × 540 point edge turned by 0.3 rad: 0.87 ms against 0.46 ms, cairo 1.16 alone); and
    /// a gradient through the template's pixels at their centres is what bilinear sampling of the stretched
    /// texture gives, so both renderers draw the same shadow. The corners are images drawn as GSK draws a
    /// texture, from pixels kept in cairo's format (as textures, their float round trip was 4 % of a key burst's
    /// frame); painted as cairo nodes, with no padding at their edges, they left a seam against the
    /// edges at a fractional position.
    convenience init(shape: BoxShadow, template: ShadowMask, opacity: Float, cairo: Bool) {
        self.init(Cut(shape: shape, template: template, opacity: opacity, cairo: cairo, imagesAvailable: ImageNode.isAvailable))
    }

    /// The shadow drawn from `cut`'s pieces.
    init(_ cut: Cut) {
        shape = cut.shape
        slices = ShadowSlices(shadow: cut.shape)
        template = cut.template
        opacity = cut.opacity
        pieces = cut.pieces.map { piece, values in
            switch values {
            case .gradient(let alphas):
                return (piece, .gradient(Self.stops(through: alphas)))
            case .alpha(let mask, let bytes):
                if let image = AlphaImage(width: mask.width, height: mask.height, scale: mask.scale, color: Self.black, alpha: bytes) {
                    return (piece, .image(image))
                }
                // Drawn as a texture when cairo can't make the image.
                return (piece, .texture(MemoryTexture.premultipliedBGRA(width: mask.width, height: mask.height, pixels: Cut.blackPixels(bytes))))
            case .pixels(let mask, let pixels):
                return (piece, .texture(MemoryTexture.premultipliedBGRA(width: mask.width, height: mask.height, pixels: pixels)))
            }
        }
    }

    /// The pieces of a blurred template as numbers, ready to become textures, images and gradients: cut on any
    /// thread, so that the first card's shadow can be cut while GTK starts (2 ms of the first frame here).
    struct Cut: Sendable {
        /// What one piece is drawn from.
        enum Values: Sendable {
            /// An edge for the cairo renderer: the alpha of each pixel across it, from its left or top.
            case gradient([Float])
            /// A corner for the cairo renderer: a byte of alpha a pixel, rows one after another.
            case alpha(ShadowMask, [UInt8])
            /// Black, premultiplied, four bytes a pixel (BGRA), for a texture.
            case pixels(ShadowMask, [UInt8])
        }

        let shape: BoxShadow
        let template: ShadowMask
        let opacity: Float
        let pieces: [(ShadowSlices.Piece, Values)]

        /// The pieces of `template` (`shape`'s shadow of ``ShadowSlices/templateSize``, blurred) in black at
        /// `opacity`, for the cairo renderer or the GL one; corners as images when `imagesAvailable`
        /// (``ImageNode/isAvailable``), else as textures.
        nonisolated init(shape: BoxShadow, template: ShadowMask, opacity: Float, cairo: Bool, imagesAvailable: Bool) {
            self.shape = shape
            self.template = template
            self.opacity = opacity
            let edgePixels = Int(SlicedShadow.edgeLength) * template.scale
            let slices = ShadowSlices(shadow: shape)
            pieces = ShadowSlices.Piece.allCases.map { piece in
                var mask = template.cropped(to: slices.source(of: piece))
                let shown = { (alpha: Float) in SlicedShadow.shown(alpha, opacity: opacity) }
                switch (piece, cairo) {
                case (.top, true), (.bottom, true):
                    return (piece, .gradient((0..<mask.height).map { shown(mask[0, $0]) }))
                case (.left, true), (.right, true):
                    return (piece, .gradient((0..<mask.width).map { shown(mask[$0, 0]) }))
                case (.top, false), (.bottom, false): mask = mask.repeatingFirstColumn(edgePixels)
                case (.left, false), (.right, false): mask = mask.repeatingFirstRow(edgePixels)
                case (_, true) where imagesAvailable: // The corners.
                    return (piece, .alpha(mask, mask.alpha.map { SlicedShadow.byte(of: $0, opacity: opacity) }))
                default: break
                }
                return (piece, .pixels(mask, Self.blackPixels(mask.alpha.map { SlicedShadow.byte(of: $0, opacity: opacity) })))
            }
        }

        /// Black pixels at the opacities `alphas` gives, premultiplied BGRA: only each alpha byte is not zero.
        nonisolated static func blackPixels(_ alphas: [UInt8]) -> [UInt8] {
            var pixels = [UInt8](repeating: 0, count: alphas.count * 4)
            for (index, alpha) in alphas.enumerated() { pixels[4 * index + 3] = alpha }
            return pixels
        }
    }

    /// Appends the shadow of a rectangle of `size` whose top-left corner is at the origin; with `only`, just the
    /// pieces that reach into one of those rectangles.
    public func append(to snapshot: OpaquePointer, size: Size, only shown: [Rect]? = nil) {
        for (piece, drawing) in pieces {
            guard let placement = slices.placement(of: piece, around: size) else { continue }
            if let shown, !shown.contains(where: { $0.intersects(placement.visible) }) { continue }
            let cut = placement.visible != placement.destination
            if cut {
                var visible = graphene_rect_t(placement.visible)
                gtk_snapshot_push_clip(snapshot, &visible)
            }
            switch drawing {
            case .texture(let texture):
                var destination = graphene_rect_t(placement.destination)
                gtk_snapshot_append_texture(snapshot, texture.pointer, &destination)
            case .image(let image):
                if let node = image.node(at: graphene_point_t(x: Float(placement.destination.minX), y: Float(placement.destination.minY))) {
                    gtk_snapshot_append_node(snapshot, node.node)
                }
            case .gradient(let stops):
                appendGradient(stops, across: piece, in: placement.destination, to: snapshot)
            }
            if cut { gtk_snapshot_pop(snapshot) }
        }
    }

    /// The shadow's colour; its alpha is the template's.
    static let black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)

    /// How opaque the shadow is where the template has `alpha`, drawn at `opacity`.
    nonisolated private static func shown(_ alpha: Float, opacity: Float) -> Float {
        min(1, alpha) * opacity
    }

    /// ``shown(_:opacity:)`` as a byte, for a texture's or a whole mask's pixel.
    nonisolated static func byte(of alpha: Float, opacity: Float) -> UInt8 {
        UInt8((shown(alpha, opacity: opacity) * 255).rounded())
    }

    /// Stops of black through `alphas`, one per pixel across an edge, each at its pixel's centre.
    private static func stops(through alphas: [Float]) -> [GskColorStop] {
        let count = Float(alphas.count)
        return alphas.enumerated().map { index, alpha in
            GskColorStop(offset: (Float(index) + 0.5) / count, color: GdkRGBA(red: 0, green: 0, blue: 0, alpha: alpha))
        }
    }

    /// A gradient across an edge piece at `destination` through `stops`.
    private func appendGradient(_ stops: [GskColorStop], across piece: ShadowSlices.Piece, in destination: Rect, to snapshot: OpaquePointer) {
        var bounds = graphene_rect_t(destination)
        let acrossX = piece == .left || piece == .right
        var start = graphene_point_t(x: Float(destination.minX), y: Float(destination.minY))
        var end = acrossX
            ? graphene_point_t(x: Float(destination.maxX), y: Float(destination.minY))
            : graphene_point_t(x: Float(destination.minX), y: Float(destination.maxY))
        stops.withUnsafeBufferPointer { gtk_snapshot_append_linear_gradient(snapshot, &bounds, &start, &end, $0.baseAddress, gsize($0.count)) }
    }
}
