// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Bursts, on the culling part's photos: the duel's key → next pair on screen, held to Geeqie's key → next photo;
/// and the time to the first photo of a folder of bursts, with grouping on against off.
extension CullingBenchmark {
    /// Frames in the duel's burst: fifteen choices a run, as the culling rows have fifteen presses.
    static let duelFrames = 16

    /// Key → the next frame on screen in the duel, ← each time (the left frame kept, the next one coming in on
    /// the right), for a burst of `frames` of `folder`'s photos, `runs` times.
    static func measureDuel(_ viewer: Viewer, photos: URL, frames: Int, runs: Int, probe: ScreenProbe) -> Result<[Double], Orchestrator.ChildFailure> {
        let folder = photos.deletingLastPathComponent().appendingPathComponent(photos.lastPathComponent + "-burst-\(frames)")
        let made = BenchPhotos.burstFolder(from: photos, sources: frames, count: frames, burstLength: frames, to: folder)
        if case .failure(let failure) = made { return .failure(failure) }
        var times: [Double] = []
        for _ in 0..<runs {
            let run: Result<[Double], Orchestrator.ChildFailure> = withViewer(viewer, folder: folder, probe: probe, first: nil) { _, trace in
                // The frames scored, the sharpest on top: the order the duel shows them in is final.
                guard trace.wait(for: "burst looks:", after: 0, timeout: 30) != nil, trace.wait(for: "front photo drawn", after: 0, timeout: 30) != nil else {
                    return .failure(.init(description: "duel: the burst was never scored"))
                }
                usleep(500_000)
                let mark = trace.count
                probe.press("Return")
                guard trace.wait(for: "duel: \(frames) frames", after: mark, timeout: 10) != nil, let order = trace.line(containing: "order ", after: mark)
                    .map({ $0.components(separatedBy: "order ").last?.split(separator: " ").compactMap { Int($0) } ?? [] }), order.count == frames
                else { return .failure(.init(description: "duel: it never opened on \(frames) frames")) }
                // The deck's cards are the files in name order, each a copy of the photo its name begins with.
                let colour = { (card: Int) in BenchPhotos.colour(card) }
                // The right frame: where its colour shows in the window's right half.
                let half = windowSize.width / 2
                var found: [(x: Int, y: Int)] = []
                let deadline = MonotonicClock.nanoseconds() + 10_000_000_000
                while found.count < 20, MonotonicClock.nanoseconds() < deadline {
                    usleep(50_000)
                    found = probe.points(near: colour(order[1]), x: half, y: 0, width: half, height: windowSize.height)
                }
                guard found.count >= 20 else { return .failure(.init(description: "duel: the right frame never showed")) }
                let xs = found.map(\.x).sorted()
                let ys = found.map(\.y).sorted()
                let point = (x: xs[xs.count / 2], y: ys[ys.count / 2])
                usleep(lookMicroseconds)
                var measured: [Double] = []
                for next in 2..<frames {
                    // Two frames of near colours can't be told apart at the probe: that press is not timed.
                    let tellsApart = !colour(order[next]).isNear(colour(order[next - 1]))
                    let start = MonotonicClock.nanoseconds()
                    probe.press("Left")
                    guard let milliseconds = probe.wait(for: colour(order[next]), x: point.x, y: point.y, from: start) else {
                        return .failure(.init(description: "duel: frame \(order[next]) never showed on the right"))
                    }
                    if tellsApart { measured.append(milliseconds) }
                    usleep(lookMicroseconds)
                }
                return .success(measured)
            }
            switch run {
            case .success(let measured): times += measured
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(times)
    }

    /// Launches of each side in the full run: one launch in a few is slowed by something outside the app, and the
    /// median of three moved by more than the fifth the target allows.
    static let burstOpenRuns = 7

    /// Launch → the front photo drawn, for a folder of `count` photos in bursts of five (hard to group: every photo
    /// near another, so each is looked at), with grouping on and off in turn, `runs` launches each, after one
    /// launch not counted.
    static func measureBurstOpen(_ viewer: Viewer, photos: URL, sources: Int, count: Int, runs: Int, probe: ScreenProbe)
        -> Result<(on: [Double], off: [Double]), Orchestrator.ChildFailure> {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-bursts-\(count)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        if case .failure(let failure) = BenchPhotos.burstFolder(from: photos, sources: sources, count: count, burstLength: 5, to: folder) {
            return .failure(failure)
        }
        // The folder is gigabytes written just now: written out before the launches, so the kernel's writeback
        // runs during none of them.
        sync()
        var on: [Double] = []
        var off: [Double] = []
        // Run -1 warms what the first launch alone would pay for (the app's binary and libraries, the folder's
        // listing) and is not counted.
        for run in -1..<(2 * runs) {
            var launched = viewer
            let grouping = run % 2 == 0
            if !grouping { launched.extraSettings = "bursts=false\n" }
            let start = MonotonicClock.nanoseconds()
            let measured: Result<Double, Orchestrator.ChildFailure> = withViewer(launched, folder: folder, probe: probe, first: nil) { _, trace in
                guard let drawn = trace.wait(for: "front photo drawn", after: 0, timeout: 60) else {
                    return .failure(.init(description: "bursts: the first photo was never drawn"))
                }
                if grouping, trace.wait(for: "capture order:", after: 0, timeout: 60) == nil {
                    return .failure(.init(description: "bursts: the photos were never grouped"))
                }
                return .success(MonotonicClock.milliseconds(from: start, to: drawn))
            }
            switch measured {
            case .success(let milliseconds):
                if run < 0 { continue }
                if grouping { on.append(milliseconds) } else { off.append(milliseconds) }
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success((on, off))
    }
}
