// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackLogic
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport

/// The sheets last opened for the deck on show: asked for again, each is shown again as it was built, brought up
/// to date, rather than built anew (10–30 ms of widgets, styles and text laid out in a sheet's first frame).
/// Another deck drops them.
struct KeptSheets {
    /// Card details, for one card with its sidecars and the marks read from them as they were when it was made.
    var details: (card: Int, sidecars: [String], marks: PhotoMarks?, sheet: CardDetailsSheet)?
    /// Deck info, with how it said decisions reach sidecars.
    var info: (sidecars: String?, sheet: DeckInfoSheet)?
    var history: HistorySheet?
    /// The card whose details were presented last: the card Ctrl+L opens the link of while they are open.
    var detailsCard: Int?
}

/// Card details, Deck info and History, opened over the page on show, and when each decision was made.
extension MainWindow {
    /// What the sheets keep for the deck on show, for this extension alone; another deck starts it afresh.
    struct DeckSheets {
        /// The sheets last opened, shown again when asked for again.
        fileprivate var kept = KeptSheets()
        /// When each card's decision in force was made, by card id: read from the store once, then kept up to
        /// date as decisions are made.
        fileprivate var decisionDates: [String: Date]?
        /// Whether the sheets were scheduled to be built ahead for the deck on show (``prepareSheetsOnce()``).
        fileprivate var prepareScheduled = false
    }

    /// The card whose details were presented last: the card Ctrl+L opens the link of while they are open.
    var detailsCard: Int? { deckSheets.kept.detailsCard }

    /// Opens Card details for deck card `card` over the page on show.
    func showDetails(_ card: Int) {
        guard let session, let current else { return }
        let sidecars = sidecars(of: card, in: current.deck)
        let marks = session.marks[card]
        deckSheets.kept.detailsCard = card
        if let kept = deckSheets.kept.details, kept.card == card, kept.sidecars == sidecars, kept.marks == marks {
            sheets.present(kept.sheet.content)
            return
        }
        let details = makeDetails(card, session: session, current: current, sidecars: sidecars)
        // Content the host let go (another card's details were open) is not kept.
        if sheets.present(details.content) { deckSheets.kept.details = (card, sidecars, marks, details) }
    }

    /// The sidecars Card details shows for deck card `card`: a photo's, as the sidecar style names them.
    private func sidecars(of card: Int, in deck: Deck) -> [String] {
        deck.isPhotoDeck ? sidecarStyle.sidecarPaths(for: deck.cards[card].filePaths) : []
    }

    /// Card details for deck card `card`, with what it asks of the window.
    private func makeDetails(_ card: Int, session: DeckSession, current: (deck: Deck, key: DeckKey), sidecars: [String]) -> CardDetailsSheet {
        var record: (@Sendable (Int, String) -> CardRecord?)?
        if let lookup = opening.records {
            record = { index, id in lookup.record(ofCard: index, id: id) }
        }
        let details = CardDetailsSheet(card: card, session: session, sidecars: sidecars, record: record) { [unowned self] index in
            decisionDate(of: current.deck.cards[index].id, key: current.key)
        }
        details.onToast = { [unowned self] message, undoable in toast(message, undoable: undoable) }
        details.onDeckInfo = { [unowned self] in showDeckInfo() }
        details.onZoom = { [unowned self] source, point in zoom(source, at: point) }
        return details
    }

    /// Opens Deck info above whatever sheet is open.
    func showDeckInfo() {
        guard let session else { return }
        let sidecars = sidecarDescription
        if let kept = deckSheets.kept.info, kept.sidecars == sidecars {
            sheets.present(kept.sheet.content)
            return
        }
        let info = makeDeckInfo(session: session, sidecars: sidecars)
        if sheets.present(info.content) { deckSheets.kept.info = (sidecars, info) }
    }

    private func makeDeckInfo(session: DeckSession, sidecars: String?) -> DeckInfoSheet {
        let info = DeckInfoSheet(session: session, sidecars: sidecars)
        info.onHistory = { [unowned self] in showHistory() }
        return info
    }

    /// Opens History above Deck info.
    func showHistory() {
        guard let session, let current else { return }
        if let history = deckSheets.kept.history {
            sheets.present(history.content)
            return
        }
        let history = makeHistory(session: session, current: current)
        if sheets.present(history.content) { deckSheets.kept.history = history }
    }

    private func makeHistory(session: DeckSession, current: (deck: Deck, key: DeckKey)) -> HistorySheet {
        // The titles are gathered once; the list is read again after every step while History is open.
        let describe = HistoryDescription(deck: current.deck)
        return HistorySheet(session: session, filling: sheets.tallestSheet) { [unowned self] in
            describe.lines(journal.latestEvents(of: current.key, limit: Self.historyLength))
        }
    }

    /// Builds the three sheets ahead, a second after a deck's first frame: the front card's details, Deck info and
    /// History, laid out and drawn unseen (``SheetHost/prepare(_:)``), so the first Enter meets a sheet
    /// as ready as every later one. Kept as sheets once opened are; another deck drops them.
    func prepareSheetsOnce() {
        guard !deckSheets.prepareScheduled else { return }
        deckSheets.prepareScheduled = true
        whenFirstFramePainted { [weak self] in
            TimeoutCallback.add(milliseconds: 1_000) { [weak self] in
                self?.prepareSheets()
                return false
            }
        }
    }

    private func prepareSheets() {
        guard let session, let current, deckSheets.kept.info == nil, deckSheets.kept.history == nil else { return }
        if deckSheets.kept.details == nil, let card = session.progress.frontCardIndex {
            let sidecars = sidecars(of: card, in: current.deck)
            let details = makeDetails(card, session: session, current: current, sidecars: sidecars)
            sheets.prepare(details.content)
            deckSheets.kept.details = (card, sidecars, session.marks[card], details)
        }
        let description = sidecarDescription
        let info = makeDeckInfo(session: session, sidecars: description)
        sheets.prepare(info.content)
        deckSheets.kept.info = (description, info)
        let history = makeHistory(session: session, current: current)
        sheets.prepare(history.content)
        deckSheets.kept.history = history
        Trace.log("sheets prepared: \(deckSheets.kept.details == nil ? "" : "details, ")info, history")
    }

    /// Steps History lists: a long session's worth (its list grows as it is scrolled: ``HistorySheet``).
    static let historyLength = 1_000

    func decisionDate(of cardID: String, key: DeckKey) -> Date? {
        if deckSheets.decisionDates == nil { deckSheets.decisionDates = journal.decisionDates(of: key) }
        return deckSheets.decisionDates?[cardID]
    }

    /// A decision made now, or brought back by a redo, was made now.
    func noteDecisionDate(after change: ProgressChange, in deck: Deck) {
        guard deckSheets.decisionDates != nil else { return }
        switch change {
        case .did(.decide(let decision)), .did(.move(let decision, _)), .redid(.decide(let decision)), .redid(.move(let decision, _)):
            deckSheets.decisionDates?[deck.cards[decision.cardIndex].id] = Date()
        case .did(.decideTogether(let decisions)), .redid(.decideTogether(let decisions)):
            for decision in decisions { deckSheets.decisionDates?[deck.cards[decision.cardIndex].id] = Date() }
        default:
            break
        }
    }
}
