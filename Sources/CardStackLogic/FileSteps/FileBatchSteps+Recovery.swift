// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackStore
import Foundation
import GtkSupport
import Translation

/// A batch the app was stopped in the middle of: where each file whose outcome was never written is now, found
/// by its identity, and what the stopped move left behind.
extension FileBatchSteps {
    /// Settles the files of deck `key`'s batches whose outcome was never written (the app was stopped while they
    /// moved): each is found where it is now, by its identity, and recorded there; what the stopped move left
    /// behind (a partial copy, a whole second copy) goes. What was found is said.
    public func recover(key: DeckKey, storage: JournalStorage) {
        queue.async {
            guard let batches = storage.use({ try $0.fileBatchesLeftPending(of: key) }), !batches.isEmpty else { return }
            var (moved, stayed) = (0, 0)
            for id in batches {
                guard let batch = storage.use({ try $0.fileBatch(id) }) ?? nil else { continue }
                var searches: [String: MovedFileSearch] = [:]
                var settled: [FileBatch.Item] = []
                for var item in batch.items where item.state == .pending {
                    let folder: String? = if case .folder(let folder) = batch.destination { Self.destinationFolder(of: item, in: folder, root: batch.root) } else { nil }
                    switch (Self.pendingPlace(of: item, in: folder, searches: &searches), batch.destination) {
                    case (.inPlace, _):
                        (item.state, item.reason) = (.failed, tr("the move was stopped before it"))
                        stayed += 1
                    case (.notFound, .trash):
                        item.state = .moved
                        moved += 1
                    case (.moved(let found), _):
                        (item.state, item.location) = (.moved, found)
                        moved += 1
                    case (.notFound, .folder), (.unknown, _):
                        continue
                    }
                    settled.append(item)
                }
                _ = storage.use { try $0.recordFileBatch(id, items: settled) }
            }
            guard moved + stayed > 0 else { return }
            Trace.log("files: a stopped move found \(moved) moved, \(stayed) in place")
            let message = String(format: tr("A move of files was stopped half-way: %1$ld had moved, %2$ld stayed in place"), moved, stayed)
            MainContext.invoke { [weak self] in self?.onReport?(message, nil) }
        }
    }

    /// Where a file whose move was never written (the app was stopped during it) is.
    enum PendingPlace {
        /// Still in its place: what the stopped move left in the destination is gone.
        case inPlace
        /// In the destination, at this path.
        case moved(String)
        /// Neither in its place nor in the destination.
        case notFound
        /// Not known: the batch kept no identity (an earlier version's).
        case unknown
    }

    /// Where `item`, whose move was never written, is, found by its identity in `folder` (the one it was moving
    /// into; nil for the trash), each folder listed once in `searches`; if it is still in its place, what
    /// the stopped move left in the destination goes: its partial copy, or a whole copy holding the same bytes.
    nonisolated static func pendingPlace(of item: FileBatch.Item, in folder: String?, searches: inout [String: MovedFileSearch]) -> PendingPlace {
        guard let identity = item.identity else { return .unknown }
        let name = URL(fileURLWithPath: item.path).lastPathComponent
        var search = folder.map { searches[$0] ?? MovedFileSearch(folder: $0) }
        search?.removePartialCopies(of: name)
        if let folder, let search { searches[folder] = search }
        let copy = search?.find(identity, movedAs: name)
        if identity.isSameFile(as: FileIdentity(path: item.path)) {
            if let copy, isLeftOver(copy, of: item.path, identity) { unlink(FileNameEncoding.fileSystemRepresentation(of: copy)) }
            return .inPlace
        }
        return copy.map { .moved($0) } ?? .notFound
    }

    /// Whether `copy`, found in the destination while the file `identity` is still at `original`, is what a stopped
    /// move left there: a second name of the same file (a link made before the original name was removed), or a
    /// whole copy holding the same bytes. Never the original itself.
    nonisolated static func isLeftOver(_ copy: String, of original: String, _ identity: FileIdentity) -> Bool {
        guard URL(fileURLWithPath: copy).standardizedFileURL != URL(fileURLWithPath: original).standardizedFileURL else { return false }
        return identity.isSameFile(as: FileIdentity(path: copy)) || MovedFileSearch.sameBytes(copy, original)
    }
}
