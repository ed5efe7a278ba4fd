// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The stacked sheets with a short, a long and a long Markdown Card details body in one run: the report's section
/// and the sheets' targets (p95 within 1.5 × the floor, a 1 MB Markdown body's too; a 10,000-line body drags at
/// the cost of a short one).
enum SheetsComparison {
    /// Body lengths in lines, and whether the body is Markdown; quick mode runs the Markdown body alone, whose
    /// view takes every path a plain one takes.
    static func bodies(quick: Bool) -> [(lines: Int, markdown: Bool)] {
        quick ? BenchOptions.quickSizes.map { ($0, true) } : [(10, false), (10_000, false), (10_000, true)]
    }

    static func run(options: BenchOptions, progress: (String) -> Void) -> (runs: [SheetsRunResult], failures: [String]) {
        ChildRun.gather(bodies(quick: options.quick).map { body in
            (["--child", "sheets", "--cards", "\(body.lines)"] + (body.markdown ? ["--markdown"] : []),
             "sheets \(body.lines)\(body.markdown ? " markdown" : "")",
             "sheets: a details body of \(body.lines) lines\(body.markdown ? " of Markdown" : "")…")
        }, quick: options.quick, progress: progress)
    }

    static func lines(_ runs: [SheetsRunResult]) -> [String] {
        guard !runs.isEmpty else { return [] }
        var lines = ["", "Sheets over the Deck page, \(ChildRun.pageWindowName) window, GL: frames (ms) by the details body's length"]
        // The scenario's name is as wide as the longest ("open + close three, first"), left-aligned.
        let widths = [8, 10, 26, 8, 10, 10, 8]
        func row(_ cells: [String]) -> String {
            "  " + zip(cells, widths).enumerated().map { Report.pad($1.0, $1.1, right: $0 != 2) }.joined(separator: " ")
        }
        lines.append(row(["lines", "floor95", "scenario", "frames", "p50", "p95", "p95/fl"]))
        for run in runs.sorted(by: { ($0.bodyLines, $0.markdown == true ? 1 : 0) < ($1.bodyLines, $1.markdown == true ? 1 : 0) }) {
            for scenario in run.scenarios {
                lines.append(row([
                    run.name, Report.ms(run.floor.p95), scenario.name.replacingOccurrences(of: "sheets: ", with: ""),
                    "\(scenario.frame.count)", Report.ms(scenario.frame.p50), Report.ms(scenario.frame.p95),
                    Report.ratio(scenario.frame.p95 / max(run.floor.p95, .ulpOfOne)),
                ]))
            }
        }
        return lines
    }

    static func targets(_ runs: [SheetsRunResult]) -> [TargetResult] {
        var targets: [TargetResult] = []
        guard !runs.isEmpty else { return targets }
        // The first opening in a process too: the frame a person meets the first time they press Enter.
        for name in [SheetsBenchmark.coldLabel] + SheetsBenchmark.scenarios {
            let ratios = runs.compactMap { run in
                run.scenarios.first { $0.name == name }.map { (run.name, $0.frame.p95 / max(run.floor.p95, .ulpOfOne)) }
            }
            if let worst = ratios.max(by: { $0.1 < $1.1 }) {
                targets.append(TargetResult(
                    name: "\(name): p95 ≤ 1.5 × floor", measured: "\(Report.ratio(worst.1)) (worst: \(worst.0) lines)",
                    target: "≤ 1.5", met: worst.1 <= Targets.floorRatio
                ))
            }
        }
        // The cost of length alone: plain bodies.
        let plain = runs.filter { $0.markdown != true }
        if let short = plain.min(by: { $0.bodyLines < $1.bodyLines }), let long = plain.max(by: { $0.bodyLines < $1.bodyLines }),
           long.bodyLines > short.bodyLines,
           let big = long.scenarios.first(where: { $0.name == SheetsBenchmark.dragLabel }),
           let little = short.scenarios.first(where: { $0.name == SheetsBenchmark.dragLabel }), little.frame.p50 > 0 {
            let ratio = Targets.costRatio(large: big.frame, largeFloor: long.floor, small: little.frame, smallFloor: short.floor)
            targets.append(TargetResult(
                name: "\(SheetsBenchmark.dragLabel): cost ÷ own floor \(long.bodyLines) : \(short.bodyLines) lines", measured: Report.ratio(ratio),
                target: "≤ 1.1", met: ratio <= Targets.scaleRatio
            ))
        }
        return targets
    }
}
