// SPDX-License-Identifier: GPL-3.0-or-later
// `cardstack-bench`: frame cost, floor, scale, startup and core micro-benchmarks (see docs/performance.md).
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
