// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A deck file mapped read-only into memory, whose pages are handed back to the kernel once they are parsed.
///
/// Read into a buffer, a deck file stays in memory until its last card is built: for a 100,000-card deck that is
/// some 25 MB on top of the cards themselves. Mapped, the pages already parsed are clean copies of the file that
/// the kernel can drop at once and read again should an error message need them.
final class MappedFile {
    /// The file's bytes; the mapping lives as long as this value or any copy of it does.
    let data: Data
    /// The file mapped, as it was when mapped: a later look can tell whether it is still the same.
    let identity: FileIdentity
    private let base: UnsafeMutableRawPointer?
    private var releasedUpTo = 0
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// The fewest bytes released at once: a system call for each page parsed slowed the parsing measurably, and a
    /// megabyte left resident for a moment is nothing beside the cards.
    private static let releaseStep = 1 << 20

    /// Maps the file at `path`; an empty file maps to no bytes. Only a regular file is read: it is opened
    /// without waiting (a FIFO would block `open` until a writer came) and checked before any read.
    init(path: String) throws(DeckLoadError) {
        let descriptor = open(FileNameEncoding.fileSystemRepresentation(of: path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw DeckLoadError.fileSystem(errno, path: path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw DeckLoadError.fileSystem(errno, path: path) }
        let kind = FileStatus.Kind(mode: info.st_mode)
        guard kind == .regularFile else { throw .notRegularFile(path: path, kind: kind.description) }
        let size = Int(info.st_size)
        identity = FileIdentity(status: info)
        guard size > 0 else {
            data = Data()
            base = nil
            return
        }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
            throw DeckLoadError.fileSystem(errno, path: path)
        }
        // Read front to back: let the kernel read ahead.
        _ = madvise(mapping, size, MADV_SEQUENTIAL)
        base = mapping
        data = Data(bytesNoCopy: mapping, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }

    /// Drops the pages that lie wholly before `offset` from memory, a megabyte or more at a time.
    func releasePages(before offset: Int) {
        guard let base else { return }
        let end = min(offset, data.count) / Self.pageSize * Self.pageSize
        guard end - releasedUpTo >= Self.releaseStep else { return }
        _ = madvise(base + releasedUpTo, end - releasedUpTo, MADV_DONTNEED)
        releasedUpTo = end
    }
}
