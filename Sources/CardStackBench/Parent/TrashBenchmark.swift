// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackFiles
import Foundation

/// Bringing a batch of files back from the trash, as undoing "Move to Trash" does, against GIO trashing the same
/// files (`gio trash`, one process for the batch), in a trash that already holds many other entries.
///
/// Everything happens in a private home under the temporary folder: GIO is run with its `XDG_DATA_HOME`, and
/// the restore is given the same environment, so the user's own trash is never touched.
enum TrashBenchmark {
    /// Files trashed and brought back, and other entries already in the trash (full, quick).
    static func counts(quick: Bool) -> (files: Int, others: Int) { quick ? (100, 300) : (1_000, 3_000) }

    static func run(quick: Bool) -> [MicroResult] {
        let (count, others) = counts(quick: quick)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cardstack-bench-trash-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "HOME": root.path]
        do {
            let otherFiles = try makeFiles(others, named: "other", in: root.appendingPathComponent("Elsewhere"))
            guard trash(otherFiles, environment: environment) != nil else { return [] }
            let photos = try makeFiles(count, named: "IMG_", in: root.appendingPathComponent("Photos"))
            guard let trashing = trash(photos, environment: environment) else { return [] }
            let begin = MonotonicClock.nanoseconds()
            var index = TrashRestore.Index(for: photos, environment: environment)
            var restored = 0
            for photo in photos {
                if case .success = index.restore(photo) { restored += 1 }
            }
            let restoring = Double(MonotonicClock.nanoseconds() - begin)
            guard restored == count else {
                FileHandle.standardError.write(Data("cardstack-bench: \(restored) of \(count) files came back from the trash\n".utf8))
                return []
            }
            return [
                MicroResult(name: "gio trash, \(count) files, \(others) other entries in the trash", iterations: 1, rounds: [trashing], nanosecondsPerCall: trashing),
                MicroResult(name: "TrashRestore, \(count) files brought back, \(others) other entries in the trash", iterations: 1,
                            rounds: [restoring], nanosecondsPerCall: restoring),
            ]
        } catch {
            FileHandle.standardError.write(Data("cardstack-bench: trash benchmark failed: \(error)\n".utf8))
            return []
        }
    }

    /// `count` small files in `folder`, made anew.
    private static func makeFiles(_ count: Int, named prefix: String, in folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bytes = Data(repeating: 0x2A, count: 4_096)
        return try (0..<count).map { number in
            let file = folder.appendingPathComponent(String(format: "%@%04d.JPG", prefix, number))
            try bytes.write(to: file)
            return file.path
        }
    }

    /// Trashes `files` with one `gio trash` in `environment`; the nanoseconds it took, nil when it failed.
    private static func trash(_ files: [String], environment: [String: String]) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gio")
        process.arguments = ["trash", "--"] + files
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let begin = MonotonicClock.nanoseconds()
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        let took = Double(MonotonicClock.nanoseconds() - begin)
        guard process.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("cardstack-bench: gio trash failed (\(process.terminationStatus))\n".utf8))
            return nil
        }
        return took
    }
}
