// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Process start to first painted frame: `cardstack` with its deck page against `cardstack --bare` (a window
/// with what every app shows: a header bar with a title and a menu button, and a paragraph of text, started by
/// the same binary), launched alternately so drift affects both alike.
///
/// Each launch gets fresh `XDG_CONFIG_HOME` and `XDG_DATA_HOME` folders and `GSETTINGS_BACKEND=memory`, so no
/// saved state changes what is opened; the Mesa shader cache stays warm (one unmeasured launch of each first).
enum StartupBenchmark {
    static let appMarker = "cardstack: first frame; page deck"
    static let bareMarker = "cardstack: first frame; bare"
    /// Seconds to wait for a first frame before calling the launch failed.
    static let launchTimeout = 30.0

    static func run(app: URL, renderer: String, runs: Int) -> StartupResult {
        var failures: [String] = []
        var appTimes: [Double] = []
        var bareTimes: [Double] = []
        let bareSource = "cardstack --bare"

        // Warm-up, and the check that both print their line.
        for (arguments, marker) in [([String](), appMarker), (["--bare"], bareMarker)] {
            let warm = launch(app, arguments: arguments, marker: marker, renderer: renderer)
            if warm.milliseconds == nil {
                failures.append("cardstack \(arguments.joined()) printed no “\(marker)”: \(warm.log.suffix(400))")
                return StartupResult(renderer: renderer, app: [], bare: [], bareSource: bareSource, appMedian: 0, bareMedian: 0, ratio: 0, failures: failures)
            }
        }

        for index in 0..<runs {
            // ABBA order: even runs start with the app, odd runs with the bare window.
            let order = index % 2 == 0 ? [true, false] : [false, true]
            for isApp in order {
                let result = isApp
                    ? launch(app, arguments: [], marker: appMarker, renderer: renderer)
                    : launch(app, arguments: ["--bare"], marker: bareMarker, renderer: renderer)
                guard let milliseconds = result.milliseconds else {
                    failures.append("\(isApp ? "app" : "bare") launch \(index + 1) printed no first frame: \(result.log.suffix(400))")
                    continue
                }
                if isApp { appTimes.append(milliseconds) } else { bareTimes.append(milliseconds) }
            }
        }
        let appMedian = Statistics.median(appTimes)
        let bareMedian = Statistics.median(bareTimes)
        return StartupResult(
            renderer: renderer, app: appTimes, bare: bareTimes, bareSource: bareSource,
            appMedian: appMedian, bareMedian: bareMedian,
            ratio: bareMedian > 0 ? appMedian / bareMedian : 0,
            failures: failures
        )
    }

    private static func launch(_ executable: URL, arguments: [String], marker: String, renderer: String) -> ChildProcess.Launch {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = ChildProcess.environment(renderer: renderer, extra: [
            "CARDSTACK_TRACE": "1",
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "GSETTINGS_BACKEND": "memory",
        ])
        return ChildProcess.timeToMarker(executable, arguments: arguments, environment: environment, marker: marker, timeout: launchTimeout)
    }
}
