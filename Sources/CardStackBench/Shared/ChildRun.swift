// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GtkSupport
import Foundation

/// What a measuring child writes: its figures and what went wrong on the way.
protocol ChildResult: Decodable {
    var failures: [String] { get }
}

/// What every measuring child does around its measurement: insist on a result path, arm the watchdog, and
/// write its result as JSON, so a hung or crashed child is noticed and a finished one is read the same way.
@MainActor
enum ChildRun {
    /// The result path, with the watchdog armed; nil (after saying why on stderr) when `--result` is missing.
    static func start(_ options: BenchOptions, child: String) -> String? {
        guard let resultPath = options.resultPath else {
            FileHandle.standardError.write(Data("cardstack-bench: --child \(child) needs --result PATH\n".utf8))
            return nil
        }
        g_timeout_add_seconds(FrameBenchmark.watchdogSeconds, { _ in
            FileHandle.standardError.write(Data("cardstack-bench: child timed out\n".utf8))
            exit(FrameBenchmark.watchdogStatus)
        }, nil)
        return resultPath
    }

    /// The window every page child measures in: the app's own default size (the schema's window-width and
    /// window-height), fixed so that runs compare.
    static let pageWindowWidth: Int32 = 900
    static let pageWindowHeight: Int32 = 720
    /// "900×720", for the report's headings.
    nonisolated static let pageWindowName = "900×720"

    /// A window of the page size that can't be resized, with `content`, realized so its frame clock exists.
    static func pageWindow(content: UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<GtkWidget>? {
        guard let window = adw_window_new() else { return nil }
        gtk_window_set_default_size(window.cast(), pageWindowWidth, pageWindowHeight)
        gtk_window_set_resizable(window.cast(), 0)
        // As the app's window does.
        X11FrameMemory.keep(for: window)
        if let content { adw_window_set_content(window.cast(), content) }
        return window
    }

    /// Presents `window` and plays `steps`, one a frame with the frame's time, until they are done or `limit`
    /// frames have passed.
    static func play(_ steps: [(Int64) -> Void], in window: UnsafeMutablePointer<GtkWidget>, limit: Int) {
        var index = 0
        var finished = false
        TickCallback.add(to: window) { frameTime, _ in
            guard index < steps.count, index < limit else {
                finished = true
                return false
            }
            steps[index](frameTime)
            index += 1
            return true
        }
        gtk_window_present(window.cast())
        while !finished {
            g_main_context_iteration(nil, 1)
        }
    }

    /// Writes `result` to `path` and returns the child's exit status: 0 when it wrote and nothing failed.
    static func finish(_ result: some Encodable, failures: [String], to path: String) -> Int32 {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(result).write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("cardstack-bench: cannot write \(path): \(error)\n".utf8))
            return 1
        }
        return failures.isEmpty ? 0 : 1
    }

    /// The parent's side for a child run at several sizes: spawns it once for each of `runs` (its arguments, the
    /// name its failures are reported under, and the progress line that announces it), and gathers the results
    /// and everything that failed.
    nonisolated static func gather<Output: ChildResult>(
        _ runs: [(arguments: [String], name: String, announcement: String)],
        quick: Bool,
        progress: (String) -> Void
    ) -> (runs: [Output], failures: [String]) {
        var results: [Output] = []
        var failures: [String] = []
        for run in runs {
            progress(run.announcement)
            let outcome: Result<Output, Orchestrator.ChildFailure> = spawn(
                run.arguments, label: run.name.replacingOccurrences(of: " ", with: "-"), renderer: "default", quick: quick
            )
            switch outcome {
            case .success(let result):
                results.append(result)
                failures += result.failures.map { "\(run.name): \($0)" }
            case .failure(let failure):
                failures.append("\(run.name): \(failure.description)")
            }
        }
        return (results, failures)
    }

    /// The parent's side: runs this benchmark again as the child `arguments` describe (`--child …`), under
    /// `renderer`, and reads the result it writes; `label` names the result file.
    nonisolated static func spawn<Output: Decodable>(
        _ arguments: [String],
        label: String,
        renderer: String,
        quick: Bool
    ) -> Result<Output, Orchestrator.ChildFailure> {
        let resultFile = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-\(getpid())-\(label).json")
        defer { try? FileManager.default.removeItem(at: resultFile) }
        let status = ChildProcess.runSelf(
            arguments + ["--result", resultFile.path] + (quick ? ["--quick"] : []),
            environment: ChildProcess.environment(renderer: renderer)
        )
        guard let data = try? Data(contentsOf: resultFile) else {
            return .failure(Orchestrator.ChildFailure(description: "the child exited with status \(status) and wrote no result"))
        }
        do {
            return .success(try JSONDecoder().decode(Output.self, from: data))
        } catch {
            return .failure(Orchestrator.ChildFailure(description: "unreadable child result: \(error)"))
        }
    }
}
