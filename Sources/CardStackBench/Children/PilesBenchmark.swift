// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackWidgets
import Foundation
import GtkSupport

/// The child process that measures the Piles page with N decided cards (a quarter in each pile): switching to
/// the page, expanding and collapsing a pile, a fling-scroll through an expanded pile, and swiping a card back
/// to the deck, each against the floor widget in the same window.
///
/// The switch is the app's: the Deck page has been drawn first (every launch shows it), and the Piles page is
/// built when it is first shown, so the switch counts building it, laying it out and its first frame.
@MainActor
final class PilesBenchmark {
    /// Frames each half of the expand-and-collapse scenario lasts: the cascade settles in about a second.
    static let expandFrames = 70
    /// The fling: starts at 4,000 pt/s and slows with the touch deceleration (0.998/ms), for 1.5 s.
    static let flingSpeed = 4_000.0
    nonisolated static let flingFrames = 90
    /// The swipe back: 8 frames of 45 pt to the left (2,700 pt/s), then the card flies out and the gap closes.
    static let swipeFrames = 8
    static let swipeStep = -45.0
    static let frameLimit = 4_000
    /// Frames the Deck page shows before the floor: half a second at 60 Hz, its cards drawn and settled.
    static let deckFrames = 30

    nonisolated static let expandLabel = "piles: expand + collapse"
    nonisolated static let flingLabel = "piles: fling-scroll"
    nonisolated static let swipeLabel = "piles: swipe a card back"
    nonisolated static let scenarios = [expandLabel, flingLabel, swipeLabel]

    private let options: BenchOptions

    init(options: BenchOptions) {
        self.options = options
    }

    func run() -> Int32 {
        guard let resultPath = ChildRun.start(options, child: "piles") else { return 2 }
        adw_init()
        let deck = SyntheticDeck.deck(count: options.cards)
        let directions = SwipeDirection.allCases
        let decided = deck.cards.indices.map { Decision(cardIndex: $0, direction: directions[$0 % directions.count]) }
        let session = DeckSession(deck: deck, progress: DeckProgress(cardCount: deck.cards.count, replaying: decided))
        let floor = FloorWidget()
        // The Deck page of the same cards, none decided, as the app shows it before any other page: what it
        // draws (cards, their text and shadows) is drawn once in the process before the Piles page, as in the app.
        let deckPage = DeckPage(session: DeckSession(deck: deck))
        // Where the Piles page goes when it is first shown, as in the app's view stack.
        let place = created(adw_bin_new())
        let stack = OpaquePointer(created(gtk_stack_new()))
        gtk_stack_add_named(stack, deckPage.widget, "deck")
        gtk_stack_add_named(stack, floor.widget, "floor")
        gtk_stack_add_named(stack, place, "piles")
        guard let window = ChildRun.pageWindow(content: UnsafeMutablePointer(stack)) else { return 1 }
        gtk_widget_realize(window)
        guard let clock = gtk_widget_get_frame_clock(window) else { return 1 }
        var failures: [String] = []
        var page: PilesPage?
        /// Runs `body` with the first pile, once the switch has built the page.
        func withPile(_ body: (PileView) -> Void) {
            if let pile = page?.piles.first { body(pile) } else { failures.append("the Piles page was not built") }
        }
        let recorder = FrameRecorder(frameClock: clock)
        var switchStart: Int64 = 0
        var switchMilliseconds = 0.0
        let signals = SignalGroup()
        signals.connect(clock.raw, .void("after-paint")) {
            // The recorder's own after-paint handler runs first: the frame it just logged is the one painted.
            if switchStart > 0, recorder.frames.last?.painted == true {
                switchMilliseconds = Double(Int64(g_get_monotonic_time()) - switchStart) / MonotonicClock.microsecondsPerMillisecond
                switchStart = 0
            }
        }

        let repeats = options.quick ? 1 : 3
        let floorFrames = options.quick ? FrameBenchmark.quickFloorFrames : FrameBenchmark.fullFloorFrames
        let script = ScenarioScript(recorder: recorder)
        script.wait(Self.deckFrames)
        script.step { _ in gtk_stack_set_visible_child_name(stack, "floor") }
        script.wait(3)
        script.floor(floor, frames: floorFrames)
        func floorAgain() { script.floorAgain(floor, in: stack, page: "piles", frames: floorFrames / 3) }
        script.step { _ in
            switchStart = Int64(g_get_monotonic_time())
            let built = PilesPage(session: session)
            page = built
            // The pile's class exists once a pile does.
            if !SnapshotProbe.install(typeName: "CardStackPileView") { failures.append("no pile class to time") }
            adw_bin_set_child(place.cast(), built.widget)
            gtk_stack_set_visible_child_name(stack, "piles")
        }
        script.wait(20)
        for _ in 0..<repeats {
            floorAgain()
            script.step { _ in
                recorder.label = Self.expandLabel
                withPile { $0.setExpanded(true) }
            }
            script.measured(Self.expandLabel, Self.expandFrames)
            script.step { _ in
                recorder.label = Self.expandLabel
                withPile { $0.setExpanded(false) }
            }
            script.measured(Self.expandLabel, Self.expandFrames)
        }
        var adjustment: UnsafeMutablePointer<GtkAdjustment>?
        script.step { _ in
            withPile { pile in
                pile.setExpanded(true)
                let scrolled = gtk_widget_get_ancestor(pile.widget, gtk_scrolled_window_get_type())
                adjustment = scrolled.flatMap { gtk_scrolled_window_get_vadjustment(OpaquePointer($0)) }
            }
        }
        script.wait(60)
        for _ in 0..<repeats {
            floorAgain()
            for frame in 0..<Self.flingFrames {
                script.step { _ in
                    recorder.label = Self.flingLabel
                    guard let adjustment else { return }
                    // v(t) = v0 · 0.998^(t/ms): one 60 Hz frame's travel.
                    let elapsed = Double(frame) * 1_000 / 60
                    let speed = Self.flingSpeed * pow(DecelerationRate.touch.perMillisecond, elapsed)
                    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + speed / 60)
                }
            }
            script.step { _ in adjustment.map { gtk_adjustment_set_value($0, 0) } }
            script.wait(20)
        }
        for _ in 0..<repeats {
            floorAgain()
            script.step { time in
                recorder.label = Self.swipeLabel
                withPile { if !$0.beginDrag(0, at: time) { failures.append("swipe: no card to hold") } }
            }
            for frame in 1...Self.swipeFrames {
                script.step { time in
                    recorder.label = Self.swipeLabel
                    withPile { $0.updateDrag(Self.swipeStep * Double(frame), at: time) }
                }
            }
            script.step { time in
                recorder.label = Self.swipeLabel
                let before = session.progress.decidedCount
                withPile { $0.endDrag(Self.swipeStep * Double(Self.swipeFrames), at: time) }
                if session.progress.decidedCount != before - 1 { failures.append("swipe: the card did not go back to the deck") }
            }
            script.measured(Self.swipeLabel, 40)
            script.step { _ in session.undo() }
            script.wait(30)
        }

        ChildRun.play(script.steps, in: window, limit: Self.frameLimit)
        recorder.stop()
        signals.disconnectAll()

        let result = PilesRunResult(
            cards: deck.cards.count,
            switchMilliseconds: switchMilliseconds,
            floor: recorder.statistics("floor"),
            scenarios: Self.scenarios.map(recorder.scenario),
            failures: failures
        )
        gtk_window_destroy(window.cast())
        return ChildRun.finish(result, failures: result.failures, to: resultPath)
    }
}

/// One piles child's figures.
struct PilesRunResult: Codable, Sendable, ChildResult {
    var cards: Int
    /// From switching the stack to the Piles page to the end of its first painted frame, ms.
    var switchMilliseconds: Double
    var floor: Statistics
    var scenarios: [CarouselScenarioResult]
    var failures: [String]
}
