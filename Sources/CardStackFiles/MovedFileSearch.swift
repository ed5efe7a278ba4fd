// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finds, in a folder files were moved into, the file a move put there, by its identity rather than its name,
/// and what a move stopped half-way left behind.
///
/// A file moved into a folder that already has one of its name gets a free variant ("IMG_1 (2).JPG"), and a move
/// stopped before its outcome was written leaves no record of which name it took: the folder's own "IMG_1.JPG"
/// must never be taken for it. The folder is listed once and its names grouped by the name they vary, so looking
/// up every file of a batch costs one listing and, per file, the names that share its name.
public struct MovedFileSearch {
    private let folder: String
    /// Names in the folder by the name they are a variant of ("a (2).jpg" and "a.jpg" under "a.jpg"), and the
    /// partial copies (``FileMove/partialName(of:)``) under the name being copied.
    private var variants: [String: [String]] = [:]
    private var partials: [String: [String]] = [:]

    /// Lists `folder` once.
    public init(folder: String) {
        self.folder = folder
        guard case .success(let names) = FolderListing.names(in: folder) else { return }
        for name in names {
            if name.hasPrefix("."), let mark = name.range(of: FileMove.partialMark, options: .backwards) {
                partials[String(name[name.index(after: name.startIndex)..<mark.lowerBound]), default: []].append(name)
            } else {
                variants[Self.varied(name), default: []].append(name)
            }
        }
    }

    /// The path in the folder of the file that `identity` was, moved there as `name` or a free variant of it;
    /// nil when no file there is it.
    public func find(_ identity: FileIdentity, movedAs name: String) -> String? {
        for candidate in variants[Self.varied(name)] ?? [] {
            let path = folder + "/" + candidate
            if identity.isMoved(toFileAt: path) { return path }
        }
        return nil
    }

    /// Removes the partial copies of `name` a stopped move left in the folder (never a file under a real name);
    /// how many.
    @discardableResult
    public mutating func removePartialCopies(of name: String) -> Int {
        let found = partials.removeValue(forKey: name) ?? []
        return found.filter { unlink(FileNameEncoding.fileSystemRepresentation(of: folder + "/" + $0)) == 0 }.count
    }

    /// Whether the files at `first` and `second` hold the same bytes.
    public static func sameBytes(_ first: String, _ second: String) -> Bool {
        let (a, b) = (open(FileNameEncoding.fileSystemRepresentation(of: first), O_RDONLY | O_CLOEXEC),
                      open(FileNameEncoding.fileSystemRepresentation(of: second), O_RDONLY | O_CLOEXEC))
        defer {
            if a >= 0 { close(a) }
            if b >= 0 { close(b) }
        }
        guard a >= 0, b >= 0 else { return false }
        let chunk = 1 << 20
        var (left, right) = ([UInt8](repeating: 0, count: chunk), [UInt8](repeating: 0, count: chunk))
        while true {
            let count = left.withUnsafeMutableBytes { read(a, $0.baseAddress, chunk) }
            guard count >= 0 else { return false }
            var filled = 0
            while filled < count {
                let more = right.withUnsafeMutableBytes { read(b, $0.baseAddress! + filled, count - filled) }
                guard more > 0 else { return false }
                filled += more
            }
            if count == 0 { return right.withUnsafeMutableBytes { read(b, $0.baseAddress, 1) } == 0 }
            if left[0..<count] != right[0..<count] { return false }
        }
    }

    /// The name `name` is a free variant of: "a (2).jpg" → "a.jpg", "notes (3)" → "notes"; a name that is no
    /// variant is its own.
    static func varied(_ name: String) -> String {
        let pathExtension = (name as NSString).pathExtension
        let base = pathExtension.isEmpty ? name : String(name.dropLast(pathExtension.count + 1))
        guard base.hasSuffix(")"), let open = base.range(of: " (", options: .backwards) else { return name }
        let number = base[open.upperBound..<base.index(before: base.endIndex)]
        guard !number.isEmpty, number.allSatisfy(\.isASCII), Int(number).map({ $0 >= 2 }) == true else { return name }
        let stem = String(base[..<open.lowerBound])
        return pathExtension.isEmpty ? stem : stem + "." + pathExtension
    }
}
