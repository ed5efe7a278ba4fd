// SPDX-License-Identifier: GPL-3.0-or-later
import CGexiv2
import CGtk
import Exiv2Guard

/// exiv2's metadata of a file or of bytes in memory, through gexiv2 behind `Exiv2Guard`: what the RAW previews,
/// a photo's facts and the XMP sidecars all open.
enum Exiv2Metadata {
    typealias Pointer = UnsafeMutablePointer<GExiv2Metadata>

    /// exiv2 is made ready once, before any thread uses it (its XMP toolkit is not thread-safe to start), and its
    /// own log is muted: damaged files are the caller's to report, as a card or a banner, not on the terminal.
    static let isReady: Bool = {
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        return gexiv2_initialize() != 0
    }()

    /// New metadata filled by `reading` (a guarded gexiv2 open call), or nil when exiv2 can't read it.
    static func open(_ reading: (Pointer, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> gboolean) -> ObjectReference<Pointer>? {
        guard isReady, let created = gexiv2_metadata_new() else { return nil }
        let metadata = ObjectReference(adopting: created)
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        return reading(metadata.pointer, &error) != 0 ? metadata : nil
    }

    /// The metadata of the file at `path` (bytes, NUL-terminated), or nil.
    static func open(path: [CChar]) -> ObjectReference<Pointer>? {
        open { cs_exiv2_open_path($0, path, $1) }
    }

    /// `tag`'s value as text (an exiv2 key, `Xmp.xmp.Rating`), nil when the metadata has none.
    static func string(_ tag: String, in metadata: Pointer) -> String? {
        guard cs_exiv2_has_tag(metadata, tag) != 0 else { return nil }
        return String(takingGLibString: cs_exiv2_get_tag_string(metadata, tag))
    }
}
