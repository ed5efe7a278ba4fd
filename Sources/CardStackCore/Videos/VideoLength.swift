// SPDX-License-Identifier: GPL-3.0-or-later

/// A video's length as players show it: "0:03", "12:40", "1:02:03".
///
/// Whole seconds, rounded up, so a 2.2 s clip reads "0:03" as in Files and on phones, and a clip shorter than a
/// second is never "0:00". Minutes are not padded; seconds are, and minutes under an hour.
public enum VideoLength {
    /// `microseconds` as a length; nil for none (a stream whose length isn't known).
    public static func text(microseconds: Int64) -> String? {
        guard microseconds > 0 else { return nil }
        let seconds = (microseconds + 999_999) / 1_000_000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
