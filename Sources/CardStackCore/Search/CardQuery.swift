// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the user typed to find cards: the words a card must contain, every one of them, anywhere in its title,
/// subtitle, body or file name, in any order, as fzf and GNOME's search entries match.
///
/// Words match regardless of case and accents ("etude" finds "Étude", "ÉTUDE" finds "étude"), and a word may be
/// part of a longer one ("pride" finds "Prejudice and Pride", "ejud" finds it too).
///
/// Complexity: each match folds the card's text once and looks for each word in it, linear in the text.
public struct CardQuery: Sendable, Equatable {
    /// The words, folded; empty for a query that keeps every card.
    public let words: [String]

    /// The query typed as `text`: its words, split at white space.
    public init(_ text: String) {
        words = text.split(whereSeparator: { $0.isWhitespace }).map { Self.folded(String($0)) }.filter { !$0.isEmpty }
    }

    /// Whether the query keeps every card (nothing typed but spaces).
    public var isEmpty: Bool { words.isEmpty }

    /// Whether `card` holds every word.
    public func matches(_ card: Card) -> Bool {
        guard !words.isEmpty else { return true }
        return matches(folded: Self.searchableText(of: card))
    }

    /// Whether `text`, folded by ``searchableText(of:)``, holds every word: for a page that folds each card once
    /// and asks again at each key.
    public func matches(folded text: String) -> Bool {
        words.allSatisfy { text.contains($0) }
    }

    /// The text of `card` a query looks in, folded: its title, subtitle, body and file name, one per line.
    public static func searchableText(of card: Card) -> String {
        let fileName = card.filePath.map { ($0 as NSString).lastPathComponent }
        return folded([card.title, card.subtitle, card.body, fileName].compactMap { $0 }.joined(separator: "\n"))
    }

    /// `text` without case or accents.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
