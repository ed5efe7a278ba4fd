// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The parent run: micro-benchmarks in process, frames in one child per renderer and deck size, startup by
/// launching the app; then the table on stdout and the JSON file.
enum Orchestrator {
    static func run(_ options: BenchOptions) -> Int32 {
        var failures: [String] = []
        let date = ISO8601DateFormatter().string(from: Date())
        progress("cardstack-bench\(options.quick ? " (quick)" : ""): \(MachineInfo.current.processors) cores, \(MachineInfo.current.cpuModel)")
        // Held to the end of the run: the children's windows are measured as under a desktop's window manager.
        let standIn = StandInWindowManager.announceIfNone()
        let windowManager = standIn != nil ? "stand-in announced by the benchmark (the X server had none)" : "the display's own, if any"

        var micro: [MicroResult] = []
        if !options.skipMicro {
            progress("micro-benchmarks…")
            micro = MicroBenchmarks.run(options.quick ? .quick : .full)
            progress("replaying an event log…")
            if let replay = ReplayBenchmark.run(quick: options.quick, rounds: options.quick ? 1 : 5) { micro.append(replay) }
            progress("bringing files back from the trash…")
            micro += TrashBenchmark.run(quick: options.quick)
        }

        var decks: [DeckRunResult] = []
        if !options.skipFrames {
            for renderer in options.effectiveRenderers {
                for size in options.effectiveSizes {
                    progress("frames: renderer \(renderer), \(size) cards, \(options.effectiveRepeats) repeats…")
                    switch frames(renderer: renderer, cards: size, options: options) {
                    case .success(let result):
                        decks.append(result)
                        failures += result.failures.map { "\(renderer) \(size) cards: \($0)" }
                    case .failure(let failure):
                        failures.append("\(renderer) \(size) cards: \(failure.description)")
                    }
                }
            }
        }

        var carousels: [CarouselRunResult] = []
        if !options.skipCarousel {
            let comparison = CarouselComparison.run(options: options, progress: progress)
            carousels = comparison.runs
            failures += comparison.failures
        }
        var piles: [PilesRunResult] = []
        if !options.skipPiles {
            let measured = PilesComparison.run(options: options, progress: progress)
            piles = measured.runs
            failures += measured.failures
        }
        var sheets: [SheetsRunResult] = []
        if !options.skipSheets {
            let measured = SheetsComparison.run(options: options, progress: progress)
            sheets = measured.runs
            failures += measured.failures
        }
        let app = options.appPath.map { URL(fileURLWithPath: $0) }
            ?? ChildProcess.selfExecutable.deletingLastPathComponent().appendingPathComponent("cardstack")
        var opens: [DeckOpenResult] = []
        if !options.skipOpen {
            if FileManager.default.isExecutableFile(atPath: app.path) {
                let measured = DeckOpenBenchmark.run(app: app, runs: options.effectiveStartupRuns, quick: options.quick, progress: progress)
                opens = measured.results
                failures += measured.failures
            } else {
                failures.append("open: no app binary at \(app.path) (build the cardstack product next to the benchmark)")
            }
        }
        var culling: CullingResult?
        if !options.skipCulling {
            if FileManager.default.isExecutableFile(atPath: app.path) {
                let measured = CullingBenchmark.run(app: app, quick: options.quick, progress: progress)
                culling = measured.result
                failures += measured.failures
            } else {
                failures.append("culling: no app binary at \(app.path) (build the cardstack product next to the benchmark)")
            }
        }
        var startup: [StartupResult] = []
        if !options.skipStartup {
            let cWindow = ChildProcess.selfExecutable.deletingLastPathComponent().appendingPathComponent("cardstack-bare-window")
            if !FileManager.default.isExecutableFile(atPath: app.path) {
                failures.append("startup: no app binary at \(app.path) (build the cardstack product next to the benchmark)")
            } else if !FileManager.default.isExecutableFile(atPath: cWindow.path) {
                failures.append("startup: no C bare window at \(cWindow.path) (build the cardstack-bare-window product next to the benchmark)")
            } else {
                for renderer in options.effectiveStartupRenderers {
                    progress("startup: renderer \(renderer), \(options.effectiveStartupRuns) runs each…")
                    let result = StartupBenchmark.run(app: app, cWindow: cWindow, renderer: renderer, runs: options.effectiveStartupRuns)
                    startup.append(result)
                    failures += result.failures.map { "startup \(renderer): \($0)" }
                }
            }
        }

        let results = BenchResults(
            date: date,
            command: CommandLine.arguments.joined(separator: " "),
            quick: options.quick,
            machine: .current,
            windowManager: windowManager,
            micro: micro,
            decks: decks,
            startup: startup,
            carousels: carousels,
            piles: piles,
            sheets: sheets,
            opens: opens,
            culling: culling,
            targets: Targets.evaluate(decks: decks, startup: startup, micro: micro) + CarouselComparison.targets(carousels)
                + PilesComparison.targets(piles) + SheetsComparison.targets(sheets) + DeckOpenBenchmark.targets(opens)
                + CullingBenchmark.targets(culling),
            failures: failures
        )
        print(Report.table(results))
        do {
            try Report.write(results, to: options.effectiveOutput)
            print("\nresults: \(options.effectiveOutput)")
        } catch {
            FileHandle.standardError.write(Data("cardstack-bench: cannot write \(options.effectiveOutput): \(error)\n".utf8))
            return 1
        }
        withExtendedLifetime(standIn) {}
        return failures.isEmpty ? 0 : 1
    }

    struct ChildFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func frames(renderer: String, cards: Int, options: BenchOptions) -> Result<DeckRunResult, ChildFailure> {
        ChildRun.spawn(
            ["--child", "frames", "--cards", "\(cards)", "--repeats", "\(options.effectiveRepeats)"],
            label: "\(renderer)-\(cards)", renderer: renderer, quick: options.quick
        )
    }

    /// A progress line on stderr, so stdout holds only the report.
    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }
}
