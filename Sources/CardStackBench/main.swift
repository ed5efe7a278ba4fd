// SPDX-License-Identifier: GPL-3.0-or-later
// `cardstack-bench`: frame cost, floor, scale, startup and core micro-benchmarks (see docs/performance.md).
//
// Run without a child option, it is the parent (`Parent/`): it times the core in process, starts the app and
// one measuring child per renderer, page and size (`Children/`, this binary again with `--child`), and prints
// the report. What both halves read and write, the options and a child's figures, is in `Shared/`.
import Foundation

/// Taken first thing, so the carousel child can time its own launch to its first frame.
let startNanoseconds = MonotonicClock.nanoseconds()

let status: Int32 = MainActor.assumeIsolated {
    let options: BenchOptions
    do {
        options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("cardstack-bench: \(error)\n".utf8))
        return 2
    }
    switch options.child {
    case .frames: return FrameBenchmark(options: options).run()
    case .piles: return PilesBenchmark(options: options).run()
    case .sheets: return SheetsBenchmark(options: options).run()
    case .carousel:
        return CarouselBenchmark(options: options, implementation: options.implementation, startNanoseconds: startNanoseconds).run()
    case nil: return Orchestrator.run(options)
    }
}
exit(status)
