// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension MachineInfo {
    /// This machine: online processors, the CPU model from `/proc/cpuinfo`, and the kernel release.
    static var current: MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return MachineInfo(processors: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), cpuModel: model, kernel: release)
    }
}
