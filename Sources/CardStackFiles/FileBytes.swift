// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// Bytes read from a place in an open file, by `pread`, whatever the read position.
enum FileBytes {
    /// Up to `count` bytes of the file open at `descriptor` from `offset`: fewer where the file ends sooner or
    /// can't be read further.
    static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        if done < count { bytes.removeLast(count - done) }
        return bytes
    }
}
