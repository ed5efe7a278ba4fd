// SPDX-License-Identifier: GPL-3.0-or-later

/// A file's size as Files shows it: decimal units, as GLib's `g_format_size` writes them ("1 byte", "532 bytes",
/// "1.2 kB", "2.3 MB").
public enum ByteCount {
    /// `bytes` in words, one decimal past a kilobyte.
    public static func text(_ bytes: UInt64) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1_000 { return "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes) / 1_000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
