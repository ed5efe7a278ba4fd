// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackFiles
import GtkSupport

/// Decoded card pictures, kept for the few cards on or near the screen.
///
/// Pictures decode in the background at the size they are shown (covering a card's band, or fitting inside it
/// for a picture shown whole: ``CardStyle/showsPictureWhole(_:isPhotoDeck:)``); the next few cards are decoded ahead; the
/// least recently used are dropped past ``capacity``, so memory does not grow with the size of a photo folder.
@MainActor
final class CardImageCache {
    /// Textures kept: the visible stack (4), cards in flight, and a few for undo and prefetch.
    static let capacity = 12
    /// Cards behind the visible stack decoded ahead, so a fast swiper never waits (Loupe preloads 2 each side).
    static let prefetchCount = 3

    private var entries = RecentlyUsedCache<String, CardImage>(capacity: capacity)
    private var decoding: Set<String> = []
    private var scaleFactor = 1
    /// Called on the main actor when a picture finished decoding.
    var onDecoded: (@MainActor () -> Void)?
    /// What a card says of a file away from its place ("In the trash"), nil for a file in its place.
    var awayWords: (String) -> String? = { _ in nil }

    /// Pixels per point of the widget's surface; decoded sizes follow it.
    func setScaleFactor(_ factor: Int) {
        if factor != scaleFactor {
            scaleFactor = max(1, factor)
            entries.removeAll()
        }
    }

    /// The card's picture for a card drawn at `size` in a deck that is a photo deck or not, starting its decode
    /// (for the picture's band) if it is not cached.
    func image(for card: Card, size: Size, isPhotoDeck: Bool) -> CardImage {
        guard let path = card.imagePath else { return .none }
        if let words = awayWords(path) { return .away(words) }
        if let image = entries.value(for: path) { return image }
        startDecoding(path, for: card, size: size, isPhotoDeck: isPhotoDeck)
        return .loading
    }

    /// Forgets the pictures of `paths`, whose files went away or came back: they are decoded again when shown.
    func forget(_ paths: Set<String>) {
        entries.removeAll(where: paths.contains)
    }

    /// The card's picture as far as it has come, without starting a decode or counting as a use: for naming a
    /// card, not drawing it.
    func known(for card: Card) -> CardImage {
        guard let path = card.imagePath else { return .none }
        if let words = awayWords(path) { return .away(words) }
        return entries.peek(path) ?? (decoding.contains(path) ? .loading : .none)
    }

    /// Decodes the pictures of the cards that come next.
    func prefetch(_ cards: some Sequence<Card>, size: Size, isPhotoDeck: Bool) {
        for card in cards.prefix(Self.prefetchCount) {
            // Looking is not using: a prefetch must not keep a card's picture from being forgotten.
            guard let path = card.imagePath, !entries.contains(path) else { continue }
            startDecoding(path, for: card, size: size, isPhotoDeck: isPhotoDeck)
        }
    }

    private func startDecoding(_ path: String, for card: Card, size: Size, isPhotoDeck: Bool) {
        guard !decoding.contains(path), size.width > 1 else { return }
        decoding.insert(path)
        let width = Int(size.width) * scaleFactor
        let height = Int(CardStyle.imageHeight(for: card, cardHeight: size.height, isPhotoDeck: isPhotoDeck)) * scaleFactor
        let fit: ImageDecoder.Fit = CardStyle.showsPictureWhole(card, isPhotoDeck: isPhotoDeck) ? .contain : .cover
        if VideoFormat.isVideo(path) { return startReadingPoster(path, width: width, height: height, fit: fit) }
        ImageDecoder.decodePhoto(at: path, orRaw: card.rawPath, width: width, height: height, fit: fit,
                                 alongside: { PhotoCaptureDay.label(ofFileAt: path) }) { [weak self] result, _ in
            guard let self else { return }
            decoding.remove(path)
            let image: CardImage = switch result {
            case .success(let picture):
                .texture(picture.texture, pixelWidth: picture.pixelWidth, pixelHeight: picture.pixelHeight,
                         captureDay: picture.note ?? picture.metadata?.captureDateTime.flatMap(PhotoCaptureDay.label(exifDateTime:)),
                         metadata: picture.metadata)
            case .failure(let failure): .failed(failure.description)
            }
            entries.insert(image, for: path)
            onDecoded?()
        }
    }

    /// A video's picture: its poster frame, with its length.
    private func startReadingPoster(_ path: String, width: Int, height: Int, fit: ImageDecoder.Fit) {
        VideoPoster.read(at: path, width: width, height: height, fit: fit) { [weak self] result in
            guard let self else { return }
            decoding.remove(path)
            let image: CardImage = switch result {
            case .success(let poster):
                .texture(poster.texture, pixelWidth: poster.pixelWidth, pixelHeight: poster.pixelHeight, captureDay: nil, videoLength: poster.length)
            case .failure(let failure): .failed(failure.description)
            }
            entries.insert(image, for: path)
            onDecoded?()
        }
    }

    /// Number of pictures held, for tests and the benchmark.
    var count: Int { entries.count }
}
