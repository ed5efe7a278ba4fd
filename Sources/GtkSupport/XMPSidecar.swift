// SPDX-License-Identifier: GPL-3.0-or-later
import CGexiv2
import Exiv2Guard
import CGtk
import Foundation
import Glibc
import Translation

/// Reads and changes a few properties of an XMP sidecar through exiv2, without ever losing what else it holds.
///
/// A sidecar belongs to the user and to the other apps that write it (darktable keeps a photo's whole edit
/// history there), so a change is a merge: the sidecar is copied to a temporary file beside it, the caller is
/// shown what the copy holds and says what to change (``merge(_:tags:_:)``), only those properties are set or
/// cleared in the copy, the copy is flushed to disk, and it replaces the sidecar by a rename, after checking that
/// the sidecar is still the one copied, by its identity, size, time and bytes (another app writing it meanwhile:
/// read again and merge again). A new sidecar is linked into place, so one created meanwhile by another app is
/// never overwritten. A sidecar exiv2 can't decode, a read-only one or one in a read-only folder is left byte
/// for byte. The photo itself is never opened: gexiv2's `save_file` on a RAW rewrites the RAW, and its
/// `save_external` empties an existing file, so both are used only on the temporary copy.
public enum XMPSidecar {
    /// Why a sidecar was not read or written, in words for a banner.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The sidecar is a symbolic link: it could lead anywhere, so it is left alone.
        case isLink
        /// Not a plain file (a folder, a pipe).
        case notAFile
        /// Larger than any real sidecar (``byteLimit``).
        case tooLarge(bytes: Int)
        /// exiv2 can't read it as XMP.
        case notXMP
        /// The sidecar, or its folder, is read-only: whoever made it so wants it left as it is.
        case readOnly
        /// The folder can't be written, or the disk is full: `errno` and what was being done.
        case system(code: Int32, doing: String)
        /// Another program kept changing the sidecar while it was being merged.
        case keptChanging

        public var description: String {
            switch self {
            case .isLink: tr("the sidecar is a symbolic link")
            case .notAFile: tr("the sidecar is not a plain file")
            case .tooLarge(let bytes): String(format: tr("the sidecar is %ld MB, too large for one"), bytes / 1_000_000)
            case .notXMP: tr("the sidecar is not XMP that exiv2 can read; it was left as it is")
            case .readOnly: tr("the sidecar or its folder is read-only; it was left as it is")
            case .system(let code, let doing): String(format: tr("%1$@: %2$@"), doing, String(cString: strerror(code)))
            case .keptChanging: tr("another program kept changing the sidecar")
            }
        }
    }

    /// What a sidecar holds of the properties asked for.
    public struct Contents: Sendable, Equatable {
        /// Whether the sidecar exists.
        public var exists: Bool
        /// Each property asked for that it has (`Xmp.xmp.Rating` → "-1").
        public var values: [String: String]

        public init(exists: Bool, values: [String: String]) {
            self.exists = exists
            self.values = values
        }
    }

    /// What to change in a sidecar, as a merge's caller decides it from the sidecar's contents.
    public struct Edit: Sendable, Equatable {
        /// Each property to set to its value, or to clear for nil.
        public var changes: [String: String?]
        /// Whether a sidecar left holding nothing at all is removed (one this app created and now takes back).
        public var removingIfEmpty: Bool

        public init(changes: [String: String?], removingIfEmpty: Bool = false) {
            self.changes = changes
            self.removingIfEmpty = removingIfEmpty
        }
    }

    /// What a write did.
    public enum Outcome: Sendable, Equatable {
        /// The sidecar now holds the change; `created` when there was none before.
        case written(created: Bool)
        /// The sidecar was removed: asked to, and it held nothing else.
        case removed
        /// Nothing was to be changed: the sidecar was not touched.
        case unchanged
    }

    /// Bytes of the largest sidecar read: darktable's with a long history and masks is under 1 MB.
    public static let byteLimit = 16 * 1_024 * 1_024
    /// How often a merge is tried again when the sidecar changes under it.
    static let attempts = 3

    /// An empty XMP packet, what a new sidecar starts from.
    static let emptyPacket = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>

        """

    /// The properties named in `tags` (exiv2 keys, `Xmp.xmp.Rating`) that the sidecar at `path` holds.
    public static func read(_ path: String, tags: [String]) -> Result<Contents, Failure> {
        switch status(of: path) {
        case .failure(let failure): return .failure(failure)
        case .success(nil): return .success(Contents(exists: false, values: [:]))
        case .success(.some): break
        }
        guard let head = contents(of: path)?.prefix(headLength), looksLikeXMP(head) else { return .failure(.notXMP) }
        return existing(path, tags: tags)
    }

    /// What the existing sidecar at `path`, already found to be XMP, holds of `tags`.
    private static func existing(_ path: String, tags: [String]) -> Result<Contents, Failure> {
        withMetadata(at: path) { .success(Contents(exists: true, values: values(of: tags, in: $0))) }
    }

    /// The properties named in `tags` that `metadata` holds.
    private static func values(of tags: [String], in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> [String: String] {
        var values: [String: String] = [:]
        for tag in tags {
            if let value = Exiv2Metadata.string(tag, in: metadata) { values[tag] = value }
        }
        return values
    }

    /// Sets each property of `changes` to its value, or clears it for nil, keeping everything else the sidecar
    /// holds; creates the sidecar if there is none. With `removingIfEmpty`, a sidecar left holding nothing at all
    /// is removed (one this app created and now takes back).
    public static func write(_ path: String, changes: [String: String?], removingIfEmpty: Bool = false) -> Result<Outcome, Failure> {
        merge(path, tags: []) { _ in Edit(changes: changes, removingIfEmpty: removingIfEmpty) }
    }

    /// Merges into the sidecar at `path` what `edit` asks for once shown what the sidecar holds of `tags` (it
    /// holds nothing when there is no sidecar); nil or no change leaves the sidecar untouched. `edit` is asked
    /// again should another program change the sidecar meanwhile, each time with what is then merged into.
    public static func merge(_ path: String, tags: [String], _ edit: (Contents) -> Edit?) -> Result<Outcome, Failure> {
        for _ in 0..<attempts {
            let before: FileState?
            switch status(of: path) {
            case .failure(let failure): return .failure(failure)
            case .success(let state): before = state
            }
            let folder = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            let temporary = "\(folder)/.\(name).cardstack-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            defer { unlink(temporary) }
            let original: Data
            if before != nil {
                guard let bytes = contents(of: path) else { return .failure(.system(code: errno, doing: tr("reading the sidecar"))) }
                guard looksLikeXMP(bytes.prefix(headLength)) else { return .failure(.notXMP) }
                original = bytes
            } else {
                original = Data(emptyPacket.utf8)
            }
            // What the sidecar holds, read from it (never opened for writing): the caller's edit is decided on it.
            let found: Contents
            switch before == nil ? .success(Contents(exists: false, values: [:])) : existing(path, tags: tags) {
            case .failure(let failure): return .failure(failure)
            case .success(let contents): found = contents
            }
            guard let wanted = edit(found), !wanted.changes.isEmpty else { return .success(.unchanged) }
            // Only now is anything about to change: a read-only sidecar or folder is left as it is.
            if let failure = refusal(of: before, in: folder) { return .failure(failure) }
            let removes: Bool
            switch editedCopy(temporary, of: original, as: wanted) {
            case .failure(let failure): return .failure(failure)
            case .success(let empty): removes = empty
            }
            // Another program changed the sidecar since it was copied: start again from what it wrote. Its size
            // and time can be the same after a quick rewrite in place, so its bytes are compared too.
            guard (try? status(of: path).get()) == before, before == nil || contents(of: path) == original else { continue }
            if removes {
                guard before != nil else { return .success(.unchanged) }
                // The copy goes first: nothing of the merge is left beside the photo once the sidecar is gone.
                unlink(temporary)
                guard unlink(path) == 0 else { return .failure(.system(code: errno, doing: tr("removing the sidecar"))) }
                flushFolder(folder)
                return .success(.removed)
            }
            if let before { keepOwnerAndMode(of: before, on: temporary) }
            if let failure = flush(temporary) { return .failure(failure) }
            if before != nil {
                guard rename(temporary, path) == 0 else { return .failure(.system(code: errno, doing: tr("replacing the sidecar"))) }
            } else {
                // A link fails where a file appeared meanwhile, which a rename would overwrite.
                if link(temporary, path) != 0 {
                    if errno == EEXIST { continue }
                    return .failure(.system(code: errno, doing: tr("creating the sidecar")))
                }
                // Its second name goes before the folder is flushed, so no one sees it beside the sidecar.
                unlink(temporary)
            }
            flushFolder(folder)
            return .success(.written(created: before == nil))
        }
        return .failure(.keptChanging)
    }

    /// Makes `temporary` a copy of `original` with `wanted`'s changes, read back to hold them: whether the copy
    /// holds nothing at all and is to be removed rather than written.
    private static func editedCopy(_ temporary: String, of original: Data, as wanted: Edit) -> Result<Bool, Failure> {
        if let failure = create(temporary, holding: original) { return .failure(failure) }
        let edited = withMetadata(at: temporary) { metadata -> Result<Bool, Failure> in
            for (tag, value) in wanted.changes.sorted(by: { $0.key < $1.key }) {
                // Cleared first: set over an array (darktable's colour labels are a list), exiv2 adds an item
                // rather than replacing the value.
                let cleared = cs_exiv2_clear_tag(metadata, tag)
                let done = value.map { cs_exiv2_set_tag_string(metadata, tag, $0) } ?? cleared
                // Clearing a property that is absent is no failure.
                if done == 0 && value != nil { return .failure(.notXMP) }
            }
            // exiv2 reads a sidecar's XMP into Exif and IPTC too, and on saving converts those back into XMP:
            // a cleared rating would come back from its Exif copy (a −1 as 65535). A sidecar has no Exif or
            // IPTC of its own, so the copies go before saving.
            let count = cs_exiv2_clear_exif_and_iptc(metadata) != 0 ? cs_exiv2_xmp_tag_count(metadata) : -1
            guard count >= 0 else { return .failure(.notXMP) }
            if count == 0 {
                // exiv2 writes nothing at all for an empty packet, which would leave the old properties in the
                // copy: an emptied sidecar is removed, or holds an empty packet.
                if wanted.removingIfEmpty { return .success(true) }
                if unlink(temporary) != 0 { return .failure(.system(code: errno, doing: tr("writing the sidecar"))) }
                if let failure = create(temporary, holding: Data(emptyPacket.utf8)) { return .failure(failure) }
                return .success(false)
            }
            var error: UnsafeMutablePointer<GError>?
            defer { g_clear_error(&error) }
            guard cs_exiv2_save_file(metadata, temporary, &error) != 0 else { return .failure(.system(code: EIO, doing: tr("writing the sidecar"))) }
            return .success(false)
        }
        guard case .success(let removes) = edited else { return edited }
        if removes { return .success(true) }
        // What was written must read back as written before it takes the sidecar's place.
        let expected = wanted.changes.compactMapValues { $0 }
        guard case .success(let written) = withMetadata(at: temporary, { .success(values(of: Array(wanted.changes.keys), in: $0)) }),
              written == expected
        else { return .failure(.notXMP) }
        return .success(false)
    }

    /// Why a sidecar in the state `before` (nil when there is none) in `folder` may not be changed: it or its
    /// folder is read-only. Only write bits are looked at, not who may write, so a file that nobody may write
    /// is left alone by root too; `access` adds a read-only mount.
    private static func refusal(of before: FileState?, in folder: String) -> Failure? {
        var info = stat()
        guard stat(folder, &info) == 0 else { return .system(code: errno, doing: tr("looking at the sidecar's folder")) }
        if info.st_mode & 0o222 == 0 || access(folder, W_OK) != 0 { return .readOnly }
        if let before, before.mode & 0o222 == 0 { return .readOnly }
        return nil
    }

    /// Gives `temporary` the owner, group and permissions of the sidecar it replaces: a sidecar readable only by
    /// its owner stays so, and one written as root for a user stays the user's.
    private static func keepOwnerAndMode(of before: FileState, on temporary: String) {
        if geteuid() == 0 { _ = chown(temporary, before.owner, before.group) }
        _ = chmod(temporary, before.mode & 0o7777)
    }

    // MARK: Files

    /// Bytes of a sidecar's start looked at to tell it is XMP.
    static let headLength = 256

    /// Whether `head` starts (after a byte order mark and white space) as an XMP packet or RDF/XML does. exiv2
    /// tells a file's format by its content, so a "sidecar" holding a JPEG or a WebP would be edited as that
    /// format: only XMP is merged into.
    static func looksLikeXMP(_ head: Data) -> Bool {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return ["<?xpacket", "<?xml", "<x:xmpmeta", "<rdf:RDF"].contains { bytes.starts(with: Array($0.utf8)) }
    }

    /// What identifies a version of a file: a rewrite changes its inode (a rename) or its size or time. Its
    /// permissions and owner are kept for the file that replaces it, and take no part in telling versions apart.
    struct FileState: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: timespec
        var mode: mode_t
        var owner: uid_t
        var group: gid_t

        static func == (lhs: FileState, rhs: FileState) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        }
    }

    /// The sidecar's state, nil when there is none; a link, a non-file or an oversized file is a failure.
    static func status(of path: String) -> Result<FileState?, Failure> {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? .success(nil) : .failure(.system(code: errno, doing: tr("looking at the sidecar")))
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .failure(.isLink)
        case S_IFREG: break
        default: return .failure(.notAFile)
        }
        guard Int(info.st_size) <= byteLimit else { return .failure(.tooLarge(bytes: Int(info.st_size))) }
        return .success(FileState(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size), modified: info.st_mtim,
                                  mode: info.st_mode, owner: info.st_uid, group: info.st_gid))
    }

    /// The bytes of the file at `path` (its size is checked to be within ``byteLimit`` first), read with `read`:
    /// `FileManager.contents(atPath:)` loses a 4 KB buffer on an empty file, which the fuzzer counts as a leak.
    public static func contents(of path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
        while data.count <= byteLimit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return nil }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
        return nil
    }

    /// Writes `bytes` to a new file at `path` (never an existing one); nil when done.
    private static func create(_ path: String, holding bytes: Data) -> Failure? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .system(code: errno, doing: tr("creating a temporary file beside the sidecar")) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return .system(code: written < 0 ? errno : ENOSPC, doing: tr("writing a temporary file beside the sidecar")) }
        return nil
    }

    /// Forces `path`'s bytes to disk, so the rename never puts an empty file in the sidecar's place after a crash.
    private static func flush(_ path: String) -> Failure? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .system(code: errno, doing: tr("flushing the sidecar")) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { return .system(code: errno, doing: tr("flushing the sidecar")) }
        return nil
    }

    /// Forces the folder's entries (the rename) to disk.
    private static func flushFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: exiv2

    private static func withMetadata<Value>(
        at path: String, _ body: (UnsafeMutablePointer<GExiv2Metadata>) -> Result<Value, Failure>
    ) -> Result<Value, Failure> {
        guard let metadata = Exiv2Metadata.open(path: Array(path.utf8CString), strict: true) else { return .failure(.notXMP) }
        return body(metadata.pointer)
    }
}
