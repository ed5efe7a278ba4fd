// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// The files of a direction's cards to the trash after a review, as one step of the history that Undo takes back.
extension MainWindow {
    func installTrashActions() {
        addWindowAction("trash-skipped") { [unowned self] in reviewTrash(decided: .left) }
        fileSteps.onReport = { [unowned self] message, undoable in toast(message, undoable: undoable) }
        fileSteps.onNoTrash = { [unowned self] batch, paths, reason in confirmDeletion(batch: batch, paths: paths, reason: reason) }
    }

    /// Every file the cards decided `direction` stand for: a pair's two files, and each one's XMP sidecar where
    /// there is one (in either app's naming), once each.
    func trashableFiles(decided direction: SwipeDirection) -> [String] {
        guard let current, let session else { return [] }
        var seen: Set<String> = []
        var files: [String] = []
        for decision in session.progress.decisions where decision.direction == direction {
            let paths = current.deck.cards[decision.cardIndex].filePaths
            let sidecars = (SidecarStyle.darktable.sidecarPaths(for: paths) + SidecarStyle.lightroom.sidecarPaths(for: paths))
                .filter { FileStatus(path: $0, followingLinks: false)?.kind == .regularFile }
            for path in paths + sidecars where seen.insert(path).inserted && FileStatus(path: path, followingLinks: false) != nil {
                files.append(path)
            }
        }
        return files
    }

    /// Reviews the files of the cards decided `direction` (another direction can be chosen in the review), then
    /// moves them.
    private func reviewTrash(decided direction: SwipeDirection) {
        guard let deck = current?.deck else { return }
        let directions = SwipeDirection.allCases.filter { deck.allowedDirections.contains($0) }
        TrashDialog(
            directions: directions.map { ($0, deck.label(for: $0)) }, chosen: direction, isPhotoDeck: deck.isPhotoDeck, parent: window,
            files: { [unowned self] direction in trashableFiles(decided: direction) }
        ) { [weak self] direction, files in
            self?.moveToTrash(files, decided: direction)
        }
    }

    /// Moves `files` to the trash as one step: the batch is kept in the store before the first file moves.
    private func moveToTrash(_ files: [String], decided direction: SwipeDirection) {
        guard let key = current?.key, let session, !files.isEmpty else { return }
        let store = journal.store
        let batch: Int64
        do throws(DecisionStoreError) {
            batch = try store.beginFileBatch(of: files, to: .trash, key: key)
        } catch {
            toast(String(format: tr("Nothing was moved: %@"), error.description))
            return
        }
        Trace.log("trash: moving \(files.count) files")
        session.perform { $0.moveFiles(direction, batch: batch) }
        fileSteps.trash(batch: batch, store: store)
    }

    /// Files whose disk has no trash stayed; deleting them for good is offered behind a destructive confirmation,
    /// and never taken back by Undo.
    private func confirmDeletion(batch: Int64, paths: [String], reason: String) {
        let names = paths.prefix(3).map { FileNameEncoding.displayName(of: URL(fileURLWithPath: $0)) }.joined(separator: ", ")
        let store = journal.store
        Trace.log("trash: no trash for \(paths.count) files")
        ConfirmationDialog(
            heading: String(format: trn("Delete %ld File for Good?", "Delete %ld Files for Good?", paths.count), paths.count),
            body: String(format: tr("Their disk has no trash (%@), so they stayed where they are: %@. Deleted files can't be brought back, not even with Undo."),
                         reason, paths.count > 3 ? names + "…" : names),
            cancel: tr("_Keep Them"), confirm: tr("_Delete for Good"), parent: window
        ) { [weak self] in
            self?.fileSteps.deletePermanently(batch: batch, store: store)
        }
    }
}
