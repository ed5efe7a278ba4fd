// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackWidgets
import Foundation
import GtkSupport

extension MainWindow {
    /// What a deck is read with: where from, and each choice that shapes its cards.
    struct DeckRequest: Sendable, Equatable {
        let input: DeckInput
        let imageExtensions: Set<String>
        let includesSubfolders: Bool
        let pairsRawWithJPEG: Bool
        /// The fields chosen on the command line; when none were, those chosen in Open As… for this deck are
        /// looked up as it is read.
        let chosenMapping: CardFieldMapping
        /// Whether the bytes read and each card's place in them are kept (`--print`, a pipe).
        let keepsInput: Bool
    }

    /// A deck being read off the main thread, from the moment it is made: where from, how far it has come, and
    /// what it found.
    ///
    /// A read needs no window, so the deck named on the command line starts being read as soon as CardStack knows
    /// it is the one running, while GTK starts up on the other core, and the window takes that read when it opens
    /// the same deck with the same choices (``LaunchChoices/startedLoad``).
    @MainActor
    final class DeckLoad {
        let request: DeckRequest
        var input: DeckInput { request.input }
        let progress = DeckLoadProgress()
        /// What the reading thread found, for `settleLoad(within:)` to take without waiting for the main loop.
        let outcome = Handoff<Result<LoadedDeck, DeckLoadError>>()
        /// Shown once the deck has taken longer than `DeckLoadingPage.delay`.
        var page: DeckLoadingPage?
        /// What reading found, once the main loop has heard it, until someone asks.
        private var found: Result<LoadedDeck, DeckLoadError>?
        private var onRead: ((Result<LoadedDeck, DeckLoadError>) -> Void)?

        /// Starts reading what `request` names on another thread, with the fields `storedMapping` answers there
        /// when the command line chose none.
        init(_ request: DeckRequest, storedMapping: (@Sendable () -> CardFieldMapping)?) {
            self.request = request
            let (progress, outcome) = (progress, outcome)
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let mapping = request.chosenMapping.chosen.isEmpty ? storedMapping?() ?? CardFieldMapping() : request.chosenMapping
                let result: Result<LoadedDeck, DeckLoadError>
                do throws(DeckLoadError) {
                    var loaded = try MainWindow.read(request, mapping: mapping, progress: progress)
                    loaded.mapping = mapping
                    // A folder of a few hundred photos is put in the order taken before it is shown; a larger one after.
                    if loaded.deck.isPhotoDeck {
                        loaded.captureFacts = CaptureOrderScan.captureFacts(of: loaded.deck.cards, within: CaptureOrderScan.openingBudget)
                    }
                    result = .success(loaded)
                } catch {
                    result = .failure(error)
                }
                outcome.hand(result)
                MainContext.invoke { [self] in
                    // Let go of the callback once called: it holds this load, which holds the deck.
                    if let onRead {
                        self.onRead = nil
                        onRead(result)
                    } else {
                        found = result
                    }
                }
            }
        }

        /// Calls `body` on the main loop with what reading found, never before this returns: a read begun at launch
        /// may have ended before the window asking for it is even presented, and a deck is shown in a presented
        /// window (`settleLoad(within:)` takes it at once from ``outcome`` then).
        func whenRead(_ body: @escaping (Result<LoadedDeck, DeckLoadError>) -> Void) {
            guard let found else {
                onRead = body
                return
            }
            self.found = nil
            IdleCallback.add {
                body(found)
                return false
            }
        }
    }
}
