// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Launch to the deck drawn, as a person opening a big deck sees it: `cardstack DECK` with decks the benchmark
/// writes, 10 cards against 100,000 and 1,000,000 in JSON and in CSV, and 1,000,000 as JSON Lines, and a folder of
/// 10 photos against 10,000 in 200 subfolders (`--recursive`, timed to the front photo drawn), launched in turn so
/// drift affects all alike.
///
/// Each launch is timed to three trace lines: the first frame painted (the deck, or the loading page of a deck
/// that takes a while), the loading page shown, and the first frame with the deck ("deck drawn"); the app's peak
/// RSS is read once it has settled (``memorySettle``). Fresh settings and data for every launch, as in `StartupBenchmark`.
enum DeckOpenBenchmark {
    static let firstFrameMarker = "cardstack: first frame; page "
    static let loadingMarker = "cardstack: loading page shown"
    static let drawnMarker = "cardstack: deck drawn: "
    static let photoMarker = "cardstack: front photo drawn"
    /// The last thing the app does after opening a deck: its three sheets built ahead, a second after the first
    /// frame (the front card's details read from its record among them).
    static let sheetsMarker = "cardstack: sheets prepared"
    /// The format name of a folder of photos opened with `--recursive`: 10 photos against 10,000 in 200 subfolders.
    static let photosFormat = "photos"
    static let photoFolders = 200
    /// Seconds to wait for a deck to be drawn before calling the launch failed.
    static let launchTimeout = 60.0
    /// Seconds after the sheets are prepared to read the peak RSS: what the app does once its first frame is
    /// painted (the window's icon, the Recent Decks menu, the cards ahead drawn in idle time, the sheets built
    /// ahead and the front card's record read for its details) has then run for every deck. Read at a fixed time
    /// after the deck was drawn instead, the growth compared a settled app with one not yet settled, or caught the
    /// sheets' work in one launch and not in the next.
    static let memorySettle = 1.0

    /// The decks measured: the small one every ratio is taken against, then the big ones.
    static func decks(quick: Bool) -> [(cards: Int, format: String)] {
        quick
            ? [(10, "json"), (10_000, "json"), (10_000, "csv"), (10_000, "jsonl")]
            : [(10, "json"), (100_000, "json"), (100_000, "csv"), (1_000_000, "json"), (1_000_000, "csv"), (1_000_000, "jsonl"),
               (10, photosFormat), (10_000, photosFormat)]
    }

    /// A folder of `count` photos spread over ``photoFolders`` subfolders (one folder for 10), hard links to the
    /// culling part's camera-sized photos, in capture order by name.
    private static func writePhotoFolder(count: Int, to folder: URL, quick: Bool, progress: (String) -> Void) throws {
        let cache = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build-bench/photos")
        let size = quick ? (width: 1_500, height: 1_000) : BenchPhotos.cameraSize
        let sources = 40
        guard case .success(let photos) = BenchPhotos.folder(count: sources, width: size.width, height: size.height, in: cache, progress: progress) else {
            throw CocoaError(.fileNoSuchFile)
        }
        let folders = count > 10 ? photoFolders : 1
        for index in 0..<count {
            let subfolder = folder.appendingPathComponent(String(format: "%03d", index % folders))
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
            let name = String(format: "IMG_%05d.jpg", index)
            guard link(photos.appendingPathComponent(BenchPhotos.name(index % sources)).path, subfolder.appendingPathComponent(name).path) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
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
                if format == photosFormat {
                    let photos = folder.appendingPathComponent("photos-\(cards)")
                    try writePhotoFolder(count: cards, to: photos, quick: quick, progress: progress)
                    files.append((cards, format, photos))
                    continue
                }
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
                peakRSSKiB: Int(Statistics.median(timelines.map { Double($0.peakRSSKiB) })), photoDrawnMedian: median(photoMarker)
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
        // A folder of photos opens with its subfolders.
        var isDirectory: ObjCBool = false
        let isFolder = FileManager.default.fileExists(atPath: deck.path, isDirectory: &isDirectory) && isDirectory.boolValue
        return ChildProcess.timeline(app, arguments: (isFolder ? ["--recursive"] : []) + [deck.path], environment: environment,
                                     markers: [firstFrameMarker, loadingMarker, drawnMarker] + (isFolder ? [photoMarker] : []) + [sheetsMarker],
                                     timeout: launchTimeout, settle: memorySettle)
    }

    static func lines(_ results: [DeckOpenResult]) -> [String] {
        guard !results.isEmpty else { return [] }
        var lines = ["", "Opening a deck: spawn → first frame, loading page, deck drawn (ms, median), GL; peak RSS a second after its sheets are prepared (median)"]
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
        var targets = photoTargets(results)
        let results = results.filter { $0.format != photosFormat }
        guard let small = results.first(where: { $0.cards == 10 }), let smallDrawn = small.drawnMedian else { return targets }
        let bigAllowance = 1.25 * smallDrawn + 300
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

    /// 10,000 photos in 200 subfolders: the front photo on screen within a second of the launch, and peak RSS at
    /// most 150 MB above a folder of 10.
    private static func photoTargets(_ results: [DeckOpenResult]) -> [TargetResult] {
        let photos = results.filter { $0.format == photosFormat }
        guard let small = photos.first(where: { $0.cards == 10 }), let big = photos.first(where: { $0.cards > 10 }) else { return [] }
        let growth = Double(big.peakRSSKiB - small.peakRSSKiB) * 1_024 / 1_000_000
        return [
            TargetResult(name: "\(big.cards.formatted()) photos in \(photoFolders) folders: launch → front photo drawn",
                         measured: big.photoDrawnMedian.map { "\(Report.ms($0)) ms (10 photos: \(small.photoDrawnMedian.map(Report.ms) ?? "–") ms)" } ?? "–",
                         target: "≤ 1000 ms", met: big.photoDrawnMedian.map { $0 <= 1_000 }),
            TargetResult(name: "\(big.cards.formatted()) photos in \(photoFolders) folders: peak RSS growth over 10 photos",
                         measured: "\(Report.ms(growth)) MB (\(big.peakRSSKiB / 1_024) vs \(small.peakRSSKiB / 1_024) MiB)",
                         target: "≤ 150 MB", met: big.peakRSSKiB > 0 && small.peakRSSKiB > 0 ? growth <= 150 : nil),
        ]
    }
}
