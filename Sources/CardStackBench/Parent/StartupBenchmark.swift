// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Process start to first painted frame: `cardstack` with its deck page against two bare windows (a header bar
/// with a title and a menu button, and a paragraph of text, the main window's size): `cardstack-bare-window`, the
/// same window written in C as any libadwaita app would be, and `cardstack --bare`, the same window started by the
/// app's binary. Against the C window the ratio counts everything CardStack adds, its Swift runtime and libraries
/// included; against the in-binary one, only what its deck page adds. Launched in turn (the order rotating every
/// run) so drift affects all three alike.
///
/// Each launch gets fresh `XDG_CONFIG_HOME` and `XDG_DATA_HOME` folders and `GSETTINGS_BACKEND=memory`, so no
/// saved state changes what is opened; the Mesa shader cache stays warm (one unmeasured launch of each first).
/// With GTK's default renderer the app may choose cairo where GL is a software rasterizer; the C window then
/// draws with the renderer the app chose, so both draw the same way. Where the app draws with cairo it also keeps
/// GDK from loading GL at all (``SoftwareGL/skipGLWhenDrawingWithCairo()``), which the C window, as any GTK 4.8 app,
/// does not; the C window is then also launched with GL left unloaded the same way, so the report shows what that
/// alone is worth beside what the app adds.
enum StartupBenchmark {
    static let appMarker = "cardstack: first frame; page deck"
    static let bareMarker = "cardstack: first frame; bare"
    static let cMarker = "cardstack-bare-window: first frame"
    /// What the app says when it draws with cairo although GTK would have chosen GL.
    static let cairoChoiceMarker = "cardstack: renderer: cairo"
    /// What the app says when it kept GDK from loading GL.
    static let glSkippedMarker = "cardstack: GL not loaded"
    /// Seconds to wait for a first frame before calling the launch failed.
    static let launchTimeout = 30.0

    private enum Contender: CaseIterable {
        case app, inBinaryBare, cBare, cBareWithoutGL

        var name: String {
            switch self {
            case .app: "app"
            case .inBinaryBare: "cardstack --bare"
            case .cBare: "cardstack-bare-window"
            case .cBareWithoutGL: "cardstack-bare-window, GL not loaded"
            }
        }
    }

    static func run(app: URL, cWindow: URL, renderer: String, runs: Int) -> StartupResult {
        var failures: [String] = []
        var times: [Contender: [Double]] = [:]

        // Warm-up, the check that each prints its line, and which renderer the app ends up with.
        let warmApp = launch(.app, app: app, cWindow: cWindow, renderer: renderer)
        guard warmApp.milliseconds != nil else {
            failures.append("cardstack printed no “\(appMarker)”: \(warmApp.log.suffix(400))")
            return StartupResult(renderer: renderer, failures: failures)
        }
        let drawnWith = renderer == "default" && warmApp.log.contains(cairoChoiceMarker) ? "cairo" : renderer
        let skipsGL = warmApp.log.contains(glSkippedMarker)
        let contenders = skipsGL ? Contender.allCases : [.app, .inBinaryBare, .cBare]
        for contender in contenders where contender != .app {
            let warm = launch(contender, app: app, cWindow: cWindow, renderer: drawnWith)
            if warm.milliseconds == nil {
                failures.append("\(contender.name) printed no first frame: \(warm.log.suffix(400))")
                return StartupResult(renderer: renderer, failures: failures)
            }
        }

        for index in 0..<runs {
            // Each run starts with the next contender, so none is always first or last.
            let order = contenders.indices.map { contenders[($0 + index) % contenders.count] }
            for contender in order {
                let result = launch(contender, app: app, cWindow: cWindow, renderer: contender == .app ? renderer : drawnWith)
                guard let milliseconds = result.milliseconds else {
                    failures.append("\(contender.name) launch \(index + 1) printed no first frame: \(result.log.suffix(400))")
                    continue
                }
                times[contender, default: []].append(milliseconds)
            }
        }
        return StartupResult(
            renderer: renderer, drawnWith: drawnWith,
            app: times[.app] ?? [], bare: times[.inBinaryBare] ?? [], cBare: times[.cBare] ?? [],
            cBareWithoutGL: times[.cBareWithoutGL] ?? [], failures: failures
        )
    }

    private static func launch(_ contender: Contender, app: URL, cWindow: URL, renderer: String) -> ChildProcess.Launch {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var extra = [
            "CARDSTACK_TRACE": "1",
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "GSETTINGS_BACKEND": "memory",
        ]
        // As the app asks GDK, and as any program may through its environment.
        if contender == .cBareWithoutGL { extra["GDK_DEBUG"] = "gl-disable" }
        let environment = ChildProcess.environment(renderer: renderer, extra: extra)
        switch contender {
        case .app:
            // Read to the end of the first frame's line, so the warm-up also sees which renderer was chosen.
            return ChildProcess.timeToMarker(app, arguments: [], environment: environment, marker: appMarker, timeout: launchTimeout)
        case .inBinaryBare:
            return ChildProcess.timeToMarker(app, arguments: ["--bare"], environment: environment, marker: bareMarker, timeout: launchTimeout)
        case .cBare, .cBareWithoutGL:
            return ChildProcess.timeToMarker(cWindow, arguments: [], environment: environment, marker: cMarker, timeout: launchTimeout)
        }
    }
}
