// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A file's size as Files shows it: decimal units, as GLib's `g_format_size` writes them ("1 byte", "532 bytes",
/// "1.2 kB", "2.3 MB"; "19,9 kB" in German), with the user's language's words and decimal mark.
public enum ByteCount {
    /// `bytes` in words, one decimal past a kilobyte.
    public static func text(_ bytes: UInt64) -> String {
        if bytes < 1_000 {
            // Translators: a file's size under a kilobyte; %@ is the number of bytes.
            return String(format: trn("%@ byte", "%@ bytes", Int(bytes)), LocalNumber.text(Int(bytes)))
        }
        var value = Double(bytes) / 1_000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        return String(format: units[unit], LocalNumber.text(value, fractionDigits: 1))
    }

    /// A size in each decimal unit, its number (one decimal) in place of %@; looked up when first needed, after
    /// the app has installed its catalogue (``CoreText``).
    private static let units = [
        // Translators: a file's size in kilobytes (1000 bytes); %@ is a number with one decimal.
        tr("%@ kB"),
        // Translators: a file's size in megabytes; %@ is a number with one decimal.
        tr("%@ MB"),
        // Translators: a file's size in gigabytes; %@ is a number with one decimal.
        tr("%@ GB"),
        // Translators: a file's size in terabytes; %@ is a number with one decimal.
        tr("%@ TB"),
        // Translators: a file's size in petabytes; %@ is a number with one decimal.
        tr("%@ PB"),
        // Translators: a file's size in exabytes; %@ is a number with one decimal.
        tr("%@ EB"),
    ]
}
