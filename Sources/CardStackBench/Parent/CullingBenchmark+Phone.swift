// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A phone's folder: the culling part's photos with a video every eleventh card. Launch → the first card on
/// screen; key → next card with the videos among the photos, held to key → next photo of the same run; and peak
/// memory against the same photos without the videos, after the same presses.
extension CullingBenchmark {
    /// What the phone folder's measurements gave.
    struct PhoneFolderTimes {
        var firstCard: Double
        var nextCard: [Double]
        var peakRSSKiB: Int
        var photosAlonePeakRSSKiB: Int
    }

    /// Measures a folder of `cards` cards (``BenchPhotos/phoneFolder``) made of `photos`' `sources` photos and
    /// videos of `videoSize`, `presses` presses in, against the same folder without its videos.
    static func measurePhoneFolder(
        _ viewer: Viewer, photos: URL, sources: Int, cards: Int, presses: Int, videoSize: (width: Int, height: Int), cache: URL, probe: ScreenProbe
    ) -> Result<PhoneFolderTimes, Orchestrator.ChildFailure> {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-phone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        var peaks: [Int] = []
        var firstCard = 0.0
        var nextCard: [Double] = []
        for withVideos in [false, true] {
            let folder = base.appendingPathComponent(withVideos ? "Phone" : "Photos")
            let made = BenchPhotos.phoneFolder(photos: photos, sources: sources, count: cards, withVideos: withVideos, size: videoSize, cache: cache, to: folder)
            if case .failure(let failure) = made { return .failure(failure) }
            let shown = (0..<cards).filter { withVideos || !BenchPhotos.isVideo($0) }.map { BenchPhotos.colour($0 % sources) }
            let start = MonotonicClock.nanoseconds()
            let run: Result<Int, Orchestrator.ChildFailure> = withViewer(viewer, folder: folder, probe: probe, first: nil) { centre, trace in
                guard let drawn = trace.wait(for: "front photo drawn", after: 0, timeout: 30) else {
                    return .failure(.init(description: "phone folder: the first card was never drawn"))
                }
                if withVideos { firstCard = MonotonicClock.milliseconds(from: start, to: drawn) }
                guard probe.wait(for: shown[0], x: centre.x, y: centre.y, from: MonotonicClock.nanoseconds()) != nil else {
                    return .failure(.init(description: "phone folder: the first card's colour never showed at the window's centre"))
                }
                usleep(1_000_000)
                for index in 1...min(presses, shown.count - 1) {
                    let pressed = MonotonicClock.nanoseconds()
                    probe.press(viewer.nextKey)
                    guard let milliseconds = probe.wait(for: shown[index], x: centre.x, y: centre.y, from: pressed) else {
                        return .failure(.init(description: "phone folder: card \(index) never showed (\(withVideos ? "with" : "without") videos)"))
                    }
                    if withVideos { nextCard.append(milliseconds) }
                    usleep(lookMicroseconds)
                }
                usleep(1_000_000)
                return .success(MemoryUsage.peakResidentKiB(of: trace.pid))
            }
            switch run {
            case .success(let peak): peaks.append(peak)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(PhoneFolderTimes(firstCard: firstCard, nextCard: nextCard, peakRSSKiB: peaks[1], photosAlonePeakRSSKiB: peaks[0]))
    }
}
