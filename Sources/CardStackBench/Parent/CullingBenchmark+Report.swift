// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The culling part's lines in the report and its targets.
extension CullingBenchmark {
    static func lines(_ result: CullingResult?) -> [String] {
        guard let result else { return [] }
        var lines = ["", "Culling \(result.photoWidth) × \(result.photoHeight) JPEGs: key → next photo on screen (ms)"]
        // The first column fits the longest row name ("CardStack, camera card").
        func row(_ cells: [String]) -> String {
            "  " + ([Report.pad(cells[0], 24)] + cells.dropFirst().map { Report.pad($0, 14) }).joined(separator: " ")
        }
        lines.append(row(["app", "p50", "p95", "max", "presses"]))
        for viewer in result.viewers {
            let sorted = viewer.milliseconds.sorted()
            lines.append(row([viewer.name, sorted.isEmpty ? "–" : Report.ms(Statistics.percentile(0.5, ofSorted: sorted)),
                              sorted.isEmpty ? "–" : Report.ms(Statistics.percentile(0.95, ofSorted: sorted)),
                              sorted.last.map(Report.ms) ?? "–", "\(sorted.count)"]))
        }
        if let gap = result.heldLongestGap {
            lines.append("  held arrow at 8/s: longest time with no photo on screen \(Report.ms(gap)) ms; last photo shown: \(result.heldShown == true ? "yes" : "no")")
        }
        if !result.zoomFull.isEmpty {
            let sorted = result.zoomFull.sorted()
            lines.append("  Z → 100 % picture decoded: p50 \(Report.ms(Statistics.percentile(0.5, ofSorted: sorted))) ms, p95 \(Report.ms(Statistics.percentile(0.95, ofSorted: sorted))) ms")
        }
        if !result.duel.isEmpty {
            let sorted = result.duel.sorted()
            lines.append("  duel, ← → next frame on screen: p50 \(Report.ms(Statistics.percentile(0.5, ofSorted: sorted))) ms, "
                + "p95 \(Report.ms(Statistics.percentile(0.95, ofSorted: sorted))) ms, \(sorted.count) presses")
        }
        if !result.burstOpenOn.isEmpty, !result.burstOpenOff.isEmpty {
            lines.append("  \(result.burstOpenCount) photos in bursts, launch → first photo (median): grouping on "
                + "\(Report.ms(Statistics.median(result.burstOpenOn))) ms, off \(Report.ms(Statistics.median(result.burstOpenOff))) ms")
        }
        if let first = result.phoneFirstCard, !result.phoneNext.isEmpty {
            let sorted = result.phoneNext.sorted()
            lines.append("  phone folder, \(result.phoneCards - result.phoneVideos) photos and \(result.phoneVideos) videos: launch → first card \(Report.ms(first)) ms; "
                + "key → next card p50 \(Report.ms(Statistics.percentile(0.5, ofSorted: sorted))) ms, p95 \(Report.ms(Statistics.percentile(0.95, ofSorted: sorted))) ms, "
                + "\(sorted.count) presses; peak RSS \(result.phonePeakRSSKiB / 1_024) MiB, photos alone \(result.phonePhotosPeakRSSKiB / 1_024) MiB")
        }
        if result.peakRSSSmallKiB > 0 {
            lines.append("  peak RSS: 10 photos \(result.peakRSSSmallKiB / 1_024) MiB, many photos \(result.peakRSSLargeKiB / 1_024) MiB")
        }
        return lines
    }

    /// Key → next photo p95 within 1.2 × Geeqie's (in a window and in full screen) and ⅓ of Eye of GNOME's; RAWs
    /// and pairs within 3 × Geeqie's and ⅓ of Eye of GNOME's; the held arrow never leaves the screen
    /// without a photo for more than 100 ms; Z → 100 % p95 ≤ 300 ms; 2,000 photos within 150 MB of 10; the duel's
    /// next pair within 1.5 × Geeqie's next photo; grouping 2,000 photos adds at most a fifth to the first photo; a
    /// phone's folder shows its first card within a second, its next card (videos among the photos) within 1.5 ×
    /// the next photo, and holds at most 100 MB more than its photos alone.
    static func targets(_ result: CullingResult?) -> [TargetResult] {
        guard let result else { return [] }
        func p95(_ name: String) -> Double? {
            result.viewers.first { $0.name == name }.flatMap { $0.milliseconds.isEmpty ? nil : Statistics.percentile(0.95, ofSorted: $0.milliseconds.sorted()) }
        }
        var targets: [TargetResult] = []
        let ours = p95("CardStack")
        // The photo is the page (1,151 px wide at 1280 × 860): as fast as Geeqie, within a fifth.
        if let geeqie = p95("Geeqie") {
            targets.append(TargetResult(name: "culling: key → next photo p95 vs Geeqie", measured: ours.map { "\(Report.ms($0)) ms" } ?? "–",
                                        target: "≤ 1.2 × \(Report.ms(geeqie)) = \(Report.ms(1.2 * geeqie)) ms", met: ours.map { $0 <= 1.2 * geeqie }))
        }
        if let geeqie = p95(fullScreenLabel("Geeqie")) {
            let full = p95(fullScreenLabel("CardStack"))
            targets.append(TargetResult(name: "culling: key → next photo p95 vs Geeqie, both in full screen", measured: full.map { "\(Report.ms($0)) ms" } ?? "–",
                                        target: "≤ 1.2 × \(Report.ms(geeqie)) = \(Report.ms(1.2 * geeqie)) ms", met: full.map { $0 <= 1.2 * geeqie }))
        }
        if let eog = p95("Eye of GNOME") {
            targets.append(TargetResult(name: "culling: key → next photo p95 vs Eye of GNOME", measured: ours.map { "\(Report.ms($0)) ms" } ?? "–",
                                        target: "≤ ⅓ × \(Report.ms(eog)) = \(Report.ms(eog / 3)) ms", met: ours.map { $0 <= eog / 3 }))
        }
        // RAWs and a camera card's pairs are held to the JPEG folder's limit (the peers show no RAW).
        for (label, what) in [(rawLabel, "RAW"), (cardLabel, "pair on a camera card")] {
            if let ours = p95(label), let geeqie = p95("Geeqie"), let eog = p95("Eye of GNOME") {
                let limit = min(3 * geeqie, eog / 3)
                targets.append(TargetResult(name: "culling: key → next \(what) p95, same limit", measured: "\(Report.ms(ours)) ms",
                                            target: "≤ \(Report.ms(limit)) ms", met: ours <= limit))
            }
        }
        if let gap = result.heldLongestGap {
            targets.append(TargetResult(name: "culling: arrow held at 8/s, longest time without a photo", measured: "\(Report.ms(gap)) ms",
                                        target: "≤ 100 ms, last photo shown", met: gap <= 100 && result.heldShown == true))
        }
        if !result.zoomFull.isEmpty {
            let p95 = Statistics.percentile(0.95, ofSorted: result.zoomFull.sorted())
            targets.append(TargetResult(name: "culling: Z → 100 % picture decoded, p95", measured: "\(Report.ms(p95)) ms", target: "≤ 300 ms", met: p95 <= 300))
        }
        // A duel's next pair comes as fast as a viewer's next photo, within half as long again: it decodes one
        // new frame, at half the width.
        if !result.duel.isEmpty, let geeqie = p95("Geeqie") {
            let duel = Statistics.percentile(0.95, ofSorted: result.duel.sorted())
            targets.append(TargetResult(name: "bursts: duel key → next pair p95 vs Geeqie's next photo", measured: "\(Report.ms(duel)) ms",
                                        target: "≤ 1.5 × \(Report.ms(geeqie)) = \(Report.ms(1.5 * geeqie)) ms", met: duel <= 1.5 * geeqie))
        }
        if !result.burstOpenOn.isEmpty, !result.burstOpenOff.isEmpty {
            let (on, off) = (Statistics.median(result.burstOpenOn), Statistics.median(result.burstOpenOff))
            targets.append(TargetResult(name: "bursts: grouping \(result.burstOpenCount) photos, first photo", measured: "\(Report.ms(on)) ms",
                                        target: "≤ 1.2 × \(Report.ms(off)) = \(Report.ms(1.2 * off)) ms", met: on <= 1.2 * off))
        }
        if let first = result.phoneFirstCard, !result.phoneNext.isEmpty {
            targets.append(TargetResult(name: "phone folder: launch → first card", measured: "\(Report.ms(first)) ms", target: "≤ 1000 ms", met: first <= 1_000))
            let next = Statistics.percentile(0.95, ofSorted: result.phoneNext.sorted())
            if let ours {
                targets.append(TargetResult(name: "phone folder: key → next card p95 vs next photo", measured: "\(Report.ms(next)) ms",
                                            target: "≤ 1.5 × \(Report.ms(ours)) = \(Report.ms(1.5 * ours)) ms", met: next <= 1.5 * ours))
            }
            let growth = Double(result.phonePeakRSSKiB - result.phonePhotosPeakRSSKiB) * 1_024 / 1_000_000
            targets.append(TargetResult(name: "phone folder: peak RSS over its photos alone", measured: "\(Report.ms(growth)) MB", target: "≤ 100 MB",
                                        met: growth <= 100))
        }
        if result.peakRSSSmallKiB > 0, result.peakRSSLargeKiB > 0 {
            let growth = Double(result.peakRSSLargeKiB - result.peakRSSSmallKiB) * 1_024 / 1_000_000
            targets.append(TargetResult(name: "culling: peak RSS, many photos over 10", measured: "\(Report.ms(growth)) MB", target: "≤ 150 MB", met: growth <= 150))
        }
        return targets
    }
}
