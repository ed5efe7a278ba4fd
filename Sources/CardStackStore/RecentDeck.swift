// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A deck the user opened before, for the Recent Decks menu.
public struct RecentDeck: Sendable, Hashable {
    /// The deck's identity; its `path` is where to open it from.
    public var key: DeckKey
    /// The deck's title when it was last opened, since the file may be gone now.
    public var title: String
    /// When the deck was last opened.
    public var lastOpened: Date

    /// Describes one recently opened deck.
    public init(key: DeckKey, title: String, lastOpened: Date) {
        self.key = key
        self.title = title
        self.lastOpened = lastOpened
    }

    /// Where the deck file was when it was last opened.
    public var path: String { key.path }
}
