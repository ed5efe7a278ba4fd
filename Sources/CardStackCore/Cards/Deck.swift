// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A titled list of cards and the directions they may be swiped in.
public struct Deck: Sendable, Hashable {
    /// The deck's name, cut at ``Card/shownTitleLimit`` scalars: it only ever names the deck on screen (a
    /// header, a menu, a message), where a 50,000-mark title would freeze the first frame.
    public var title: String
    public var cards: [Card]
    /// The directions a swipe is recognised in; a drag the other ways meets resistance.
    public var allowedDirections: Set<SwipeDirection>
    /// What each allowed direction means to the user ("Keep", "Skip", …).
    public var labels: [SwipeDirection: String]
    /// The standardized absolute file or folder the deck was loaded from; nil for a deck built in code.
    public var source: URL?
    /// Whether the deck is a folder of images, one card per photo.
    public var isPhotoDeck: Bool
    /// Subfolders of a folder opened with its subfolders that were not listed: unreadable, or a link back to a
    /// folder already listed. Said once when the deck opens; never an error.
    public var skippedFolders = 0
    /// Photos of a folder left out because no installed image loader reads their format (a phone's HEIC without
    /// libheif's loader), by format's extension; said once when the deck opens, with what to install.
    public var photosWithoutLoader: [String: Int] = [:]
    /// Whether the cards' bodies are Markdown, to be shown as a reader sees them: a Markdown list's, and a JSON
    /// list's `body` field (GitHub's, GitLab's and Gitea's issues write Markdown there). Other text stays plain.
    public var bodiesAreMarkdown = false
    /// Whether each card was read from a record of fields named by whoever wrote the list (a JSON list's
    /// objects, a CSV's rows), which Card details lists whole; a CardStack deck's fields are its cards' parts.
    public var cardsHaveRecords = false
    /// Scalars of a direction's label kept: it names a button, a pile and a stamp.
    public static let labelLimit = 40

    public init(
        title: String,
        cards: [Card],
        allowedDirections: Set<SwipeDirection> = Set(SwipeDirection.allCases),
        labels: [SwipeDirection: String] = [:],
        source: URL? = nil,
        isPhotoDeck: Bool = false
    ) {
        self.title = Card.shown(title, limit: Card.shownTitleLimit)
        self.cards = cards
        self.allowedDirections = allowedDirections
        self.source = source
        self.isPhotoDeck = isPhotoDeck
        var merged = labels.mapValues { Card.shown($0, limit: Self.labelLimit) }
        for direction in SwipeDirection.allCases where merged[direction] == nil {
            merged[direction] = direction.defaultLabel
        }
        self.labels = merged
    }

    /// The user-facing name of a direction.
    public func label(for direction: SwipeDirection) -> String {
        labels[direction] ?? direction.defaultLabel
    }
}
