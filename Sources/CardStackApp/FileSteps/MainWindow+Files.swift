// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackLogic
import CardStackFiles
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// The files of a direction's cards after a review: to the trash, or copied or moved to a folder; a move (to the
/// trash or a folder) is one step of the history that Undo takes back.
extension MainWindow {
    func installFileActions() {
        addWindowAction("trash-skipped") { [unowned self] in review(.trash, decided: .left) }
        addWindowAction("copy-files") { [unowned self] in review(.copyOrMove, decided: .right) }
        fileSteps.onFilesMoved = { [unowned self] paths, away in
            session?.files(paths, areAway: away)
            Trace.log("files: \(paths.count) \(away ?? "back in place")")
        }
        // The files move after their step is made: Undo fits only while that step is still the latest.
        fileSteps.onReport = { [unowned self] message, batch in
            let latest: Int64? = if case .moveFiles(_, let id) = session?.progress.stepToUndo { id } else { nil }
            toast(message, undoable: batch != nil && batch == latest)
        }
        fileSteps.onNoTrash = { [unowned self] batch, paths, reason in confirmDeletion(batch: batch, paths: paths, reason: reason) }
        fileSteps.onFailures = { [unowned self] heading, failures in FailedFilesDialog.present(failures, heading: heading, parent: window) }
    }

    /// Every file the cards decided any of `directions` stand for: a pair's two files, and each one's XMP sidecar
    /// where there is one (in either app's naming), once each.
    func files(decided directions: Set<SwipeDirection>) -> [String] {
        guard let current, let session else { return [] }
        var seen: Set<String> = []
        var files: [String] = []
        for decision in session.progress.decisions where directions.contains(decision.direction) {
            let paths = current.deck.cards[decision.cardIndex].filePaths
            let present = paths.filter { FileStatus(path: $0, followingLinks: false) != nil }
            for path in present + SidecarStyle.existingSidecars(of: paths) where seen.insert(path).inserted {
                files.append(path)
            }
        }
        return files
    }

    /// Reviews the files of the cards decided `direction` (any set of directions can be chosen in the review) for
    /// `purpose`, then moves or copies them; into a folder, each keeps its subfolder under the deck's folder.
    private func review(_ purpose: FileReviewDialog.Purpose, decided direction: SwipeDirection) {
        guard let deck = current?.deck else { return }
        let directions = SwipeDirection.allCases.filter { deck.allowedDirections.contains($0) }
        FileReviewDialog(
            purpose, directions: directions.map { ($0, deck.label(for: $0)) }, chosen: direction, isPhotoDeck: deck.isPhotoDeck, parent: window,
            files: { [unowned self] directions in files(decided: directions) }
        ) { [weak self] directions, files, moves in
            guard let self else { return }
            switch purpose {
            case .trash:
                move(files, decided: directions, to: .trash)
            case .copyOrMove:
                DeckChooser(.folder, parent: window) { [weak self] folder in
                    if moves {
                        self?.move(files, decided: directions, to: .folder(folder.path))
                    } else {
                        self?.copy(files, to: folder)
                    }
                }
            }
        }
    }

    /// The folder whose subfolders the deck's files keep when they go to another folder: a folder deck's own.
    private var subfolderRoot: String? {
        guard let source = current?.deck.source, FileStatus(path: source.path)?.kind == .folder else { return nil }
        return source.standardizedFileURL.path
    }

    /// Moves `files` to `destination` as one step: the batch is kept in the store before the first file moves.
    private func move(_ files: [String], decided directions: [SwipeDirection], to destination: FileBatch.Destination) {
        guard let key = current?.key, let session, !files.isEmpty else { return }
        let storage = journal.storage
        let root = destination == .trash ? nil : subfolderRoot
        // What tells each file apart, taken before any moves: undo brings back only the files that are still these.
        let identities = files.map { FileIdentity(path: $0) }
        let batch: Int64
        switch storage.perform({ try $0.beginFileBatch(of: files, identities: identities, to: destination, keepingSubfoldersOf: root, key: key) }) {
        case .success(let begun): batch = begun.value
        case .failure(let error):
            toast(String(format: tr("Nothing was moved: %@"), error.description))
            return
        }
        Trace.log("files: moving \(files.count)")
        session.perform { $0.moveFiles(directions, batch: batch) }
        fileSteps.move(batch: batch, to: destination, storage: storage)
    }

    /// Copies `files` into `folder`, each in its subfolder, never replacing a file there; not a step, as the
    /// originals stay.
    private func copy(_ files: [String], to folder: URL) {
        let sources = files.map(URL.init(fileURLWithPath:))
        PhotoCopyDialog(PhotoCopy(sources: sources, destination: folder, keepingSubfoldersOf: subfolderRoot), parent: window) { [weak self] outcome in
            var message = String(format: trn("Copied %1$ld file to “%2$@”", "Copied %1$ld files to “%2$@”", outcome.copied.count),
                                 outcome.copied.count, FileNameEncoding.displayName(of: folder))
            if let failure = outcome.failed.first {
                message += String(format: tr("; %ld stayed (%@: %@)"), outcome.failed.count, FileNameEncoding.displayName(of: failure.source), failure.reason)
            }
            self?.toast(message)
            Trace.log("files: copied \(outcome.copied.count) of \(sources.count) to \(folder.path)")
        }
    }

    /// Files whose disk has no trash stayed; deleting them for good is offered behind a destructive confirmation,
    /// and never taken back by Undo.
    private func confirmDeletion(batch: Int64, paths: [String], reason: String) {
        let names = paths.prefix(3).map { FileNameEncoding.displayName(of: URL(fileURLWithPath: $0)) }.joined(separator: ", ")
        let storage = journal.storage
        Trace.log("trash: no trash for \(paths.count) files")
        ConfirmationDialog(
            heading: String(format: trn("Delete %ld File for Good?", "Delete %ld Files for Good?", paths.count), paths.count),
            body: String(format: tr("Their disk has no trash (%@), so they stayed where they are: %@. Deleted files can't be brought back, not even with Undo."),
                         reason, paths.count > 3 ? names + "…" : names),
            cancel: tr("_Keep Them"), confirm: tr("_Delete for Good"), parent: window
        ) { [weak self] in
            self?.fileSteps.deletePermanently(batch: batch, storage: storage)
        }
    }
}
