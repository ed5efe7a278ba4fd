// SPDX-License-Identifier: GPL-3.0-or-later
import CGexiv2
import CGtk
import Exiv2Guard

/// exiv2's metadata of a file or of bytes in memory, through gexiv2 behind `Exiv2Guard`: what the RAW previews,
/// a photo's facts and the XMP sidecars all open.
enum Exiv2Metadata {
    typealias Pointer = UnsafeMutablePointer<GExiv2Metadata>

    /// Whether exiv2 is loaded and ready: loaded the first time a photo needs it, not at launch
    /// (``cs_exiv2_load``), once, before any thread uses it.
    static var isReady: Bool { cs_exiv2_load() != 0 }

    /// New metadata filled by `reading` (a guarded gexiv2 open call), or nil when exiv2 can't read it.
    static func open(_ reading: (Pointer, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> gboolean) -> ObjectReference<Pointer>? {
        guard isReady, let created = cs_exiv2_metadata_new() else { return nil }
        let metadata = ObjectReference(adopting: created)
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        return reading(metadata.pointer, &error) != 0 ? metadata : nil
    }

    /// The metadata of the file at `path` (bytes, NUL-terminated), or nil; `strict`, nil as well when exiv2
    /// reported an error reading it (an XMP packet it could not decode, which it would read as empty).
    static func open(path: [CChar], strict: Bool = false) -> ObjectReference<Pointer>? {
        open { strict ? cs_exiv2_open_path_strict($0, path, $1) : cs_exiv2_open_path($0, path, $1) }
    }

    /// The metadata of a file held in memory, or nil.
    static func open(bytes: [UInt8]) -> ObjectReference<Pointer>? {
        open { metadata, error in bytes.withUnsafeBufferPointer { cs_exiv2_open_buf(metadata, $0.baseAddress, glong($0.count), error) } }
    }

    /// `tag`'s value as text (an exiv2 key, `Xmp.xmp.Rating`), nil when the metadata has none.
    static func string(_ tag: String, in metadata: Pointer) -> String? {
        guard cs_exiv2_has_tag(metadata, tag) != 0 else { return nil }
        return String(takingGLibString: cs_exiv2_get_tag_string(metadata, tag))
    }
}
