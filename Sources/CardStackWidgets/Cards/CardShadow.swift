// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// The soft shadow under every card: a ``SlicedShadow`` round a card of any size; under cairo a turned card's
/// shadow is the pieces put together into one image (``appendTurned(to:at:)``).
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

    /// The pieces.
    private let sliced: SlicedShadow
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

    private init(_ key: Key) {
        if let cut = Self.cutAhead.removeValue(forKey: key) {
            sliced = SlicedShadow(cut.wait())
        } else {
            sliced = SlicedShadow(shape: Self.shape, template: Self.template(scale: key.scale), opacity: Self.opacity(dark: key.dark), cairo: key.cairo)
        }
    }

    nonisolated private static func opacity(dark: Bool) -> Float {
        dark ? CardStyle.shadowOpacityDark : CardStyle.shadowOpacityLight
    }

    /// Templates blurred ahead on another thread (``blurAhead(scale:)``), by scale.
    private static var blurredAhead: [Int: Handoff<ShadowMask>] = [:]
    /// Templates' pieces cut ahead on another thread (``cutAhead(dark:scale:cairo:)``), by style, scale and renderer.
    private static var cutAhead: [Key: Handoff<SlicedShadow.Cut>] = [:]

    /// Whether pieces cut ahead wait for the shadow of this style, scale and renderer to be made from them.
    static func hasCutAhead(dark: Bool, scale: Int, cairo: Bool) -> Bool {
        cutAhead[Key(dark: dark, scale: max(1, scale), cairo: cairo)] != nil
    }

    /// Starts blurring the template for `scale` pixels to a point on another thread, for the first card drawn:
    /// at launch it is ready long before the window's first frame (1 ms of its main thread otherwise).
    public static func blurAhead(scale: Int) {
        guard blurredAhead[scale] == nil else { return }
        blurredAhead[scale] = Handoff(working: { shape.mask(for: slices.templateSize, scale: scale) })
    }

    /// Starts cutting the blurred template into the pieces the first card's shadow is drawn from, on another
    /// thread, once the style and renderer are known: cut while the window is made and shown, they are ready
    /// for its first frame (2 ms of its main thread otherwise). A shadow asked for in another style, scale or
    /// renderer is cut when it is first drawn.
    public static func cutAhead(dark: Bool, scale: Int, cairo: Bool) {
        let key = Key(dark: dark, scale: max(1, scale), cairo: cairo)
        guard made[key] == nil, cutAhead[key] == nil else { return }
        blurAhead(scale: key.scale)
        guard let blurred = blurredAhead[key.scale] else { return }
        let imagesAvailable = ImageNode.isAvailable
        cutAhead[key] = Handoff(working: {
            SlicedShadow.Cut(shape: shape, template: blurred.wait(), opacity: opacity(dark: dark), cairo: cairo, imagesAvailable: imagesAvailable)
        })
    }

    /// The blurred template for `scale`: the one blurred ahead, once it is done, or one blurred now.
    private static func template(scale: Int) -> ShadowMask {
        blurredAhead[scale]?.wait() ?? shape.mask(for: slices.templateSize, scale: scale)
    }

    /// Appends the shadow of a card of `size` whose top-left corner is at the origin.
    func append(to snapshot: OpaquePointer, cardSize size: Size) {
        sliced.append(to: snapshot, size: size)
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
        let mask = Self.slices.wholeMask(from: sliced.template, around: size)
        guard mask.width > 0, mask.height > 0 else { return nil }
        let alpha = mask.alpha.map { SlicedShadow.byte(of: $0, opacity: sliced.opacity) }
        guard let made = AlphaImage(width: mask.width, height: mask.height, scale: mask.scale, color: SlicedShadow.black, alpha: alpha) else { return nil }
        whole = (size, made)
        return made
    }
}
