// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The human-readable tables, and the JSON file.
enum Report {
    static func ms(_ value: Double) -> String { String(format: "%.2f", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

    static func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
        let count = text.count
        guard count < width else { return text }
        let padding = String(repeating: " ", count: width - count)
        return right ? padding + text : text + padding
    }

    static func table(_ results: BenchResults) -> String {
        var lines: [String] = []
        let machine = results.machine
        lines.append("CardStack benchmark — \(results.date) — \(machine.processors) × \(machine.cpuModel), Linux \(machine.kernel)\(results.quick ? " — QUICK MODE (numbers not meaningful)" : "")")
        lines.append("command: \(results.command)")
        lines.append("window manager: \(results.windowManager)")
        if !results.micro.isEmpty {
            lines.append("")
            lines.append("Core micro-benchmarks (release build: median of rounds)")
            for micro in results.micro {
                let value = micro.nanosecondsPerCall >= 1_000_000 ? "\(ms(micro.nanosecondsPerCall / 1_000_000)) ms"
                    : micro.nanosecondsPerCall >= 1_000 ? "\(ms(micro.nanosecondsPerCall / 1_000)) µs"
                    : "\(String(format: "%.1f", micro.nanosecondsPerCall)) ns"
                lines.append("  \(pad(micro.name, 66, right: false)) \(pad(value, 10)) per call  (\(micro.iterations) calls × \(micro.rounds.count))")
            }
        }
        if !results.decks.isEmpty {
            lines.append("")
            lines.append("Frames, 1280×800 window: update → after-paint wall time, ms (painted frames of all repeats pooled)")
            let header = [
                pad("renderer", 9, right: false), pad("cards", 7), " ", pad("scenario", 20, right: false),
                pad("frames", 6), pad("p50", 7), pad("p95", 7), pad("p99", 7), pad("max", 7),
                pad(">16.7", 6), pad(">8.3", 6), pad("skip", 5), pad("tick50", 7), pad("snap50", 7), pad("snap95", 7), pad("p95/fl", 7),
            ].joined(separator: " ")
            lines.append(header)
            for deck in results.decks {
                let renderer = deck.renderer == "default" ? "gl" : deck.renderer
                func row(_ name: String, _ frame: Statistics, tick: Statistics?, snapshot: Statistics?, skipped: Int?, note: String?) -> String {
                    let floorRatio = name == "floor" ? "1.00" : ratio(frame.p95 / max(deck.floor.p95, .ulpOfOne))
                    return [
                        pad(renderer, 9, right: false), pad("\(deck.cards)", 7), " ", pad(name, 20, right: false),
                        pad("\(frame.count)", 6), pad(ms(frame.p50), 7), pad(ms(frame.p95), 7), pad(ms(frame.p99), 7), pad(ms(frame.max), 7),
                        pad("\(frame.over60Hz)", 6), pad("\(frame.over120Hz)", 6), pad(skipped.map(String.init) ?? "", 5),
                        pad(tick.map { ms($0.p50) } ?? "", 7), pad(snapshot.map { ms($0.p50) } ?? "", 7), pad(snapshot.map { ms($0.p95) } ?? "", 7),
                        pad(floorRatio, 7),
                    ].joined(separator: " ") + (note.map { "  (\($0))" } ?? "")
                }
                lines.append(row("floor", deck.floor, tick: nil, snapshot: nil, skipped: nil, note: nil))
                for scenario in deck.scenarios {
                    lines.append(row(scenario.name, scenario.frame, tick: scenario.tick, snapshot: scenario.snapshot, skipped: scenario.skippedFrames, note: scenario.note))
                }
                for scenario in deck.reference ?? [] {
                    lines.append(row(scenario.name, scenario.frame, tick: scenario.tick, snapshot: scenario.snapshot, skipped: scenario.skippedFrames,
                                     note: "the \(deck.referenceCards ?? 0)-card reference, in turn with this deck"))
                }
                lines.append("  \(renderer) \(deck.cards) cards: \(deck.rendererClass), view \(deck.viewWidth)×\(deck.viewHeight), open → first frame \(ms(deck.loadMilliseconds)) ms, peak RSS \(deck.peakRSSKiB / 1_024) MiB")
            }
            lines.append("  columns: >16.7/>8.3 frames over the 60/120 Hz budget; skip = missed refreshes; tick50 = update phase")
            lines.append("  (inputs + deck tick) p50; snap50/95 = deck snapshot p50/p95; p95/fl = p95 ÷ floor p95 of the same child.")
            lines.append(contentsOf: scaleLines(results.decks))
        }
        lines.append(contentsOf: CarouselComparison.lines(results.carousels))
        lines.append(contentsOf: PilesComparison.lines(results.piles))
        lines.append(contentsOf: SheetsComparison.lines(results.sheets))
        lines.append(contentsOf: DeckOpenBenchmark.lines(results.opens))
        lines.append(contentsOf: CullingBenchmark.lines(results.culling))
        if !results.startup.isEmpty {
            lines.append("")
            lines.append("Startup: spawn → first after-paint, ms (launches in turn, median)")
            for launch in results.startup {
                let renderer = launch.renderer == launch.drawnWith ? launch.renderer : "\(launch.renderer) (drew with \(launch.drawnWith))"
                lines.append("  \(renderer)")
                lines.append("    app                    \(ms(launch.appMedian)) [\(launch.app.map(ms).joined(separator: ", "))]")
                lines.append("    cardstack-bare-window  \(ms(launch.cBareMedian)) [\(launch.cBare.map(ms).joined(separator: ", "))]  (C)")
                lines.append("    cardstack --bare       \(ms(launch.bareMedian)) [\(launch.bare.map(ms).joined(separator: ", "))]  (the app's binary)")
                if !launch.cBareWithoutGL.isEmpty {
                    lines.append("    C window, no GL        \(ms(launch.cBareWithoutGLMedian)) [\(launch.cBareWithoutGL.map(ms).joined(separator: ", "))]  (GL left unloaded, as the app does)")
                }
                let withoutGL = launch.withoutGLRatio > 0 ? "; app : C window without GL \(ratio(launch.withoutGLRatio))" : ""
                lines.append("    app : C window \(ratio(launch.ratio)); app : its own bare window \(ratio(launch.inBinaryRatio))\(withoutGL)")
            }
        }
        if !results.targets.isEmpty {
            lines.append("")
            lines.append("Targets (default renderer)")
            for target in results.targets {
                let verdict = target.met.map { $0 ? "met   " : "MISSED" } ?? "n/a   "
                lines.append("  \(verdict) \(pad(target.name, 52, right: false)) \(target.measured)  [target \(target.target)]")
            }
        }
        if !results.failures.isEmpty {
            lines.append("")
            lines.append("FAILURES")
            lines.append(contentsOf: results.failures.map { "  \($0)" })
        }
        return lines.joined(separator: "\n")
    }

    private static func scaleLines(_ decks: [DeckRunResult]) -> [String] {
        var lines: [String] = []
        for renderer in Set(decks.map(\.renderer)).sorted() {
            let runs = decks.filter { $0.renderer == renderer }.sorted { $0.cards < $1.cards }
            guard let smallest = runs.first, let largest = runs.last, largest.cards > smallest.cards else { continue }
            let parts = smallest.scenarios.compactMap { little -> String? in
                guard let big = largest.scenarios.first(where: { $0.name == little.name }), little.frame.p50 > 0 else { return nil }
                let comparable = Targets.scaleScenarios.contains(little.name) || smallest.cards >= Scenario.burstLength + 4
                let floored = Targets.costRatio(large: big.frame, largeFloor: largest.floor, small: little.frame, smallFloor: smallest.floor)
                return "\(little.name) \(ratio(big.frame.p50 / little.frame.p50)) (÷ floor \(ratio(floored)))\(comparable ? "" : "*")"
            }
            let name = renderer == "default" ? "gl" : renderer
            lines.append("  scale \(name) \(largest.cards):\(smallest.cards) p50 ratio across children: " + parts.joined(separator: ", ")
                + "; floor p50 \(ms(largest.floor.p50)) : \(ms(smallest.floor.p50)) ms"
                + "; peak RSS \(largest.peakRSSKiB / 1_024) : \(smallest.peakRSSKiB / 1_024) MiB")
            if let reference = largest.reference, let referenceCards = largest.referenceCards {
                let inOne = reference.compactMap { little in largest.referenceRatio(little.name).map { "\(little.name) \(ratio($0))" } }
                lines.append("  scale \(name) \(largest.cards):\(referenceCards) p50 ratio in one window: " + inOne.joined(separator: ", "))
            }
        }
        if !lines.isEmpty { lines.append("  (* not comparable: the small deck runs out of cards during the burst)") }
        return lines
    }

    /// Writes the results as pretty JSON, creating the folder.
    static func write(_ results: BenchResults, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(results).write(to: url)
    }
}
