// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Culling photos at a photographer's pace, CardStack beside Geeqie and Eye of GNOME on the same camera-sized
/// photos (``BenchPhotos``): a key press, then one screen pixel read through X until the next photo's colour
/// shows; CardStack also on the same photos as camera RAWs, and as RAW+JPEG pairs in a camera card's
/// `DCIM/1xxBENCH` folders opened with `--recursive`. Then CardStack alone: an arrow held at 8 presses a second
/// through 40 photos (the longest time the screen showed no photo), Z until the 100 % picture is decoded, and peak
/// memory with 2,000 photos against 10.
///
/// Each app gets a fresh home, a 1280 × 860 window and keyboard focus; the key is each app's own "next photo"
/// (Right in CardStack, which keeps the photo, and Eye of GNOME; Space in Geeqie).
enum CullingBenchmark {
    /// An app that shows photos, as measured.
    struct Viewer {
        var name: String
        var executable: URL
        var arguments: (URL) -> [String]
        var nextKey: String
        var extraEnvironment: [String: String] = [:]
        /// Lines added to CardStack's settings (`bursts=false`).
        var extraSettings = ""
        /// The key that puts the viewer in full screen, for the full-screen rows.
        var fullScreenKey: String?
    }

    /// The label of a viewer's full-screen row.
    static func fullScreenLabel(_ name: String) -> String { "\(name), full screen" }

    static let windowSize = (width: 1_280, height: 860)
    /// The row of CardStack on the same photos as RAW files.
    static let rawLabel = "CardStack, RAW"
    /// The row of CardStack on the same photos as RAW+JPEG pairs in a camera card's folders, opened with
    /// `--recursive`.
    static let cardLabel = "CardStack, camera card"
    /// After a photo shows, the pause before the next press: a photographer's look, and time for every app to
    /// finish moving and to read ahead.
    static let lookMicroseconds: useconds_t = 350_000
    /// An arrow held down repeats this often (8 a second).
    static let heldKeyInterval = 0.125

    static func run(app: URL, quick: Bool, progress: (String) -> Void) -> (result: CullingResult?, failures: [String]) {
        guard let probe = ScreenProbe() else { return (nil, ["culling: no X display with XTEST to probe"]) }
        let cache = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build-bench/photos")
        let size = quick ? (width: 1_500, height: 1_000) : BenchPhotos.cameraSize
        let count = quick ? 6 : 40
        let folder: URL
        switch BenchPhotos.folder(count: count, width: size.width, height: size.height, in: cache, progress: progress) {
        case .success(let made): folder = made
        case .failure(let failure): return (nil, [failure.description])
        }
        var failures: [String] = []
        var result = CullingResult(photoWidth: size.width, photoHeight: size.height, viewers: [], heldLongestGap: nil, heldShown: nil,
                                   zoomFull: [], peakRSSSmallKiB: 0, peakRSSLargeKiB: 0)
        // Sixteen photos a run: fifteen presses, two runs an app.
        let presses = quick ? count - 1 : 15
        let runs = quick ? 1 : 2
        var viewers = [Viewer(name: "CardStack", executable: app, arguments: { [$0.path] }, nextKey: "Right", fullScreenKey: "F11")]
        if !quick {
            for (name, path, key, full) in [("Geeqie", "/usr/bin/geeqie", "space", "f"), ("Eye of GNOME", "/usr/bin/eog", "Right", "F11")] {
                if FileManager.default.isExecutableFile(atPath: path) {
                    viewers.append(Viewer(name: name, executable: URL(fileURLWithPath: path),
                                          arguments: { [$0.appendingPathComponent(BenchPhotos.name(0)).path] }, nextKey: key, fullScreenKey: full))
                } else {
                    failures.append("culling: \(name) is not installed (\(path)); make bench installs it")
                }
            }
        }
        // The same photos as camera RAWs, for CardStack alone (Geeqie and Eye of GNOME show no RAW).
        var runsOn: [(viewer: Viewer, folder: URL, label: String)] = viewers.map { ($0, folder, $0.name) }
        switch BenchPhotos.rawFolder(from: folder, count: count) {
        case .success(let raws):
            runsOn.insert((viewers[0], raws, rawLabel), at: 1)
            switch BenchPhotos.cameraCard(jpegs: folder, raws: raws, count: count) {
            case .success(let card):
                var recursive = viewers[0]
                recursive.arguments = { ["--recursive", $0.path] }
                runsOn.insert((recursive, card, cardLabel), at: 2)
            case .failure(let failure): failures.append(failure.description)
            }
        case .failure(let failure): failures.append(failure.description)
        }
        for (viewer, photos, label) in runsOn {
            var times: [Double] = []
            for run in 0..<runs {
                progress("culling: \(label), run \(run + 1) of \(runs), \(presses) presses…")
                switch measureNextPhoto(viewer, folder: photos, presses: presses, probe: probe) {
                case .success(let measured): times += measured
                case .failure(let failure): failures.append("culling \(label): \(failure.description)")
                }
            }
            result.viewers.append(CullingResult.ViewerTimes(name: label, milliseconds: times))
        }
        if let cardstack = viewers.first {
            progress("culling: CardStack, an arrow held at 8 a second through \(count - 1) photos…")
            switch measureHeldKey(cardstack, folder: folder, presses: count - 1, probe: probe) {
            case .success(let held): (result.heldLongestGap, result.heldShown) = (held.longestGap, held.shown)
            case .failure(let failure): failures.append("culling held key: \(failure.description)")
            }
            progress("culling: CardStack, Z to the 100 % picture…")
            switch measureZoom(cardstack, folder: folder, presses: quick ? 2 : 10, probe: probe) {
            case .success(let times): result.zoomFull = times
            case .failure(let failure): failures.append("culling zoom: \(failure.description)")
            }
            progress("culling: CardStack, a duel of \(quick ? 6 : duelFrames) frames, ← \(quick ? 4 : duelFrames - 2) times…")
            switch measureDuel(cardstack, photos: folder, frames: quick ? 6 : duelFrames, runs: runs, probe: probe) {
            case .success(let times): result.duel = times
            case .failure(let failure): failures.append("culling duel: \(failure.description)")
            }
            result.burstOpenCount = quick ? 60 : 2_000
            progress("culling: CardStack, \(result.burstOpenCount) photos in bursts to the first photo, grouping on and off…")
            switch measureBurstOpen(cardstack, photos: folder, sources: count, count: result.burstOpenCount, runs: quick ? 1 : burstOpenRuns, probe: probe) {
            case .success(let times): (result.burstOpenOn, result.burstOpenOff) = times
            case .failure(let failure): failures.append("culling bursts: \(failure.description)")
            }
            progress("culling: CardStack, peak memory with 10 and \(quick ? 50 : 2_000) photos…")
            switch measureMemory(cardstack, source: folder, count: count, smallCount: 10, largeCount: quick ? 50 : 2_000, probe: probe) {
            case .success(let peaks): (result.peakRSSSmallKiB, result.peakRSSLargeKiB) = peaks
            case .failure(let failure): failures.append("culling memory: \(failure.description)")
            }
            let (cards, videoSize) = quick ? (60, (width: 320, height: 180)) : (550, BenchPhotos.videoSize)
            result.phoneCards = cards
            result.phoneVideos = (0..<cards).filter(BenchPhotos.isVideo).count
            progress("culling: CardStack, a phone's folder of \(cards - result.phoneVideos) photos and \(result.phoneVideos) videos…")
            switch measurePhoneFolder(cardstack, photos: folder, sources: count, cards: cards, presses: quick ? 12 : 44, videoSize: videoSize,
                                      cache: cache, probe: probe) {
            case .success(let phone):
                (result.phoneFirstCard, result.phoneNext) = (phone.firstCard, phone.nextCard)
                (result.phonePeakRSSKiB, result.phonePhotosPeakRSSKiB) = (phone.peakRSSKiB, phone.photosAlonePeakRSSKiB)
            case .failure(let failure): failures.append("culling phone folder: \(failure.description)")
            }
        }
        // Full screen, CardStack beside Geeqie, under a window manager (mutter, started for these runs only: a
        // full screen is the window manager's to give, and its compositing would weigh on every other part).
        if !quick, let geeqie = viewers.first(where: { $0.name == "Geeqie" }) {
            switch MutterWindowManager.start() {
            case .success(let manager):
                for viewer in [viewers[0], geeqie] {
                    var times: [Double] = []
                    for run in 0..<runs {
                        progress("culling: \(fullScreenLabel(viewer.name)), run \(run + 1) of \(runs), \(presses) presses…")
                        switch measureNextPhoto(viewer, folder: folder, presses: presses, probe: probe, fullScreen: true) {
                        case .success(let measured): times += measured
                        case .failure(let failure): failures.append("culling \(fullScreenLabel(viewer.name)): \(failure.description)")
                        }
                    }
                    result.viewers.append(CullingResult.ViewerTimes(name: fullScreenLabel(viewer.name), milliseconds: times))
                }
                manager.stop()
            case .failure(let failure): failures.append("culling full screen: \(failure.description)")
            }
        }
        return (result, failures)
    }

    // MARK: Measurements

    /// Key → the next photo's colour at the probe point, for `presses` photos in a row.
    private static func measureNextPhoto(
        _ viewer: Viewer, folder: URL, presses: Int, probe: ScreenProbe, fullScreen: Bool = false
    ) -> Result<[Double], Orchestrator.ChildFailure> {
        withViewer(viewer, folder: folder, probe: probe, fullScreen: fullScreen) { point, _ in
            var times: [Double] = []
            for index in 1...presses {
                let start = MonotonicClock.nanoseconds()
                probe.press(viewer.nextKey)
                guard let milliseconds = probe.wait(for: BenchPhotos.colour(index), x: point.x, y: point.y, from: start) else {
                    return .failure(.init(description: "photo \(index) never showed (the probe saw \(probe.colour(x: point.x, y: point.y).map(String.init(describing:)) ?? "nothing"))"))
                }
                times.append(milliseconds)
                usleep(lookMicroseconds)
            }
            return .success(times)
        }
    }

    /// Presses at 8 a second through `presses` photos, reading the probe every millisecond meanwhile: the longest
    /// stretch in which it showed no photo at all (a placeholder, or the leaving card's edge), and whether the
    /// last photo was on screen at the end.
    private static func measureHeldKey(_ viewer: Viewer, folder: URL, presses: Int, probe: ScreenProbe) -> Result<(longestGap: Double, shown: Bool), Orchestrator.ChildFailure> {
        withViewer(viewer, folder: folder, probe: probe) { point in
            let colours = (0...presses).map(BenchPhotos.colour)
            let start = MonotonicClock.nanoseconds()
            var pressed = 0
            var gapStart: Int64?
            var longest = 0.0
            let end = start + Int64((Double(presses) * heldKeyInterval + 1.5) * 1e9)
            while MonotonicClock.nanoseconds() < end {
                let now = MonotonicClock.nanoseconds()
                if pressed < presses, now >= start + Int64(Double(pressed) * heldKeyInterval * 1e9) {
                    probe.press(viewer.nextKey)
                    pressed += 1
                }
                let seen = probe.colour(x: point.x, y: point.y)
                if let seen, colours.contains(where: { seen.isNear($0) }) {
                    if let gap = gapStart { longest = max(longest, MonotonicClock.milliseconds(from: gap, to: now)) }
                    gapStart = nil
                } else if gapStart == nil {
                    gapStart = now
                }
                usleep(1_000)
            }
            let last = probe.colour(x: point.x, y: point.y)
            return .success((longest, last.map { $0.isNear(colours[presses]) } ?? false))
        }
    }

    /// Z on each photo until the trace says the full-size picture is decoded, then Escape and the next photo.
    private static func measureZoom(_ viewer: Viewer, folder: URL, presses: Int, probe: ScreenProbe) -> Result<[Double], Orchestrator.ChildFailure> {
        withViewer(viewer, folder: folder, probe: probe) { point, trace in
            var times: [Double] = []
            for index in 0..<presses {
                let mark = trace.count
                let start = MonotonicClock.nanoseconds()
                probe.press("z")
                guard let arrived = trace.wait(for: "zoom: full picture", after: mark, timeout: 10) else {
                    return .failure(.init(description: "no full picture for photo \(index) within 10 s"))
                }
                times.append(MonotonicClock.milliseconds(from: start, to: arrived))
                probe.press("Escape")
                usleep(600_000)
                probe.press(viewer.nextKey)
                _ = probe.wait(for: BenchPhotos.colour(index + 1), x: point.x, y: point.y, from: MonotonicClock.nanoseconds())
                usleep(lookMicroseconds)
            }
            return .success(times)
        }
    }

    /// Peak RSS after as many photos at 8 a second as the small folder has, in a folder of `smallCount` photos
    /// and in one of `largeCount` (hard links to the made ones: distinct files to the app, no disk for the bench).
    private static func measureMemory(
        _ viewer: Viewer, source: URL, count: Int, smallCount: Int, largeCount: Int, probe: ScreenProbe
    ) -> Result<(Int, Int), Orchestrator.ChildFailure> {
        var peaks: [Int] = []
        for total in [smallCount, largeCount] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-culling-\(total)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<total {
                // Each name keeps its colour's place in the order, so the probe still tells them apart.
                let original = source.appendingPathComponent(BenchPhotos.name(index % count))
                link(original.path, folder.appendingPathComponent(String(format: "photo-%03d-%05d.jpg", index % count, index / count)).path)
            }
            let outcome: Result<Int, Orchestrator.ChildFailure> = withViewer(viewer, folder: folder, probe: probe) { _, trace in
                for _ in 0..<min(smallCount, total) - 1 {
                    probe.press(viewer.nextKey)
                    usleep(useconds_t(heldKeyInterval * 1e6))
                }
                usleep(1_000_000)
                return .success(MemoryUsage.peakResidentKiB(of: trace.pid))
            }
            switch outcome {
            case .success(let peak): peaks.append(peak)
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success((peaks[0], peaks[1]))
    }

    // MARK: Running a viewer

    private static func withViewer<Value>(
        _ viewer: Viewer, folder: URL, probe: ScreenProbe, _ body: ((x: Int, y: Int)) -> Result<Value, Orchestrator.ChildFailure>
    ) -> Result<Value, Orchestrator.ChildFailure> {
        withViewer(viewer, folder: folder, probe: probe) { point, _ in body(point) }
    }

    /// Starts `viewer` on `folder` in a fresh home, sizes and focuses its window, waits for the first photo (of
    /// colour `first`) and finds a point inside its patch; runs `body` with that point (the window's centre without
    /// a `first`) and the app's trace; ends the app.
    static func withViewer<Value>(
        _ viewer: Viewer, folder: URL, probe: ScreenProbe, fullScreen: Bool = false, first: ScreenProbe.Colour? = BenchPhotos.colour(0),
        _ body: ((x: Int, y: Int), TraceReader) -> Result<Value, Orchestrator.ChildFailure>
    ) -> Result<Value, Orchestrator.ChildFailure> {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-viewer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let settings = home.appendingPathComponent("config/glib-2.0/settings")
        try? FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try? Data("[io/github/cardstack/CardStack]\nwindow-width=\(windowSize.width)\nwindow-height=\(windowSize.height)\ngesture-hint-shown=true\n\(viewer.extraSettings)".utf8)
            .write(to: settings.appendingPathComponent("keyfile"))
        let environment = ChildProcess.environment(renderer: "default", extra: [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "GSETTINGS_BACKEND": "keyfile", "CARDSTACK_TRACE": "1",
        ].merging(viewer.extraEnvironment) { _, new in new })
        guard let trace = TraceReader(viewer.executable, arguments: viewer.arguments(folder), environment: environment) else {
            return .failure(.init(description: "cannot start \(viewer.executable.path)"))
        }
        defer { trace.stop() }
        guard let window = xdotool(["search", "--sync", "--onlyvisible", "--pid", "\(trace.pid)"], timeout: 20).split(separator: "\n").last else {
            return .failure(.init(description: "no window appeared"))
        }
        _ = xdotool(["windowsize", String(window), "\(windowSize.width)", "\(windowSize.height)"])
        _ = xdotool(["windowmove", String(window), "0", "0"])
        _ = xdotool(["windowfocus", "--sync", String(window)])
        var area = windowSize
        if fullScreen, let key = viewer.fullScreenKey {
            _ = xdotool(["windowactivate", "--sync", String(window)])
            usleep(500_000)
            probe.press(key)
            usleep(1_500_000)
            let geometry = xdotool(["getdisplaygeometry"]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if geometry.count == 2 { area = (geometry[0], geometry[1]) }
        }
        guard let first else { return body((windowSize.width / 2, windowSize.height / 2), trace) }
        let deadline = MonotonicClock.nanoseconds() + 30_000_000_000
        var found: [(x: Int, y: Int)] = []
        while found.count < 20, MonotonicClock.nanoseconds() < deadline {
            usleep(100_000)
            found = probe.points(near: first, x: 0, y: 0, width: area.width, height: area.height)
        }
        guard found.count >= 20 else { return .failure(.init(description: "the first photo never showed")) }
        // The middle of what shows the patch: away from its edges, where a card's or a frame's edge could be.
        let xs = found.map(\.x).sorted()
        let ys = found.map(\.y).sorted()
        let point = (x: xs[xs.count / 2], y: ys[ys.count / 2])
        // Let the app settle and read ahead, as a person looks at the first photo.
        usleep(1_000_000)
        return body(point, trace)
    }

    static func xdotool(_ arguments: [String], timeout: Double = 5) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// Culling measured: each app's key → next photo times, and CardStack's held key, zoom and memory.
struct CullingResult: Codable, Sendable {
    struct ViewerTimes: Codable, Sendable {
        var name: String
        var milliseconds: [Double]
    }

    var photoWidth: Int
    var photoHeight: Int
    var viewers: [ViewerTimes]
    var heldLongestGap: Double?
    var heldShown: Bool?
    var zoomFull: [Double]
    var peakRSSSmallKiB: Int
    var peakRSSLargeKiB: Int
    /// The duel's key → next frame on screen.
    var duel: [Double] = []
    /// Launch → the front photo drawn for a folder of bursts, grouping on and off.
    var burstOpenOn: [Double] = []
    var burstOpenOff: [Double] = []
    /// Photos in that folder.
    var burstOpenCount = 0
    /// A phone's folder: its cards and videos, launch → the first card drawn, key → next card, and peak RSS with
    /// its videos and with its photos alone.
    var phoneCards = 0
    var phoneVideos = 0
    var phoneFirstCard: Double?
    var phoneNext: [Double] = []
    var phonePeakRSSKiB = 0
    var phonePhotosPeakRSSKiB = 0
}

/// A running app and the lines of its stderr with when each came, read on a thread of their own.
final class TraceReader: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [(text: String, time: Int64)] = []

    init?(_ executable: URL, arguments: [String], environment: [String: String]) {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [weak self] in
            var pending = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                let now = MonotonicClock.nanoseconds()
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                    guard let self else { return }
                    lock.lock()
                    lines.append((line, now))
                    lock.unlock()
                }
            }
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Lines read so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return lines.count
    }

    /// When the first line after the first `after` containing `text` came, waiting up to `timeout` seconds.
    func wait(for text: String, after: Int, timeout: Double) -> Int64? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let found = lines.dropFirst(after).first { $0.text.contains(text) }?.time
            lock.unlock()
            if let found { return found }
            usleep(1_000)
        }
        return nil
    }

    /// The text of the first line after the first `after` that contains `text`, if one came.
    func line(containing text: String, after: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return lines.dropFirst(after).first { $0.text.contains(text) }?.text
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
