// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackStore
import CardStackWidgets
import Foundation

/// Card details, Deck info and History, opened over the page on show, and when each decision was made.
extension MainWindow {
    /// Opens Card details for deck card `card` over the page on show.
    func showDetails(_ card: Int) {
        guard let session, let current else { return }
        let sidecars = current.deck.isPhotoDeck ? sidecarStyle.sidecarPaths(for: current.deck.cards[card].filePaths) : []
        let details = CardDetailsSheet(card: card, session: session, sidecars: sidecars) { [unowned self] index in
            decisionDate(of: current.deck.cards[index].id, key: current.key)
        }
        details.onToast = { [unowned self] message, undoable in toast(message, undoable: undoable) }
        details.onDeckInfo = { [unowned self] in showDeckInfo() }
        details.onZoom = { [unowned self] source, point in zoom(source, at: point) }
        sheets.present(details.content)
    }

    /// Opens Deck info above whatever sheet is open.
    func showDeckInfo() {
        guard let session else { return }
        let info = DeckInfoSheet(session: session, sidecars: sidecarDescription)
        info.onHistory = { [unowned self] in showHistory() }
        sheets.present(info.content)
    }

    /// Opens History above Deck info.
    func showHistory() {
        guard let session, let current else { return }
        // The titles are gathered once; the list is read again after every step while History is open.
        let describe = HistoryDescription(deck: current.deck)
        let history = HistorySheet(session: session, filling: sheets.tallestSheet) { [unowned self] in
            describe.lines(journal.latestEvents(of: current.key, limit: Self.historyLength))
        }
        sheets.present(history.content)
    }

    /// Steps History lists: a long session's worth (its list grows as it is scrolled: ``HistorySheet``).
    static let historyLength = 1_000

    func decisionDate(of cardID: String, key: DeckKey) -> Date? {
        if decisionDates == nil { decisionDates = journal.decisionDates(of: key) }
        return decisionDates?[cardID]
    }

    /// A decision made now, or brought back by a redo, was made now.
    func noteDecisionDate(after change: ProgressChange, in deck: Deck) {
        guard decisionDates != nil else { return }
        switch change {
        case .did(.decide(let decision)), .did(.move(let decision, _)), .redid(.decide(let decision)), .redid(.move(let decision, _)):
            decisionDates?[deck.cards[decision.cardIndex].id] = Date()
        default:
            break
        }
    }
}
