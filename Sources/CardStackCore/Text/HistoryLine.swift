// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One line of History: what happened, to which card, and when.
public struct HistoryLine: Sendable, Equatable {
    /// What happened ("Keep", "Undone", "Back to the deck").
    public var what: String
    /// The card's title, when the step is about one card.
    public var card: String?
    public var date: Date

    public init(what: String, card: String?, date: Date) {
        self.what = what
        self.card = card
        self.date = date
    }
}
