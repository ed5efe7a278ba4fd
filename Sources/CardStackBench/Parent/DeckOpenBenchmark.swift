// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Launch to the deck drawn, as a person opening a big deck sees it: `cardstack DECK` with decks the benchmark
/// writes, 10 cards against 100,000 and 1,000,000 in JSON and in CSV, and 1,000,000 as JSON Lines, launched in
/// turn so drift affects all alike.
///
/// Each launch is timed to three trace lines: the first frame painted (the deck, or the loading page of a deck
/// that takes a while), the loading page shown, and the first frame with the deck ("deck drawn"); the app's peak
/// RSS is read when the deck is drawn. Fresh settings and data for every launch, as in `StartupBenchmark`.
enum DeckOpenBenchmark {
    static let firstFrameMarker = "cardstack: first frame; page "
    static let loadingMarker = "cardstack: loading page shown"
    static let drawnMarker = "cardstack: deck drawn: "
    /// Seconds to wait for a deck to be drawn before calling the launch failed.
    static let launchTimeout = 60.0
    /// Seconds after the deck is drawn to read the peak RSS: what the app does once its first frame is painted
    /// (the window's icon, the Recent Decks menu, the cards ahead drawn in idle time: 13 MiB within a second here)
    /// has then run for every deck, whereas at the small deck's first frame it had not, yet had for a big deck
    /// drawn after its loading page: the growth compared a settled app with one not yet settled.
    static let memorySettle = 1.0

    /// The decks measured: the small one every ratio is taken against, then the big ones.
    static func decks(quick: Bool) -> [(cards: Int, format: String)] {
        quick
            ? [(10, "json"), (10_000, "json"), (10_000, "csv"), (10_000, "jsonl")]
            : [(10, "json"), (100_000, "json"), (100_000, "csv"), (1_000_000, "json"), (1_000_000, "csv"), (1_000_000, "jsonl")]
    }

    static func run(app: URL, runs: Int, quick: Bool, progress: (String) -> Void) -> (results: [DeckOpenResult], failures: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-open-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var failures: [String] = []
        var files: [(cards: Int, format: String, url: URL)] = []
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (cards, format) in decks(quick: quick) {
                progress("open: writing a \(cards)-card \(format.uppercased()) deck…")
                let url = folder.appendingPathComponent("deck-\(cards).\(format)")
                if format == "csv" {
                    try SyntheticDeck.writeCSV(count: cards, to: url)
                } else if format == "jsonl" {
                    try SyntheticDeck.writeJSONLines(count: cards, to: url)
                } else {
                    try SyntheticDeck.writeFile(count: cards, to: url)
                }
                files.append((cards, format, url))
            }
        } catch {
            return ([], ["open: cannot write the decks: \(error)"])
        }
        var launches: [Int: [ChildProcess.Timeline]] = [:]
        for file in files {
            // Warm the page cache and the shader cache once, unmeasured.
            _ = launch(app, deck: file.url)
        }
        for run in 0..<runs {
            progress("open: run \(run + 1) of \(runs)…")
            for (index, file) in files.enumerated() {
                let timeline = launch(app, deck: file.url)
                if timeline.milliseconds[drawnMarker] == nil {
                    failures.append("open \(file.cards) \(file.format): no “\(drawnMarker)” within \(Int(launchTimeout)) s: \(timeline.log.suffix(400))")
                }
                launches[index, default: []].append(timeline)
            }
        }
        let results = files.enumerated().map { index, file in
            let timelines = launches[index] ?? []
            func median(_ marker: String) -> Double? {
                let times = timelines.compactMap { $0.milliseconds[marker] }
                return times.isEmpty ? nil : Statistics.median(times)
            }
            return DeckOpenResult(
                cards: file.cards, format: file.format,
                fileBytes: (try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int) ?? 0,
                drawn: timelines.compactMap { $0.milliseconds[drawnMarker] },
                drawnMedian: median(drawnMarker), firstFrameMedian: median(firstFrameMarker), loadingPageMedian: median(loadingMarker),
                peakRSSKiB: Int(Statistics.median(timelines.map { Double($0.peakRSSKiB) }))
            )
        }
        return (results, failures)
    }

    private static func launch(_ app: URL, deck: URL) -> ChildProcess.Timeline {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-open-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = ChildProcess.environment(renderer: "default", extra: [
            "CARDSTACK_TRACE": "1",
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "GSETTINGS_BACKEND": "memory",
        ])
        return ChildProcess.timeline(app, arguments: [deck.path], environment: environment,
                                     markers: [firstFrameMarker, loadingMarker, drawnMarker], timeout: launchTimeout, settle: memorySettle)
    }

    static func lines(_ results: [DeckOpenResult]) -> [String] {
        guard !results.isEmpty else { return [] }
        var lines = ["", "Opening a deck: spawn → first frame, loading page, deck drawn (ms, median), GL; peak RSS a second after the deck is drawn (median)"]
        lines.append("  " + ["cards", "format", "MB", "first", "loading", "drawn", "RSS MiB", "runs"].map { Report.pad($0, 9) }.joined(separator: " "))
        for result in results {
            lines.append("  " + [
                "\(result.cards)", result.format, String(format: "%.1f", Double(result.fileBytes) / 1e6),
                result.firstFrameMedian.map(Report.ms) ?? "–", result.loadingPageMedian.map(Report.ms) ?? "–",
                result.drawnMedian.map(Report.ms) ?? "–", "\(result.peakRSSKiB / 1_024)", result.drawn.map(Report.ms).joined(separator: ","),
            ].map { Report.pad($0, 9) }.joined(separator: " "))
        }
        return lines
    }

    /// The targets for big decks: drawn within 1.25 × the small one's time + 300 ms in either format, their
    /// peak RSS at most ``Targets/memoryGrowthMegabytes`` above the small one's; a million cards paint their
    /// loading page within 150 ms of the small deck's first frame and are drawn within 5 s.
    static func targets(_ results: [DeckOpenResult]) -> [TargetResult] {
        guard let small = results.first(where: { $0.cards == 10 }), let smallDrawn = small.drawnMedian else { return [] }
        let bigAllowance = 1.25 * smallDrawn + 300
        var targets: [TargetResult] = []
        let hundredThousands = results.filter { $0.cards > 10 && $0.cards < 1_000_000 }
        for result in hundredThousands {
            targets.append(TargetResult(
                name: "\(result.cards.formatted()) cards \(result.format.uppercased()): launch → deck drawn",
                measured: result.drawnMedian.map { "\(Report.ms($0)) ms" } ?? "–",
                target: "≤ 1.25 × \(Report.ms(smallDrawn)) + 300 = \(Report.ms(bigAllowance)) ms",
                met: result.drawnMedian.map { $0 <= bigAllowance }
            ))
        }
        for result in hundredThousands {
            let growth = Double(result.peakRSSKiB - small.peakRSSKiB) * 1_024 / 1_000_000
            targets.append(TargetResult(
                name: "\(result.cards.formatted()) cards \(result.format.uppercased()): peak RSS growth over 10 cards",
                measured: "\(Report.ms(growth)) MB (\(result.peakRSSKiB / 1_024) vs \(small.peakRSSKiB / 1_024) MiB)",
                target: "≤ \(Int(Targets.memoryGrowthMegabytes)) MB", met: result.peakRSSKiB > 0 && small.peakRSSKiB > 0 ? growth <= Targets.memoryGrowthMegabytes : nil
            ))
        }
        for result in results where result.cards >= 1_000_000 {
            // The big deck's first painted frame is its loading page (when it had one): how much later than the
            // small deck's first frame a person sees progress.
            let progressDelay = result.loadingPageMedian == nil ? nil
                : result.firstFrameMedian.flatMap { big in small.firstFrameMedian.map { big - $0 } }
            targets.append(TargetResult(
                name: "\(result.cards.formatted()) cards \(result.format.uppercased()): progress painted after small deck's frame",
                measured: progressDelay.map { "\(Report.ms($0)) ms" } ?? "no loading page",
                target: "≤ 150 ms", met: progressDelay.map { $0 <= 150 }
            ))
            targets.append(TargetResult(
                name: "\(result.cards.formatted()) cards \(result.format.uppercased()): launch → deck drawn",
                measured: result.drawnMedian.map { "\(Report.ms($0)) ms, peak RSS \(result.peakRSSKiB / 1_024) MiB" } ?? "–",
                target: "≤ 5000 ms", met: result.drawnMedian.map { $0 <= 5_000 }
            ))
        }
        return targets
    }
}
