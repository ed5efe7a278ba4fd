// SPDX-License-Identifier: GPL-3.0-or-later

/// What a card shows of its text: bounded, so laying a card out costs the same whatever its file holds.
///
/// A title of 50,000 combining marks took 11 s to a first frame and 200,000 never showed; a 1 MB body cost
/// 450–720 MB while laid out. A card can show a few lines of title and a screenful of body, so it is
/// given at most that much (in Unicode scalars, since marks pile onto one character); Card details has the
/// whole text, in a view that lays out only what is on screen.
extension Card {
    /// Scalars of a title a card, a row or a name shows: three lines of a wide card, and then some.
    public static let shownTitleLimit = 300
    /// Scalars of a body a card shows: more than the largest card holds at the smallest text.
    public static let shownBodyLimit = 4_000
    /// Scalars of a subtitle a card shows: two lines.
    public static let shownSubtitleLimit = 200

    /// The title as cards, rows, names and messages show it: cut at ``shownTitleLimit`` with "…".
    public var shownTitle: String { Self.shown(title, limit: Self.shownTitleLimit) }
    /// The subtitle as a card shows it.
    public var shownSubtitle: String? { subtitle.map { Self.shown($0, limit: Self.shownSubtitleLimit) } }
    /// The body as a card shows it.
    public var shownBody: String? { body.map { Self.shown($0, limit: Self.shownBodyLimit) } }
    /// Whether the title is longer than cards show it (Card details then gives it whole with the body).
    public var hasLongTitle: Bool {
        // More bytes than the limit is needed, not enough: a scalar takes up to four.
        guard let count = content.utf8Count(of: .title), count > Self.shownTitleLimit else { return false }
        return Self.isLonger(title, than: Self.shownTitleLimit)
    }

    /// The UTF-8 length of ``shownTitle``; the title is only made when it is long enough to be cut.
    public var shownTitleUTF8Count: Int { shownUTF8Count(of: .title, limit: Self.shownTitleLimit) ?? 0 }
    /// The UTF-8 length of ``shownSubtitle``, nil without a subtitle.
    public var shownSubtitleUTF8Count: Int? { shownUTF8Count(of: .subtitle, limit: Self.shownSubtitleLimit) }
    /// The UTF-8 length of ``shownBody``, nil without a body.
    public var shownBodyUTF8Count: Int? { shownUTF8Count(of: .body, limit: Self.shownBodyLimit) }

    /// The sizes of what the card shows, for a guess of its height.
    public struct ShownSizes: Sendable, Hashable {
        /// ``shownTitleUTF8Count``.
        public var titleUTF8Count: Int
        /// ``shownSubtitleUTF8Count``.
        public var subtitleUTF8Count: Int?
        /// ``shownBodyUTF8Count``.
        public var bodyUTF8Count: Int?
        /// ``hasImage``.
        public var hasImage: Bool
        /// ``hasBody``.
        public var hasBody: Bool { bodyUTF8Count != nil }
    }

    /// Title, subtitle and body sizes and whether there is a picture, read from the card's packed head in one
    /// pass: a pile guesses the heights of 100,000 cards whenever its width changes.
    public var shownSizes: ShownSizes {
        let counts = content.shownFieldCounts
        return ShownSizes(
            titleUTF8Count: shownUTF8Count(of: .title, count: counts.title, limit: Self.shownTitleLimit) ?? 0,
            subtitleUTF8Count: shownUTF8Count(of: .subtitle, count: counts.subtitle, limit: Self.shownSubtitleLimit),
            bodyUTF8Count: shownUTF8Count(of: .body, count: counts.body, limit: Self.shownBodyLimit),
            hasImage: counts.imagePath != nil
        )
    }

    private func shownUTF8Count(of field: CardContent.Field, limit: Int) -> Int? {
        shownUTF8Count(of: field, count: content.utf8Count(of: field), limit: limit)
    }

    /// A field of `count` bytes as the card shows it: the text is only made when it is long enough to be cut.
    private func shownUTF8Count(of field: CardContent.Field, count: Int?, limit: Int) -> Int? {
        guard let count else { return nil }
        guard count > limit, let whole = content[field] else { return count }
        return Self.shown(whole, limit: limit).utf8.count
    }

    /// `text` cut after `limit` Unicode scalars with "…"; only the first `limit` scalars are looked at.
    public static func shown(_ text: String, limit: Int) -> String {
        // A scalar takes at least one UTF-8 byte, and a native string knows its byte count: most text is short
        // enough to need no walk (a pile measures 100,000 cards' text on its first layout).
        guard text.utf8.count > limit else { return text }
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex), end != scalars.endIndex
        else { return text }
        return String(scalars[..<end]) + "…"
    }

    /// Whether `text` has more than `limit` Unicode scalars; only the first `limit` are looked at.
    public static func isLonger(_ text: String, than limit: Int) -> Bool {
        guard text.utf8.count > limit else { return false }
        let scalars = text.unicodeScalars
        return scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex).map { $0 != scalars.endIndex } ?? false
    }
}
