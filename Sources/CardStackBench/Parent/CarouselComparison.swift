// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The Browse strip side by side with `AdwCarousel` in one run: one child per carousel and card count, a warm-up
/// child first so neither side pays for cold caches; then the report's section and the targets.
enum CarouselComparison {
    /// Card counts per carousel. AdwCarousel builds every page, so 100,000 would take minutes: it stops at 10,000.
    static func sizes(for implementation: CarouselBenchmark.Implementation, quick: Bool) -> [Int] {
        switch (implementation, quick) {
        case (_, true): BenchOptions.quickSizes
        case (.ours, false): [10, 1_000, 10_000, 100_000]
        case (.adwaita, false): [10, 1_000, 10_000]
        }
    }

    /// Ours may add at most this fraction of what AdwCarousel adds, in time and memory: our own strip must cost no
    /// more than the carousel it replaces.
    static let addedFraction = 0.2
    /// A Browse scenario's p95 may be at most this multiple of the floor's.
    static let floorRatio = Targets.floorRatio
    /// Frame cost at the largest count may be at most this multiple of the cost at 10, each divided by its own floor.
    static let scaleRatio = Targets.scaleRatio

    static func run(options: BenchOptions, progress: (String) -> Void) -> (runs: [CarouselRunResult], failures: [String]) {
        // A warm-up child, not counted, so neither carousel pays for cold caches; quick mode's figures mean
        // nothing, so it has none.
        if !options.quick { _ = child(.ours, cards: 10, options: options) }
        let runs = [CarouselBenchmark.Implementation.ours, .adwaita].flatMap { implementation in
            sizes(for: implementation, quick: options.quick).map { cards in
                (arguments: ["--child", "carousel", "--implementation", implementation.rawValue, "--cards", "\(cards)"],
                 name: "carousel \(implementation.rawValue) \(cards)",
                 announcement: "carousel: \(implementation.rawValue), \(cards) cards…")
            }
        }
        return ChildRun.gather(runs, quick: options.quick, progress: progress)
    }

    private static func child(_ implementation: CarouselBenchmark.Implementation, cards: Int, options: BenchOptions) -> Result<CarouselRunResult, Orchestrator.ChildFailure> {
        ChildRun.spawn(
            ["--child", "carousel", "--implementation", implementation.rawValue, "--cards", "\(cards)"],
            label: "carousel-\(implementation.rawValue)-\(cards)", renderer: "default", quick: options.quick
        )
    }

    // MARK: Report

    static func lines(_ runs: [CarouselRunResult]) -> [String] {
        guard !runs.isEmpty else { return [] }
        var lines = ["", "Browse vs AdwCarousel, \(ChildRun.pageWindowName) window, GL: start → first frame and peak RSS, and what N cards add to N = 10"]
        lines.append("  " + ["carousel", "cards", "launch", "+launch", "RSS MiB", "+RSS", "floor95", "move p95", "drag p95", "flick p95"]
            .map { Report.pad($0, 10) }.joined(separator: " "))
        for run in runs.sorted(by: { ($0.implementation.rawValue, $0.cards) < ($1.implementation.rawValue, $1.cards) }) {
            let base = baseline(run.implementation, in: runs)
            func p95(_ name: String) -> String {
                run.scenarios.first { $0.name.hasSuffix(name) }.map { Report.ms($0.frame.p95) } ?? "—"
            }
            lines.append("  " + [
                run.implementation.rawValue, "\(run.cards)", Report.ms(run.launchMilliseconds),
                base.map { Report.ms(run.launchMilliseconds - $0.launchMilliseconds) } ?? "—",
                "\(run.peakRSSKiB / 1_024)", base.map { "\((run.peakRSSKiB - $0.peakRSSKiB) / 1_024)" } ?? "—",
                Report.ms(run.floor.p95), p95("move through 20 cards"), p95("drag"), p95("flick across 20 cards"),
            ].map { Report.pad($0, 10) }.joined(separator: " "))
        }
        return lines
    }

    private static func baseline(_ implementation: CarouselBenchmark.Implementation, in runs: [CarouselRunResult]) -> CarouselRunResult? {
        runs.filter { $0.implementation == implementation }.min { $0.cards < $1.cards }
    }

    // MARK: Targets

    static func targets(_ runs: [CarouselRunResult]) -> [TargetResult] {
        var targets: [TargetResult] = []
        guard let ours10 = baseline(.ours, in: runs) else { return targets }
        let adw10 = baseline(.adwaita, in: runs)
        for adw in runs.filter({ $0.implementation == .adwaita && $0.cards > 10 }) {
            guard let adw10, let ours = runs.first(where: { $0.implementation == .ours && $0.cards == adw.cards }) else { continue }
            let oursTime = ours.launchMilliseconds - ours10.launchMilliseconds
            let adwTime = adw.launchMilliseconds - adw10.launchMilliseconds
            targets.append(TargetResult(
                name: "browse \(adw.cards): added launch ≤ ⅕ AdwCarousel's",
                measured: "\(Report.ms(oursTime)) vs \(Report.ms(adwTime)) ms",
                target: "≤ \(Report.ms(adwTime * addedFraction)) ms",
                met: oursTime <= adwTime * addedFraction
            ))
            let oursMemory = Double(ours.peakRSSKiB - ours10.peakRSSKiB) / 1_024
            let adwMemory = Double(adw.peakRSSKiB - adw10.peakRSSKiB) / 1_024
            targets.append(TargetResult(
                name: "browse \(adw.cards): added peak RSS ≤ ⅕ AdwCarousel's",
                measured: "\(Report.ms(oursMemory)) vs \(Report.ms(adwMemory)) MiB",
                target: "≤ \(Report.ms(adwMemory * addedFraction)) MiB",
                met: oursMemory <= adwMemory * addedFraction
            ))
        }
        // Each child measures its own floor in the same window; comparing p95 ÷ floor takes out how busy this
        // shared machine was while that child ran.
        if let adw10, let adwMove = adw10.scenarios.first(where: { $0.name.hasSuffix("move through 20 cards") }) {
            let adwRatio = adwMove.frame.p95 / max(adw10.floor.p95, .ulpOfOne)
            let worst = runs.filter { $0.implementation == .ours }
                .compactMap { run in
                    run.scenarios.first { $0.name.hasSuffix("move through 20 cards") }
                        .map { (run.cards, $0.frame.p95, $0.frame.p95 / max(run.floor.p95, .ulpOfOne)) }
                }
                .max { $0.2 < $1.2 }
            if let worst {
                targets.append(TargetResult(
                    name: "browse: p95 moving ≤ AdwCarousel's at 10 (÷ floor)",
                    measured: "\(Report.ratio(worst.2)) (\(Report.ms(worst.1)) ms, worst: \(worst.0) cards) vs \(Report.ratio(adwRatio)) (\(Report.ms(adwMove.frame.p95)) ms)",
                    target: "≤ \(Report.ratio(adwRatio))", met: worst.2 <= adwRatio
                ))
            }
        }
        let ours = runs.filter { $0.implementation == .ours }
        for name in ["browse: drag", "browse: flick across 20 cards"] {
            let ratios = ours.compactMap { run in
                run.scenarios.first { $0.name == name }.map { (run.cards, $0.frame.p95 / max(run.floor.p95, .ulpOfOne)) }
            }
            if let worst = ratios.max(by: { $0.1 < $1.1 }) {
                targets.append(TargetResult(
                    name: "\(name): p95 ≤ 1.5 × floor", measured: "\(Report.ratio(worst.1)) (worst: \(worst.0) cards)",
                    target: "≤ 1.5", met: worst.1 <= floorRatio
                ))
            }
            if let largest = ours.max(by: { $0.cards < $1.cards }), largest.cards > ours10.cards,
               let big = largest.scenarios.first(where: { $0.name == name }), let small = ours10.scenarios.first(where: { $0.name == name }),
               small.frame.p50 > 0 {
                let ratio = Targets.costRatio(large: big.frame, largeFloor: largest.floor, small: small.frame, smallFloor: ours10.floor)
                targets.append(TargetResult(
                    name: "\(name): cost ÷ own floor \(largest.cards) : 10 cards", measured: Report.ratio(ratio),
                    target: "≤ 1.1", met: ratio <= scaleRatio
                ))
            }
        }
        return targets
    }
}
