// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The Piles page at a small and a large number of decided cards in one run: the report's section and the
/// Piles page's targets (p95 within 1.5 × the floor, cost 100,000 : 10 within 1.1, switching under 100 ms).
enum PilesComparison {
    static func sizes(quick: Bool) -> [Int] { quick ? BenchOptions.quickSizes : [10, 100_000] }
    /// Switching to the page with the largest pile count, at most, ms.
    static let switchMilliseconds = 100.0

    static func run(options: BenchOptions, progress: (String) -> Void) -> (runs: [PilesRunResult], failures: [String]) {
        ChildRun.gather(sizes(quick: options.quick).map { (["--child", "piles", "--cards", "\($0)"], "piles \($0)", "piles: \($0) decided cards…") },
                        quick: options.quick, progress: progress)
    }

    static func lines(_ runs: [PilesRunResult]) -> [String] {
        guard !runs.isEmpty else { return [] }
        var lines = ["", "Piles page, \(ChildRun.pageWindowName) window, GL: frames (ms) and switching to the page"]
        lines.append("  " + ["cards", "switch", "floor95", "scenario", "frames", "p50", "p95", "p95/fl"].map { Report.pad($0, 10) }.joined(separator: " "))
        for run in runs.sorted(by: { $0.cards < $1.cards }) {
            for scenario in run.scenarios {
                lines.append("  " + [
                    "\(run.cards)", Report.ms(run.switchMilliseconds), Report.ms(run.floor.p95), scenario.name.replacingOccurrences(of: "piles: ", with: ""),
                    "\(scenario.frame.count)", Report.ms(scenario.frame.p50), Report.ms(scenario.frame.p95),
                    Report.ratio(scenario.frame.p95 / max(run.floor.p95, .ulpOfOne)),
                ].map { Report.pad($0, 10) }.joined(separator: " ")
                    + (scenario.name == PilesBenchmark.flingLabel && scenario.frame.count < PilesBenchmark.flingFrames ? "  (nothing to scroll)" : ""))
            }
        }
        return lines
    }

    static func targets(_ runs: [PilesRunResult]) -> [TargetResult] {
        var targets: [TargetResult] = []
        guard let small = runs.min(by: { $0.cards < $1.cards }), let large = runs.max(by: { $0.cards < $1.cards }) else { return targets }
        for name in PilesBenchmark.scenarios {
            // A pile of a few cards has nothing to scroll: the fling there paints a handful of frames and
            // measures nothing (as the deck's bursts at 10 cards), so it is judged where it scrolls.
            let comparable = runs.filter { run in
                name != PilesBenchmark.flingLabel || (run.scenarios.first { $0.name == name }?.frame.count ?? 0) >= PilesBenchmark.flingFrames
            }
            let ratios = comparable.compactMap { run in
                run.scenarios.first { $0.name == name }.map { (run.cards, $0.frame.p95 / max(run.floor.p95, .ulpOfOne)) }
            }
            if let worst = ratios.max(by: { $0.1 < $1.1 }) {
                targets.append(TargetResult(
                    name: "\(name): p95 ≤ 1.5 × floor", measured: "\(Report.ratio(worst.1)) (worst: \(worst.0) cards)",
                    target: "≤ 1.5", met: worst.1 <= Targets.floorRatio
                ))
            }
            if large.cards > small.cards, comparable.contains(where: { $0.cards == small.cards }), let big = large.scenarios.first(where: { $0.name == name }),
               let little = small.scenarios.first(where: { $0.name == name }), little.frame.p50 > 0 {
                let ratio = Targets.costRatio(large: big.frame, largeFloor: large.floor, small: little.frame, smallFloor: small.floor)
                targets.append(TargetResult(
                    name: "\(name): cost ÷ own floor \(large.cards) : \(small.cards) cards", measured: Report.ratio(ratio),
                    target: "≤ 1.1", met: ratio <= Targets.scaleRatio
                ))
            }
        }
        targets.append(TargetResult(
            name: "piles: switch to the page, \(large.cards) decided", measured: "\(Report.ms(large.switchMilliseconds)) ms",
            target: "< 100 ms", met: large.switchMilliseconds < switchMilliseconds
        ))
        return targets
    }
}
