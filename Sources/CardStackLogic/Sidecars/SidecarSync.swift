// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackStore
import Dispatch
import Foundation
import GtkSupport
import Translation

/// Keeps each decided or rated photo's XMP sidecar saying how it was decided and rated, for darktable, digiKam
/// and Lightroom to read: written as each step is made, and taken back by undo, by a card returned to the deck
/// and by Start Over.
///
/// Each write is a three-way merge (``SidecarMerge``): the store keeps what a sidecar held before CardStack wrote
/// into it and what CardStack wrote (``SidecarRecord``), so taking a decision back restores what was there only
/// where the sidecar still holds CardStack's value, after a relaunch too, and another program's later value
/// always wins; a sidecar CardStack created is removed once it holds nothing else. Every sidecar of a card is
/// written: both files of a RAW+JPEG pair have one. The writes run one after another on a queue of their own;
/// the window never waits for a disk. A sidecar that can't be written is said in a lasting banner, and deciding
/// goes on.
@MainActor
public final class SidecarSync {
    /// The properties written (exiv2 keys).
    public nonisolated static let tags = SidecarProperty.allCases.map(\.key)

    public let style: SidecarStyle
    private let deck: Deck
    private let key: DeckKey
    private let storage: JournalStorage
    private let queue = DispatchQueue(label: "io.github.cardstack.sidecars", qos: .utility)
    /// Told why a sidecar was not written, once for each new reason.
    public var onProblem: (@MainActor (String) -> Void)?
    private var saidProblems: Set<String> = []

    /// What each direction writes: the defaults, or what Preferences chose; a change applies to the steps made
    /// after it.
    public var presets: [SwipeDirection: SidecarMarks.Preset] = [:]

    /// What deciding `direction` writes now.
    private func marks(for direction: SwipeDirection) -> SidecarMarks {
        (presets[direction] ?? SidecarMarks.Preset.defaultPreset(for: direction)).marks
    }

    /// What card `cardIndex`'s sidecars are to say in `progress`: its direction's marks with its stars and
    /// label over them; nil for a card neither decided nor rated, whose sidecars get back what they held.
    private func marks(of cardIndex: Int, in progress: DeckProgress) -> SidecarMarks? {
        let rating = progress.rating(of: cardIndex)
        guard let direction = progress.direction(of: cardIndex) else { return rating.isEmpty ? nil : SidecarMarks().overlaid(by: rating) }
        return marks(for: direction).overlaid(by: rating)
    }

    /// Syncs the sidecars of `deck` (keyed `key`) in `style`, keeping baselines in the journal's `storage`.
    public init(deck: Deck, key: DeckKey, style: SidecarStyle, storage: JournalStorage) {
        self.deck = deck
        self.key = key
        self.style = style
        self.storage = storage
    }

    /// Brings the sidecars of the cards `change` touched in line with `progress`; `sequence` is the change's
    /// event in the store, recorded as synced once the sidecars are written.
    public func apply(_ change: ProgressChange, progress: DeckProgress, sequence: Int64?) {
        let cards: [Int]
        switch change {
        case .did(.moveFiles), .undid(.moveFiles), .redid(.moveFiles), .shifted, .reordered:
            // Files moving decide nothing: a trashed photo's sidecar went with it.
            return
        case .did(let step), .undid(let step), .redid(let step):
            // A whole direction returned, or Start Over: every card may have changed.
            cards = step.cardIndices ?? Array(deck.cards.indices)
        }
        let work = cards.compactMap { index -> Work? in
            let card = deck.cards[index]
            guard !card.photoPaths.isEmpty else { return nil }
            return Work(cardID: card.id, files: card.photoPaths, marks: marks(of: index, in: progress))
        }
        guard !work.isEmpty else { return }
        // Once the step's sidecars are written, the store says so.
        run(work, through: sequence)
    }

    /// Brings in line the sidecars of the cards whose steps were stored after the last sidecar writes finished:
    /// the app was stopped before writing them (killed, the power cut), or sidecars were off then. Sidecars that
    /// already say what they should are left as they are, untouched.
    ///
    /// Each card's direction is taken from `progress` when the work is queued, on the main thread: a step made
    /// meanwhile was queued before it, and a later one is queued after it.
    public func catchUp(with progress: @escaping @MainActor () -> DeckProgress?) {
        let (deck, key, storage) = (deck, key, storage)
        queue.async { [weak self] in
            guard let (backlog, through) = storage.use({ try $0.sidecarBacklog(of: key) }), let through else { return }
            let cards: [Int]
            switch backlog {
            case .none: return
            case .all: cards = deck.cards.indices.filter { !deck.cards[$0].photoPaths.isEmpty }
            case .cards(let ids): cards = deck.cards.indices.filter { ids.contains(deck.cards[$0].id) && !deck.cards[$0].photoPaths.isEmpty }
            }
            MainContext.invoke {
                guard let self, let progress = progress() else { return }
                let work = cards.map { Work(cardID: deck.cards[$0].id, files: deck.cards[$0].photoPaths, marks: self.marks(of: $0, in: progress)) }
                Trace.log("sidecars: catching up \(work.count) cards")
                self.run(work, through: through)
            }
        }
    }

    /// Writes or restores the sidecars of `work`, one card after another on the queue, then records that the
    /// steps up to `sequence` have their sidecars.
    private func run(_ work: [Work], through sequence: Int64?) {
        let (style, key, storage) = (style, key, storage)
        queue.async {
            var problems: [String] = []
            for item in work {
                if let problem = Self.sync(item, style: style, key: key, storage: storage) { problems.append(problem) }
            }
            if let sequence { _ = storage.use { try $0.recordSidecarsSynced(through: sequence, key: key) } }
            guard !problems.isEmpty else { return }
            let handoff = Problems(problems)
            MainContext.invoke { [weak self] in self?.report(handoff.problems) }
        }
    }

    /// Waits until every sidecar asked for so far is written (for `--print` and for closing the window).
    public func finish() {
        queue.sync {}
    }

    private func report(_ problems: [String]) {
        for problem in problems where saidProblems.insert(problem).inserted {
            onProblem?(problem)
        }
    }

    /// A card to bring in line: its files, and what its direction writes now.
    private struct Work: Sendable {
        var cardID: String
        var files: [String]
        /// What its direction writes; nil while the card is undecided.
        var marks: SidecarMarks?
    }

    private final class Problems: @unchecked Sendable {
        let problems: [String]
        init(_ problems: [String]) { self.problems = problems }
    }

    /// Writes or restores the sidecars of one card; a sentence for the banner when one can't be.
    private nonisolated static func sync(_ work: Work, style: SidecarStyle, key: DeckKey, storage: JournalStorage) -> String? {
        var problem: String?
        for (file, sidecar) in zip(work.files, style.sidecarPaths(for: work.files)) {
            // A name that isn't UTF-8 has no path exiv2 can be given as text: leave its sidecar alone.
            if FileNameEncoding.hasBytesOutsideUTF8(sidecar) {
                problem = String(format: tr("%@: its name is not UTF-8"), FileNameEncoding.displayName(of: URL(fileURLWithPath: file)))
                continue
            }
            do throws(DecisionStoreError) {
                let record = try storage.perform({ try $0.sidecarRecord(of: sidecar, card: work.cardID, key: key) }).get().value
                // A photo renamed or deleted outside the app gets no sidecar of its own beside nothing.
                if work.marks != nil, record == nil, FileStatus(path: file)?.kind != .regularFile {
                    problem = String(format: tr("%@ is gone"), FileNameEncoding.displayName(of: URL(fileURLWithPath: file)))
                    continue
                }
                guard work.marks != nil || record != nil else { continue }
                // The merge is planned on what the sidecar holds as it is merged into (asked again should another
                // program write it meanwhile). What a decision is about to write is recorded before it is written,
                // so a crash in between leaves a record claiming at most a value the file doesn't hold; a sidecar
                // is recorded as given back only once it is.
                var storeFailure: DecisionStoreError?
                let merged = XMPSidecar.merge(sidecar, tags: Self.tags) { contents in
                    let now = SidecarValues(keyed: contents.values)
                    let plan: SidecarMerge.Plan
                    if let marks = work.marks {
                        plan = SidecarMerge.deciding(marks, record: record, current: now, exists: contents.exists)
                    } else if let record {
                        plan = SidecarMerge.takingBack(record: record, current: now, exists: contents.exists)
                    } else {
                        return nil
                    }
                    // A sidecar already as the decision wants it (most, in a catch-up after a relaunch) is not
                    // written, and its record not written again.
                    if let written = plan.record, written != record {
                        if case .failure(let error) = storage.perform({ try $0.recordSidecarWritten(sidecar, card: work.cardID, record: written, key: key) }) {
                            storeFailure = error
                            return nil
                        }
                    }
                    return XMPSidecar.Edit(changes: plan.keyedChanges, removingIfEmpty: plan.removesIfEmpty)
                }
                if let storeFailure { throw storeFailure }
                switch merged {
                case .success:
                    if work.marks == nil { _ = try storage.perform({ try $0.recordSidecarRestored(sidecar, card: work.cardID, key: key) }).get() }
                case .failure(let failure):
                    problem = describe(failure, sidecar)
                }
            } catch {
                problem = error.description
            }
        }
        return problem
    }

    private nonisolated static func describe(_ failure: XMPSidecar.Failure, _ sidecar: String) -> String {
        "\(failure): “\(FileNameEncoding.displayName(of: URL(fileURLWithPath: sidecar)))”"
    }
}
