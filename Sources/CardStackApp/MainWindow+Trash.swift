// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackWidgets
import Dispatch
import Foundation
import GtkSupport
import Translation

/// The skipped files to the trash after a review, and back again with Restore.
extension MainWindow {
    func installTrashActions() {
        addWindowAction("trash-skipped") { [unowned self] in reviewTrash(decided: .left) }
        addWindowAction("restore-trashed") { [unowned self] in restoreTrashed() }
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
            for path in paths + sidecars where seen.insert(path).inserted { files.append(path) }
        }
        return files
    }

    private func reviewTrash(decided direction: SwipeDirection) {
        guard let deck = current?.deck else { return }
        let label = deck.label(for: direction)
        let files = trashableFiles(decided: direction)
        guard !files.isEmpty else {
            toast(String(format: tr("No files decided “%@” yet"), label))
            return
        }
        TrashDialog(files: files, decided: label, parent: window) { [weak self] outcome in
            guard let self else { return }
            lastTrashed = outcome.trashed
            var message = String(format: trn("Moved %ld file to the trash", "Moved %ld files to the trash", outcome.trashed.count), outcome.trashed.count)
            if let failure = outcome.failed.first {
                message += String(format: tr("; %ld stayed (%@: %@)"), outcome.failed.count,
                                  FileNameEncoding.displayName(of: URL(fileURLWithPath: failure.path)), failure.reason)
            }
            toasts.show(message, button: outcome.trashed.isEmpty ? nil : ToastPresenter.Button(label: tr("_Restore"), action: "win.restore-trashed"))
            Trace.log("trash: moved \(outcome.trashed.count), \(outcome.failed.count) stayed")
        }
    }

    /// Brings the files moved last back from the trash, each to its place (or beside it when the name was taken).
    private func restoreTrashed() {
        let files = lastTrashed
        lastTrashed = []
        guard !files.isEmpty else { return }
        DispatchQueue.global(qos: .userInitiated).async {
            var restored = 0
            var failure: String?
            for path in files {
                switch TrashRestore.restore(path) {
                case .success: restored += 1
                case .failure(let reason): failure = "\(FileNameEncoding.displayName(of: URL(fileURLWithPath: path))): \(reason)"
                }
            }
            let (count, problem) = (restored, failure)
            MainContext.invoke { [weak self] in
                var message = String(format: trn("Brought back %ld file from the trash", "Brought back %ld files from the trash", count), count)
                if let problem { message += "; \(problem)" }
                self?.toast(message)
                Trace.log("trash: restored \(count) of \(files.count)")
            }
        }
    }
}
