// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import Translation

/// The open deck and its one `DeckProgress`, the only copy anything changes, shared by every page: each page
/// asks it for a step and hears every change, whichever page made it, its own included.
///
/// The Deck page's interaction recognises a swipe mid-gesture, starts the card's flight and reports the
/// decision; the session makes it (``decide(_:)``) and every page, the Deck's too, takes on the result. Undo and
/// redo take back or make again the latest step, whoever made it.
@MainActor
public final class DeckSession {
    /// Something that shows the progress and must hear of every change.
    public typealias Observer = @MainActor (_ change: ProgressChange, _ progress: DeckProgress) -> Void

    /// The deck on show.
    public let deck: Deck
    /// Where every card stands now, and the shared undo history.
    public private(set) var progress: DeckProgress

    /// What each card shows, sized, for the pages that guess the heights of cards they don't show: read the
    /// first time one asks.
    public private(set) lazy var shownSizes = ShownSizeTable(deck.cards)

    private var observers = OwnedObservers<(change: ProgressChange, progress: DeckProgress)>()

    /// How many times the history has changed: a step made, undone or made again (a card shifted in the line
    /// is no step). An Undo offered for a step holds the count it was offered at, and is stale once it moved.
    public private(set) var historyCount = 0

    /// What photos' sidecars said of them before this cull, by card, as far as they have been read (a photo
    /// deck's sidecars are read after it opens); a card not in it has no marks known yet.
    public private(set) var marks: [Int: PhotoMarks] = [:]
    private var marksObservers = OwnedObservers<[Int]>()

    /// The cards' files that are away from their place (moved to the trash or to a folder by a step), with what
    /// a card says of each ("In the trash"): such a photo is not damaged.
    public private(set) var awayFiles: [String: String] = [:]
    private var filesObservers = OwnedObservers<Set<String>>()

    /// Opens `deck` where `progress` left it, or fresh when `progress` is nil or was made for another
    /// card count.
    public init(deck: Deck, progress: DeckProgress? = nil) {
        self.deck = deck
        if let progress, progress.totalCount == deck.cards.count {
            self.progress = progress
        } else {
            self.progress = DeckProgress(cardCount: deck.cards.count)
        }
    }

    /// Tells `observer` of every change from now on, under `owner`'s identity (one observer per owner;
    /// observing again replaces it).
    public func observe(as owner: AnyObject, _ observer: @escaping Observer) {
        observers.set({ observer($0.change, $0.progress) }, for: owner)
    }

    /// Stops telling `owner` of changes, of marks and of files.
    public func stopObserving(as owner: AnyObject) {
        observers.remove(owner)
        marksObservers.remove(owner)
        filesObservers.remove(owner)
        burstsObservers.remove(owner)
    }

    /// Notes that the files at `paths` went away from their place, as `words` say ("In the trash"), or came
    /// back for nil; tells whoever shows them.
    public func files(_ paths: [String], areAway words: String?) {
        guard !paths.isEmpty else { return }
        for path in paths { awayFiles[path] = words }
        filesObservers.tell(Set(paths))
    }

    /// Tells `observer` which files went away or came back, from now on, under `owner`'s identity.
    public func observeFiles(as owner: AnyObject, _ observer: @escaping @MainActor (_ paths: Set<String>) -> Void) {
        filesObservers.set(observer, for: owner)
    }

    /// Takes on the marks of `found` cards, and tells whoever shows them which cards changed.
    public func addMarks(_ found: [Int: PhotoMarks]) {
        guard !found.isEmpty else { return }
        marks.merge(found) { _, new in new }
        marksObservers.tell(Array(found.keys))
    }

    /// Tells `observer` which cards' marks arrived, from now on, under `owner`'s identity.
    public func observeMarks(as owner: AnyObject, _ observer: @escaping @MainActor (_ cards: [Int]) -> Void) {
        marksObservers.set(observer, for: owner)
    }

    /// Makes a step on the shared progress; nil, and nobody is told, when it changes nothing.
    @discardableResult
    public func perform(_ step: (inout DeckProgress) -> Step?) -> Step? {
        guard let made = step(&progress) else { return nil }
        announce(.did(made))
        return made
    }

    /// Makes `decision`, reported by the Deck page as its card leaves; nil when it changes nothing. The front card
    /// of a burst's stack takes the burst's other undecided frames with it, in one step.
    @discardableResult
    public func decide(_ decision: Decision) -> Step? {
        let frames = undecidedFrames(ofBurstWith: decision.cardIndex)
        guard frames.count >= 2, frames.contains(decision.cardIndex) else { return perform { $0.decide(decision.cardIndex, decision.direction) } }
        let together = [decision.cardIndex] + frames.filter { $0 != decision.cardIndex }
        return perform { $0.decideTogether(together.map { Decision(cardIndex: $0, direction: decision.direction) }) }
    }

    /// Moves the front card to the back of the line; not a step, so undo passes it by. Nil when there is no card
    /// to move it behind.
    @discardableResult
    public func shift() -> Int? {
        guard let cardIndex = progress.shift() else { return nil }
        announce(.shifted(cardIndex: cardIndex))
        return cardIndex
    }

    /// Makes every card undecided again, as one undoable step; nil when none was decided.
    @discardableResult
    public func restart() -> Step? {
        perform { $0.restart() }
    }

    /// Returns the cards decided `direction` to the front of the deck, as one undoable step; returns how many.
    @discardableResult
    public func returnAll(_ direction: SwipeDirection) -> Int {
        let step = perform { progress in
            let count = progress.returnAll(direction)
            return count > 0 ? .returnAll(direction, count: count) : nil
        }
        guard case .returnAll(_, let count)? = step else { return 0 }
        return count
    }

    /// What photo `cardIndex` wears as its marks: what its sidecar said before this cull, with the stars and
    /// label the cull gave it over them.
    public func shownMarks(of cardIndex: Int) -> PhotoMarks? {
        let rating = progress.rating(of: cardIndex)
        return rating.isEmpty ? marks[cardIndex] : (marks[cardIndex] ?? .none).overlaid(by: rating)
    }

    /// Gives photo `cardIndex` the rating digit `digit` gives (1–5 stars, 0 none, 6–9 a colour label), as one
    /// step; nil when it changes nothing. `sendingBack` moves the front photo on with it (``DeckProgress/rate(_:_:sendingBack:)``).
    @discardableResult
    public func rate(_ cardIndex: Int, digit: Int, sendingBack: Bool = false) -> Step? {
        perform { progress in progress.rating(of: cardIndex).pressing(digit).flatMap { progress.rate(cardIndex, $0, sendingBack: sendingBack) } }
    }

    /// Each card's place in the order pages list the deck in, when it is not the deck's own (a photo deck in
    /// capture order); nil for the deck's order.
    public private(set) var ranks: [Int: Int]?

    /// Puts the deck in the order of `ranks` (nil: the deck's own): the upcoming cards, behind the front one
    /// while it is on screen (`keepingFront`), and the order Browse lists them in. Not a step.
    public func reorder(by ranks: [Int: Int]?, keepingFront: Bool = true) {
        self.ranks = ranks
        progress.reorderUpcoming(by: ranks ?? Dictionary(uniqueKeysWithValues: deck.cards.indices.map { ($0, $0) }), keepingFront: keepingFront)
        announce(.reordered)
    }

    /// `cards` in the order the pages list the deck in.
    public func listed(_ cards: [Int]) -> [Int] {
        guard let ranks else { return cards }
        return cards.sorted { (ranks[$0] ?? .max, $0) < (ranks[$1] ?? .max, $1) }
    }

    /// The photo deck's bursts, their frames best first; none until the photos' times are read (or with grouping
    /// off).
    public internal(set) var bursts = BurstIndex.none
    /// Each looked-at photo's sharpness (``Sharpness``), for Card details.
    public internal(set) var sharpness: [Int: Double] = [:]

    /// Told when the bursts change (DeckSession+Bursts).
    var burstsObservers = OwnedObservers<Void>()
    /// Work kept back until the Deck page has drawn its front photo (DeckSession+Bursts); nil once it has.
    var untilFrontPhoto: [@MainActor () -> Void]? = []

    /// Takes back the latest step, made on any page; nil when there is none.
    @discardableResult
    public func undo() -> Step? {
        guard let step = progress.undo() else { return nil }
        announce(.undid(step))
        return step
    }

    /// Makes the most recently undone step again; nil when there is none.
    @discardableResult
    public func redo() -> Step? {
        guard let step = progress.redo() else { return nil }
        announce(.redid(step))
        return step
    }

    func announce(_ change: ProgressChange) {
        switch change {
        case .shifted, .reordered: break
        default: historyCount += 1
        }
        observers.tell((change, progress))
    }
}
