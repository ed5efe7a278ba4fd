// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The process's memory as the kernel counts it.
enum MemoryUsage {
    /// Peak resident set size (`VmHWM` in `/proc/self/status`), KiB; 0 if it cannot be read.
    static var peakResidentKiB: Int { field("VmHWM") }

    /// Peak resident set size of another running process, KiB; 0 if it cannot be read.
    static func peakResidentKiB(of pid: Int32) -> Int { field("VmHWM", process: "\(pid)") }

    private static func field(_ name: String, process: String = "self") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("\(name):") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits) ?? 0
        }
        return 0
    }
}
