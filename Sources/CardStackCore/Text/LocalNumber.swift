// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// Numbers as the user's locale writes them, its decimal point and its grouping of thousands ("1,204.5";
/// "1.204,5" in German), by the C library's printf under the locale the app set as it started (GTK sets it),
/// as GLib and GTK programs write them.
///
/// Foundation's number formatting on Linux is ICU's, linked into the app: the first number it formats pages in
/// megabytes of ICU's code and data for a loading page's "12.5 of 25.0 MB", where glibc's locale is loaded anyway.
public enum LocalNumber {
    /// `value` with `fractionDigits` digits after the decimal point, thousands grouped.
    public static func text(_ value: Double, fractionDigits: Int) -> String {
        printed("%'.*f", Int32(clamping: max(0, fractionDigits)), value)
    }

    /// `value`, thousands grouped.
    public static func text(_ value: Int) -> String {
        printed("%'ld", value)
    }

    /// What `vsnprintf` makes of `format` and `arguments`, however long.
    private static func printed(_ format: String, _ arguments: any CVarArg...) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let needed = withVaList(arguments) { list in
                buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
            }
            guard needed >= 0 else { return "" }
            if Int(needed) < buffer.count {
                return buffer.withUnsafeBufferPointer { String(decoding: $0.prefix(Int(needed)).lazy.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            }
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        }
    }
}
