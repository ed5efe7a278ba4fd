// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore

/// How tall a card must be to show its text at a width, laid out exactly as `CardFace` draws it; for pages that
/// list cards at their own heights.
@MainActor
enum CardMeasure {
    /// Photos not decoded yet are measured as 3:2, the commonest camera aspect.
    static let defaultPhotoAspect = 1.5

    /// The height card `card` needs at `width`, with its body cut to `bodyLines` lines and its picture at its
    /// aspect ratio (`image` once decoded); a photo deck's photo is the whole card, its caption over it.
    static func height(of card: Card, width: Double, image: CardImage, bodyLines: Int32, isPhotoDeck: Bool = false,
                       widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        let textWidth = width - 2 * CardStyle.padding
        guard textWidth > 0 else { return 2 * CardStyle.padding }
        var text = 0.0
        func add(_ string: String, scale: Double, bold: Bool, lines: Int32) {
            let layout = TextLayout(widget: widget, text: string, width: textWidth, scale: scale, bold: bold)
            // Only the line cap limits: 100,000 pt is taller than any card, and fits Pango's 32-bit units.
            layout.limit(height: 100_000, lines: lines)
            text += layout.height + CardStyle.lineGap
        }
        add(card.shownTitle, scale: CardStyle.titleScale, bold: true, lines: CardStyle.titleMaximumLines)
        // The line the card draws, with a photo's size and a link's site: the same text, the same height.
        if let subtitle = CardShownText.subtitle(of: card, image: image, isPhotoDeck: false) {
            add(subtitle, scale: CardStyle.subtitleScale, bold: false, lines: 2)
        }
        if let body = card.shownBody {
            text += CardStyle.lineGap
            add(body, scale: 1, bold: false, lines: bodyLines)
        }
        // The last gap is the bottom padding's job; a point spare so rounding never cuts a line.
        let textHeight = text - CardStyle.lineGap + 2 * CardStyle.padding + 1
        guard card.hasImage else { return textHeight }
        if !card.hasBody {
            let aspect: Double
            if case .texture(_, let pixelWidth, let pixelHeight, _, _, _) = image, pixelWidth > 0, pixelHeight > 0 {
                aspect = Double(pixelWidth) / Double(pixelHeight)
            } else {
                aspect = defaultPhotoAspect
            }
            return isPhotoDeck ? max(width / aspect, CardStyle.photoCaptionHeight) : width / aspect + CardStyle.photoCaptionHeight
        }
        return textHeight / (1 - CardStyle.imageHeightFraction)
    }

    /// A quick guess of the same height without laying out any text, for cards not on screen yet: characters
    /// per line from the width, lines capped as the measure caps them. It takes a card's ``Card/ShownSizes``,
    /// read once however often the width changes.
    static func estimatedHeight(of card: Card.ShownSizes, width: Double, bodyLines: Int32, isPhotoDeck: Bool = false) -> Double {
        let textWidth = max(1, width - 2 * CardStyle.padding)
        // Cantarell at 11 pt averages about 7 points a character.
        let charactersPerLine = max(1, textWidth / 7)
        func lines(_ utf8Count: Int?, scale: Double, cap: Int32) -> Double {
            guard let utf8Count else { return 0 }
            // Bytes rather than characters: known without making the text (a pile measures 100,000 cards).
            return min(Double(cap), max(1, (Double(utf8Count) * scale / charactersPerLine).rounded(.up)))
        }
        let lineHeight = 17.0
        var height = 2 * CardStyle.padding
        height += lines(card.titleUTF8Count, scale: CardStyle.titleScale, cap: CardStyle.titleMaximumLines) * lineHeight * CardStyle.titleScale
        height += lines(card.subtitleUTF8Count, scale: CardStyle.subtitleScale, cap: 2) * lineHeight + CardStyle.lineGap
        height += lines(card.bodyUTF8Count, scale: 1, cap: bodyLines) * lineHeight + 2 * CardStyle.lineGap
        if card.hasImage {
            if isPhotoDeck, !card.hasBody { return max(width / defaultPhotoAspect, CardStyle.photoCaptionHeight) }
            return card.hasBody ? height / (1 - CardStyle.imageHeightFraction) : width / defaultPhotoAspect + CardStyle.photoCaptionHeight
        }
        return height
    }
}
