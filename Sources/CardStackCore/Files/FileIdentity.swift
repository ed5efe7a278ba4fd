// SPDX-License-Identifier: GPL-3.0-or-later

/// What tells one file from another that has taken its name: its device and inode, its size and its
/// modification time to the nanosecond, as `stat` gave them before the file was moved, and for a move to
/// another file system a fingerprint of its bytes.
///
/// A file moved on one file system keeps its device and inode; a file copied to another (and its original then
/// removed) keeps only its size, its time (which the copy sets as `cp -p` does) and its bytes. Files made in one
/// go can share a size and, on a coarse clock, a time, so across file systems the fingerprint decides. A file
/// found under a name is taken to be the one that was moved only when every part that the move keeps is the
/// same: a file of the destination's own with the same name is never mistaken for it.
public struct FileIdentity: Sendable, Hashable, Codable {
    public var device: UInt64
    public var inode: UInt64
    public var size: UInt64
    /// Nanoseconds since 1970.
    public var modifiedNanoseconds: Int64
    /// A digest of the file's first and last bytes, taken before it moved to another file system; nil when not
    /// taken (a move on one file system needs none).
    public var fingerprint: String?

    public init(device: UInt64, inode: UInt64, size: UInt64, modifiedNanoseconds: Int64, fingerprint: String? = nil) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.fingerprint = fingerprint
    }

    /// Whether `found` (a file's identity now, without a fingerprint) is this file, moved: the same inode on the
    /// same device, or on another device a copy of the same size, time and, when one was taken, fingerprint
    /// (`fingerprint` gives the found file's, asked only when all else is the same).
    public func isMoved(_ found: FileIdentity, fingerprint: () -> String?) -> Bool {
        guard size == found.size, modifiedNanoseconds == found.modifiedNanoseconds else { return false }
        if device == found.device { return inode == found.inode }
        return self.fingerprint.map { $0 == fingerprint() } ?? true
    }

    /// Whether `found` is this very file, in its place: the same inode, size and time.
    public func isSameFile(as found: FileIdentity?) -> Bool {
        guard let found else { return false }
        return device == found.device && inode == found.inode && size == found.size && modifiedNanoseconds == found.modifiedNanoseconds
    }
}
