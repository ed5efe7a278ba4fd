// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Starting processes: the benchmark itself again with other arguments, and the app.
enum ChildProcess {
    /// The running benchmark binary.
    static var selfExecutable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }

    /// The environment of children: ours, with `GSK_RENDERER` set for `renderer` (unset for `default`).
    static func environment(renderer: String, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = renderer == "default" ? nil : renderer
        // Accessibility goes over D-Bus to nobody under Xvfb; the app runs it too, so it stays on.
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs the benchmark binary with `arguments`, waits, and returns the exit status; output goes to ours.
    static func runSelf(_ arguments: [String], environment: [String: String]) -> Int32 {
        let process = Process()
        process.executableURL = selfExecutable
        process.arguments = arguments
        process.environment = environment
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("cardstack-bench: cannot start a child: \(error)\n".utf8))
            return -1
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// How long a launch took to print a line.
    struct Launch {
        /// From just before spawning to reading the marker, ms; nil if it never came.
        var milliseconds: Double?
        /// What the process wrote to stderr.
        var log: String
    }

    /// Starts `executable`, reads its stderr until a line contains `marker` or `timeout` seconds pass, then
    /// terminates it and waits for it to exit.
    static func timeToMarker(_ executable: URL, arguments: [String], environment: [String: String], marker: String, timeout: Double) -> Launch {
        let timeline = timeline(executable, arguments: arguments, environment: environment, markers: [marker], timeout: timeout)
        return Launch(milliseconds: timeline.milliseconds[marker], log: timeline.log)
    }

    /// When each of several lines came, and the most memory the process held by the last of them.
    struct Timeline {
        /// From just before spawning to reading each marker that came, ms.
        var milliseconds: [String: Double]
        /// The process's peak resident set (`VmHWM`) once the last marker came (and the settling time passed) or
        /// time ran out, KiB.
        var peakRSSKiB: Int
        var log: String
    }

    /// Starts `executable` and reads its stderr until the last of `markers` appears (each timed as it first
    /// appears, before or after the last) or `timeout` seconds pass; then, `settle` seconds later (reading on), reads its peak RSS,
    /// terminates it and waits for it to exit.
    static func timeline(
        _ executable: URL, arguments: [String], environment: [String: String], markers: [String], timeout: Double, settle: Double = 0
    ) -> Timeline {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        let start = MonotonicClock.nanoseconds()
        do {
            try process.run()
        } catch {
            return Timeline(milliseconds: [:], peakRSSKiB: 0, log: "cannot start \(executable.path): \(error)")
        }
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        var log = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        /// What the process writes before `deadline` (ns) or before it closes the pipe, added to `log`: the count
        /// of bytes read, 0 if none came in time, nil once the pipe is closed.
        func readOutput(before deadline: Int64) -> Int? {
            let remaining = deadline - MonotonicClock.nanoseconds()
            guard remaining > 0 else { return 0 }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining / 1_000_000) + 1) > 0 else { return 0 }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            log.append(contentsOf: buffer[0..<count])
            return count
        }
        var seen: [String: Double] = [:]
        /// Times the markers the output holds now that weren't seen before.
        func noteMarkers() {
            let now = MonotonicClock.nanoseconds()
            let text = String(decoding: log, as: UTF8.self)
            for marker in markers where seen[marker] == nil && text.contains(marker) {
                seen[marker] = MonotonicClock.milliseconds(from: start, to: now)
            }
        }
        let deadline = start + Int64(timeout * MonotonicClock.nanosecondsPerMillisecond * 1_000)
        while let last = markers.last, seen[last] == nil, MonotonicClock.nanoseconds() < deadline {
            guard let count = readOutput(before: deadline) else { break }
            if count > 0 { noteMarkers() }
        }
        if let last = markers.last, seen[last] != nil, settle > 0 {
            // Reading on meanwhile: a full pipe would stop the process in its tracks; a marker that comes after the
            // last one is still timed.
            let settled = MonotonicClock.nanoseconds() + Int64(settle * MonotonicClock.nanosecondsPerMillisecond * 1_000)
            while MonotonicClock.nanoseconds() < settled, let count = readOutput(before: settled) {
                if count > 0 { noteMarkers() }
            }
        }
        let peak = process.isRunning ? MemoryUsage.peakResidentKiB(of: process.processIdentifier) : 0
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return Timeline(milliseconds: seen, peakRSSKiB: peak, log: String(decoding: log, as: UTF8.self))
    }
}
