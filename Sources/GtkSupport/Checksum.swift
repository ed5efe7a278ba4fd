// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// Digests through GLib's `GChecksum`, the same SHA-256 every GNOME library uses.
public enum Checksum {
    /// The SHA-256 of `data`, as 64 lowercase hex digits.
    public static func sha256(of data: Data) -> String {
        data.withUnsafeBytes { raw in
            guard let text = g_compute_checksum_for_data(G_CHECKSUM_SHA256, raw.bindMemory(to: guchar.self).baseAddress, gsize(raw.count)) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
    }
}
