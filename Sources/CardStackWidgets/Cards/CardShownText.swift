// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Translation

/// The text a card shows, worked out in one place so that every page draws it and speaks it alike.
///
/// Some of it arrives after the card is first shown: a photo's pixel size and the day it was taken come with its
/// decoded picture, and so does the reason a picture can't be shown. A page names a card for screen readers
/// from this again when its picture arrives, so what is heard is what is on the card.
enum CardShownText {
    /// The line under the title: a photo's gains its pixel size once its file has been read (a RAW's full size,
    /// not its preview's), and a photo deck's card (whose subtitle ends with the file's modification day) shows the
    /// day the photo was taken when the file says.
    ///
    /// A card with a link says which site it leads to after the rest ("octocat · github.com"), so a link is
    /// never opened blind.
    static func subtitle(of card: Card, image: CardImage, isPhotoDeck: Bool) -> String? {
        let parts: [String?]
        // A file's thumbnail or type icon is not the file: its pixel size says nothing about it.
        let pictureIsTheCard = card.filePath == nil || card.filePath == card.imagePath
        if case .texture(_, let width, let height, let captureDay, let metadata, _) = image, pictureIsTheCard {
            let subtitle = card.shownSubtitle.map { subtitle in
                guard isPhotoDeck, let captureDay else { return subtitle }
                return ImageFolderDeck.subtitle(subtitle, redatedTo: captureDay)
            }
            let size = metadata?.uprightPixelSize ?? (width, height)
            parts = [subtitle, "\(size.width) × \(size.height)", card.linkSite]
        } else {
            parts = [card.shownSubtitle, card.linkSite]
        }
        let shown = parts.compactMap { $0 }.filter { !$0.isEmpty }
        return shown.isEmpty ? nil : shown.joined(separator: " · ")
    }

    /// Why the card's picture is not shown, as the card says it; nil while it is shown, coming or not needed.
    static func failure(of image: CardImage, isVideo: Bool = false) -> String? {
        switch image {
        case .failed(let reason): String(format: isVideo ? tr("Can't play this video: %@") : tr("Can't show this image: %@"), reason)
        case .away(let words): words
        default: nil
        }
    }

    /// The badge on a photo's picture for its marks (what its sidecar said before this cull, and what the cull gave
    /// it): its stars ("★★★"), its colour label ("● Red"), "Rejected"
    /// or "Picked"; nil for a photo without marks.
    static func badge(of marks: PhotoMarks?) -> String? {
        guard let marks else { return nil }
        let label = marks.label.map { "● " + $0.name }
        guard !marks.isUnrated else { return label }
        let rated = marks.isRejected ? tr("Rejected") : marks.stars > 0 ? marks.starText : tr("Picked")
        return [rated, label].compactMap { $0 }.joined(separator: "  ")
    }

    /// The badge of a photo that moves: "Live" on a Live Photo, as Apple's Photos marks one, "Motion" on a
    /// Motion Photo (known by its name), and "▶ 0:03" on a video once its length is known; nil for a still.
    static func motionBadge(of card: Card, image: CardImage) -> String? {
        if card.isLivePhoto { return ImageFolderDeck.liveLabel }
        // In its own context: "Motion" is also the Preferences group of animation settings, another word in German.
        if card.isNamedMotionPhoto { return trp("badge", "Motion") }
        guard card.isVideo else { return nil }
        if case .texture(_, _, _, _, _, let length?) = image { return "▶ " + length }
        return "▶"
    }

    /// The motion badge in words: "Live Photo", "Motion Photo", "Video, 0:03".
    static func spokenMotionBadge(of card: Card, image: CardImage) -> String? {
        if card.isLivePhoto { return tr("Live Photo") }
        if card.isNamedMotionPhoto { return tr("Motion Photo") }
        guard card.isVideo else { return nil }
        if case .texture(_, _, _, _, _, let length?) = image { return String(format: tr("Video, %@"), length) }
        return tr("Video")
    }

    /// The badge in words a screen reader says well ("Rated 3 stars" rather than three star signs).
    static func spokenBadge(of marks: PhotoMarks?) -> String? {
        guard let marks else { return nil }
        let label = marks.label.map { String(format: tr("%@ label"), $0.name) }
        guard !marks.isUnrated else { return label }
        let rated = marks.isRejected ? tr("Rejected")
            : marks.stars > 0 ? String(format: trn("Rated %ld star", "Rated %ld stars", marks.stars), marks.stars) : tr("Picked")
        return [rated, label].compactMap { $0 }.joined(separator: ", ")
    }

    /// The card as a screen reader names it: "b.jpg — 14 Jul 2019 · 600 × 800", what moves ("Video, 0:03"), its
    /// badge ("Rated 3 stars"), and why its picture can't be shown when it can't.
    static func spoken(_ card: Card, image: CardImage, isPhotoDeck: Bool, marks: PhotoMarks? = nil) -> String {
        var text = card.shownTitle
        if let subtitle = subtitle(of: card, image: image, isPhotoDeck: isPhotoDeck), !subtitle.isEmpty { text += " — \(subtitle)" }
        if let motion = spokenMotionBadge(of: card, image: image) { text += ". \(motion)" }
        if let badge = spokenBadge(of: marks) { text += ". \(badge)" }
        if let failure = failure(of: image, isVideo: card.isVideo) { text += ". \(failure)" }
        return text
    }
}
