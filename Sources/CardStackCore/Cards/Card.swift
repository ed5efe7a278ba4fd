// SPDX-License-Identifier: GPL-3.0-or-later

/// One item of a deck: what the user sees and decides on.
public struct Card: Sendable, Hashable, Identifiable {
    /// Stable identity that ties decisions to the card across launches and edits of the deck.
    public var id: String
    public var title: String
    public var subtitle: String?
    public var body: String?
    public var color: CardColor?
    /// Absolute path of the card's image, already resolved against the deck file's folder.
    public var imagePath: String?

    public init(
        id: String,
        title: String,
        subtitle: String? = nil,
        body: String? = nil,
        color: CardColor? = nil,
        imagePath: String? = nil
    ) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.color = color
        self.imagePath = imagePath
    }
}
