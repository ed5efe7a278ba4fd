// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The soft shadow under every card: eight small pieces cut from one blurred template, drawn round a card of
/// any size (for the GL renderer as textures; for cairo, corners as images drawn as textures are and edges as
/// gradients); under cairo a turned card's shadow is the pieces put together into one image
/// (``appendTurned(to:at:)``).
///
/// Blurred once, on the CPU, for each style and scale: GTK's cairo renderer blurs an outset shadow node again
/// every frame, and the GL renderer compiles its blur shaders for the first frame (18 ms of the startup here).
/// In pieces rather than as one texture the size of the card: a renderer pays for every pixel of a texture,
/// including the card's inside, where an outset shadow has nothing, and the part of a card that is covered.
@MainActor
public final class CardShadow {
    /// The shadow's shape: the cards' corners, moved down and blurred as `CardStyle` says.
    nonisolated static let shape = BoxShadow(
        cornerRadius: Double(CardStyle.cornerRadius),
        offsetY: Double(CardStyle.shadowOffsetY),
        blurRadius: Double(CardStyle.shadowBlur)
    )
    nonisolated private static let slices = ShadowSlices(shadow: shape)
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
    /// The blurred template the pieces were cut from, and the opacity they were drawn at.
    private let template: ShadowMask
    private let opacity: Float
    /// The whole shadow of the last card size a turned card had, for the cairo renderer.
    private var whole: (size: Size, image: AlphaImage)?
    /// The card size ``prepareTurned(for:)`` was last asked for, so idle work asks once even if it fails.
    private var triedTurned: Size?

    /// The shadow for the dark or light style at `scale` device pixels to a point, for the cairo renderer or
    /// the GL one, made the first time.
    static func shared(dark: Bool, scale: Int, cairo: Bool) -> CardShadow {
        let key = Key(dark: dark, scale: max(1, scale), cairo: cairo)
        if let shadow = made[key] { return shadow }
        let shadow = CardShadow(key)
        made[key] = shadow
        return shadow
    }

    /// Under cairo the edges are gradients, for three reasons: GTK 4.8's cairo renderer converts every pixel of a
    /// texture to floats and back each time it draws it (512-point edges were a third of a deck frame); pixman
    /// composites a turned texture row by row through its generic path, about twice as slow as a gradient across
    /// the same edge (a 25 × 540 point edge turned by 0.3 rad: 0.87 ms against 0.46 ms, cairo 1.16 alone); and
    /// a gradient through the template's pixels at their centres is what bilinear sampling of the stretched
    /// texture gives, so both renderers draw the same shadow. The corners are images drawn as GSK draws a
    /// texture, from pixels kept in cairo's format (as textures, their float round trip was 4 % of a key burst's
    /// frame); painted as cairo nodes, with no padding at their edges, they left a seam against the
    /// edges at a fractional position.
    private init(_ key: Key) {
        let opacity = key.dark ? CardStyle.shadowOpacityDark : CardStyle.shadowOpacityLight
        let template = Self.template(scale: key.scale)
        self.template = template
        self.opacity = opacity
        let edgePixels = Int(Self.edgeLength) * key.scale
        pieces = ShadowSlices.Piece.allCases.map { piece in
            var mask = template.cropped(to: Self.slices.source(of: piece))
            let shown = { (alpha: Float) in Self.shown(alpha, opacity: opacity) }
            switch (piece, key.cairo) {
            case (.top, true), (.bottom, true):
                return (piece, .gradient(Self.stops(through: (0..<mask.height).map { shown(mask[0, $0]) })))
            case (.left, true), (.right, true):
                return (piece, .gradient(Self.stops(through: (0..<mask.width).map { shown(mask[$0, 0]) })))
            case (.top, false), (.bottom, false): mask = mask.repeatingFirstColumn(edgePixels)
            case (.left, false), (.right, false): mask = mask.repeatingFirstRow(edgePixels)
            case (_, true) where ImageNode.isAvailable: // The corners.
                let alpha = mask.alpha.map { Self.byte(of: $0, opacity: opacity) }
                if let image = AlphaImage(width: mask.width, height: mask.height, scale: mask.scale, color: Self.black, alpha: alpha) {
                    return (piece, .image(image))
                }
            default: break
            }
            var pixels = [UInt8](repeating: 0, count: mask.alpha.count * 4)
            for (index, alpha) in mask.alpha.enumerated() {
                // Black, premultiplied: only the alpha byte is not zero.
                pixels[4 * index + 3] = Self.byte(of: alpha, opacity: opacity)
            }
            return (piece, .texture(MemoryTexture.premultipliedBGRA(width: mask.width, height: mask.height, pixels: pixels)))
        }
    }

    /// Templates blurred ahead on another thread (``blurAhead(scale:)``), by scale.
    private static var blurredAhead: [Int: Handoff<ShadowMask>] = [:]

    /// Starts blurring the template for `scale` pixels to a point on another thread, for the first card drawn:
    /// at launch it is ready long before the window's first frame (1 ms of its main thread otherwise).
    public static func blurAhead(scale: Int) {
        guard blurredAhead[scale] == nil else { return }
        blurredAhead[scale] = Handoff(working: { shape.mask(for: slices.templateSize, scale: scale) })
    }

    /// The blurred template for `scale`: the one blurred ahead, once it is done, or one blurred now.
    private static func template(scale: Int) -> ShadowMask {
        blurredAhead[scale]?.wait() ?? shape.mask(for: slices.templateSize, scale: scale)
    }

    /// Appends the shadow of a card of `size` whose top-left corner is at the origin.
    func append(to snapshot: OpaquePointer, cardSize size: Size) {
        for (piece, drawing) in pieces {
            guard let placement = Self.slices.placement(of: piece, around: size) else { continue }
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

    /// How far in from its outline a card is opaque for sure, in points: its corners are rounded by
    /// `CardStyle.cornerRadius`, whose arc comes r·(1 − 1/√2) in from the corner along the diagonal, and its
    /// edge is antialiased over a pixel.
    nonisolated static let opaqueInset = (Double(CardStyle.cornerRadius) * (1 - 1 / 2.0.squareRoot()) + 1).rounded(.up)

    /// How high a band of a turned card's shadow is drawn at a time under cairo, in points: each band is one or
    /// two clipped draws. Lower bands hug the turned outline closer, with more draws. Key bursts at 1,000 cards
    /// (cairo frames child, p50 / p95 ms): the card's bounds less its upright interior 4.7–5.0 / 6.5–7.7; bands
    /// of 16 points 4.9 / 7.1; 32 points 4.3–4.4 / 5.6–5.9; 48 points 4.2–4.5 / 6.0–6.6; 64 points 4.4–4.7 /
    /// 5.4–6.0.
    nonisolated static let turnedBandHeight = 32.0

    /// Appends the shadow of a card at `placement` as one image turned with it, in place of the pieces: for the
    /// cairo renderer, which composites a turned piece row by row (``AlphaImage``).
    ///
    /// Only where it shows: round the card between its outline grown by the shadow's reach and shrunk to where
    /// it is opaque (``CardPlacement/ringCover(outset:inset:bandHeight:)``), in bands, each under a clip. Its
    /// bounding box less its upright interior was three times as much to draw at the turns of a card flying off.
    func appendTurned(to snapshot: OpaquePointer, at placement: CardPlacement) {
        guard let image = wholeImage(for: placement.size) else { return }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_translate(&matrix, placement.center.x, placement.center.y)
        cairo_matrix_rotate(&matrix, placement.rotation)
        cairo_matrix_scale(&matrix, placement.scale, placement.scale)
        cairo_matrix_translate(&matrix, -placement.size.width / 2 - Self.shape.reach, -placement.size.height / 2 - Self.shape.reach)
        guard let node = image.node(transform: matrix) else { return }
        for part in placement.ringCover(outset: Self.shape.reach, inset: Self.opaqueInset, bandHeight: Self.turnedBandHeight) {
            var clip = graphene_rect_t(part)
            gtk_snapshot_push_clip(snapshot, &clip)
            gtk_snapshot_append_node(snapshot, node.node)
            gtk_snapshot_pop(snapshot)
        }
    }

    /// Whether the image ``appendTurned(to:at:)`` draws round a card of `size` has been made (or tried).
    func isTurnedReady(for size: Size) -> Bool {
        whole?.size == size || triedTurned == size
    }

    /// Makes the image ``appendTurned(to:at:)`` draws round a card of `size`, ahead of the first turned card,
    /// whose frame would otherwise pay for blurring it (48 ms for a photo card 1222 pt wide).
    func prepareTurned(for size: Size) {
        triedTurned = size
        _ = wholeImage(for: size)
    }

    /// The whole shadow round a card of `size`, at the pieces' opacity, made the first time a card of that size
    /// is turned or when it is prepared.
    private func wholeImage(for size: Size) -> AlphaImage? {
        if let whole, whole.size == size { return whole.image }
        let mask = Self.slices.wholeMask(from: template, around: size)
        guard mask.width > 0, mask.height > 0 else { return nil }
        let alpha = mask.alpha.map { Self.byte(of: $0, opacity: opacity) }
        guard let made = AlphaImage(width: mask.width, height: mask.height, scale: mask.scale, color: Self.black, alpha: alpha) else { return nil }
        whole = (size, made)
        return made
    }

    /// The shadow's colour; its alpha is the template's.
    private static let black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)

    /// How opaque the shadow is where the template has `alpha`, drawn at `opacity`.
    private static func shown(_ alpha: Float, opacity: Float) -> Float {
        min(1, alpha) * opacity
    }

    /// ``shown(_:opacity:)`` as a byte, for a texture's or the whole mask's pixel.
    private static func byte(of alpha: Float, opacity: Float) -> UInt8 {
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
