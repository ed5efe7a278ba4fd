// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// Core timings without GTK: one spring evaluation and one frame's deck layout, in ns per call.
///
/// Each benchmark runs `rounds` timed loops of `iterations` calls after an untimed warm-up loop; the result is the
/// median round. Inputs vary per iteration and results go to ``BlackHole``, so nothing is hoisted or deleted.
enum MicroBenchmarks {
    /// Calls per timed loop and loops per benchmark, full and quick.
    struct Counts {
        let springIterations: Int
        let layoutIterations: Int
        let parseIterations: Int
        let rounds: Int

        static let full = Counts(springIterations: 2_000_000, layoutIterations: 100_000, parseIterations: 3, rounds: 9)
        static let quick = Counts(springIterations: 10_000, layoutIterations: 1_000, parseIterations: 1, rounds: 3)
    }

    /// Body lines of the one Markdown item read.
    static let markdownBodyLines = 100_000
    /// Cards in the deck the layout is timed with.
    static let layoutDeckSize = 100_000
    /// The benchmark window's size in points, which the layout is computed for.
    static let viewSize = Size(width: 1280, height: 800)
    /// Frame-clock step at 60 Hz, in µs.
    static let frameStep: Microseconds = 16_667
    /// Distinct times cycled through, so each call sees a different input.
    static let timeSteps = 64

    static func run(_ counts: Counts) -> [MicroResult] {
        var results: [MicroResult] = []
        let snapBack = Spring(parameters: BlackHole.opaque(DeckTuning.snapBackSpring), from: 180, to: 0, initialVelocity: -900)
        results.append(measure("Spring.value(at:), under-damped (snap-back 0.4/0.6)", iterations: counts.springIterations, rounds: counts.rounds) { index in
            snapBack.value(at: Double(index & 1023) * 0.000_5)
        })
        let critical = Spring(parameters: BlackHole.opaque(SpringParameters.libadwaitaCarousel), from: 1, to: 0, initialVelocity: 0)
        results.append(measure("Spring.value(at:), critically damped (carousel)", iterations: counts.springIterations, rounds: counts.rounds) { index in
            critical.value(at: Double(index & 1023) * 0.000_5)
        })

        let deck = SyntheticDeck.deck(count: layoutDeckSize)
        let start: Microseconds = 1_000_000_000
        let resting = BlackHole.opaque(DeckInteraction(deck: deck, viewSize: viewSize))
        results.append(layout("DeckInteraction.frame(at:), 100,000 cards at rest", resting, from: start, counts: counts))

        var dragging = DeckInteraction(deck: deck, viewSize: viewSize)
        let grip = dragging.layout.frontCenter + Point(x: 0, y: -100)
        _ = dragging.beginDrag(grip, at: start)
        dragging.updateDrag(Point(x: 150, y: 20), at: start + frameStep)
        results.append(layout("DeckInteraction.frame(at:), 100,000 cards, dragging", BlackHole.opaque(dragging), from: start + frameStep, counts: counts))

        var flying = DeckInteraction(deck: deck, viewSize: viewSize)
        let flightCount = 10
        // The bench owns the progress here, as the session does in the app: it makes each reported decision and
        // hands the progress back.
        var progress = DeckProgress(cardCount: deck.cards.count)
        for index in 0..<flightCount {
            let time = start + Microseconds(index) * 2 * frameStep
            guard let decision = flying.swipe(SwipeDirection.allCases[index % 4], at: time),
                  let step = progress.decide(decision.cardIndex, decision.direction) else { continue }
            flying.adopt(progress, after: .did(step), at: time)
        }
        let later = start + Microseconds(flightCount) * 2 * frameStep
        results.append(layout("DeckInteraction.frame(at:), 100,000 cards, \(flightCount) swipes in flight", BlackHole.opaque(flying), from: later, counts: counts))

        // Identical rows without ids (a spreadsheet export with repeated rows): each gets "-2", "-3", … and the time
        // must grow linearly.
        for rows in identicalRowCounts {
            let csv = Data(("title,body\n" + String(repeating: "Same,Same body\n", count: rows)).utf8)
            results.append(measure("CSVDeckParser.parse, \(rows.formatted()) identical rows without ids", iterations: counts.parseIterations, rounds: counts.rounds) { _ in
                Double((try? CSVDeckParser.parse(csv, title: "Identical", baseDirectory: nil).cards.count) ?? 0)
            })
        }
        // The same cards as a CardStack deck and as JSON Lines: the records reader (fields matched by name, nested
        // values flattened) should cost about what the deck reader does.
        let cards = (0..<20_000).map { ##"{"id":"card-\##($0)","title":"Card \##($0)","subtitle":"A subtitle","body":"A paragraph of body text.","color":"#3584e4"}"## }
        let deckJSON = Data((#"{"title":"Bench","cards":["# + cards.joined(separator: ",") + "]}").utf8)
        let jsonLines = Data((cards.joined(separator: "\n") + "\n").utf8)
        results.append(measure("JSONDeckParser.parse, 20,000 cards", iterations: counts.parseIterations, rounds: counts.rounds) { _ in
            Double((try? JSONDeckParser.parse(deckJSON, baseDirectory: nil).cards.count) ?? 0)
        })
        results.append(measure("DeckReader.read, the same cards as 20,000 JSON Lines", iterations: counts.parseIterations, rounds: counts.rounds) { _ in
            Double((try? DeckReader.read(jsonLines, as: .jsonLines, title: "Bench", baseDirectory: nil).deck.cards.count) ?? 0)
        })
        // One Markdown item with a long body (a log pasted under a task): its body must be read in linear time.
        let markdown = Data(("- A task\n" + String(repeating: "  a line of the task's notes\n", count: markdownBodyLines)).utf8)
        results.append(measure("MarkdownListParser.parse, one item with \(markdownBodyLines.formatted()) body lines", iterations: counts.parseIterations,
                               rounds: counts.rounds) { _ in
            Double((try? DeckReader.read(markdown, as: .markdown, title: "Notes", baseDirectory: nil).deck.cards.count) ?? 0)
        })
        // The card shadow's template, blurred once per style and scale before the first frame that shows a card.
        let shadow = BlackHole.opaque(BoxShadow(cornerRadius: 18, offsetY: 4, blurRadius: 14))
        let template = ShadowSlices(shadow: shadow).templateSize
        for scale in [1, 2] {
            results.append(measure("BoxShadow.mask, the cards' shadow template at scale \(scale)", iterations: counts.parseIterations, rounds: counts.rounds) { _ in
                Double(shadow.mask(for: template, scale: scale).alpha.count)
            })
        }
        BlackHole.consume(BlackHole.total)
        return results
    }

    /// Row counts of the identical-rows parse: 32,000 took 118 s when each id walked "-2", "-3", … from the start.
    static let identicalRowCounts = [8_000, 32_000]

    private static func layout(_ name: String, _ interaction: DeckInteraction, from start: Microseconds, counts: Counts) -> MicroResult {
        measure(name, iterations: counts.layoutIterations, rounds: counts.rounds) { index in
            let placements = interaction.frame(at: start + Microseconds(index % timeSteps) * 1_000)
            return Double(placements.count) + (placements.last?.center.x ?? 0)
        }
    }

    @inline(__always)
    private static func measure(_ name: String, iterations: Int, rounds: Int, _ body: (Int) -> Double) -> MicroResult {
        var total = 0.0
        for index in 0..<max(1, iterations / 10) { total += body(index) }
        BlackHole.consume(total)
        var perCall: [Double] = []
        for _ in 0..<rounds {
            var sum = 0.0
            let begin = MonotonicClock.nanoseconds()
            for index in 0..<iterations { sum += body(index) }
            let end = MonotonicClock.nanoseconds()
            BlackHole.consume(sum)
            perCall.append(Double(end - begin) / Double(iterations))
        }
        return MicroResult(name: name, iterations: iterations, rounds: perCall, nanosecondsPerCall: Statistics.median(perCall))
    }
}
