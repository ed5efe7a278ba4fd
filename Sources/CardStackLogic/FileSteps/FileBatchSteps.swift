// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackFiles
import CardStackStore
import Dispatch
import Foundation
import GtkSupport
import Translation

/// Files of a direction's cards moved (to the trash, or to a folder) as one step of the deck's history, moved
/// back when the step is undone (the toast's Undo, Ctrl+Z, or after a relaunch) and again when it is redone.
///
/// The batch is written to the store before the first file moves, and each file's outcome after, so a relaunch
/// after the app was killed half-way still knows every file the step may have moved: undoing it looks for each
/// in the trash among the entries made since the batch began, or in the folder by what the file is (its
/// ``FileIdentity``), never by its name alone; the next opening settles such a batch first
/// (`FileBatchSteps+Recovery`). The files move on a queue of their own, one job after another,
/// so the window never waits for a disk and an undo waits behind the batch it undoes. A file never replaces
/// another: it takes "name (2).jpg" where its name is taken, at the destination and when it comes back.
@MainActor
public final class FileBatchSteps {
    /// Where the files move, one job after another (and a relaunch's recovery, before them).
    let queue = DispatchQueue(label: "io.github.cardstack.files", qos: .userInitiated)
    /// Told what happened, for a toast: the message, and the batch whose step an Undo would take back.
    public var onReport: (@MainActor (_ message: String, _ undoing: Int64?) -> Void)?
    /// Told of files that went away from their place (with what a card says of them: "In the trash") or came
    /// back (nil), by their old paths.
    public var onFilesMoved: (@MainActor (_ paths: [String], _ away: String?) -> Void)?
    /// Told of the files of batch `batch` that stayed because their disk has no trash, with GIO's words for it:
    /// deleting them for good is the user's call.
    public var onNoTrash: (@MainActor (_ batch: Int64, _ paths: [String], _ reason: String) -> Void)?
    /// Told of the files that stayed where they were, each with why, under a heading saying how many.
    public var onFailures: (@MainActor (_ heading: String, _ failures: [(path: String, reason: String)]) -> Void)?
    /// Told how far the oldest job has come once it has run for ``barDelay``: its words, and how many of how
    /// many files are done.
    public var onProgress: (@MainActor (_ title: String, _ done: Int, _ total: Int) -> Void)?
    /// Told when no job is left: whatever showed the progress can go.
    public var onIdle: (@MainActor () -> Void)?
    /// How long a job runs before the bar shows it, in ns.
    nonisolated static let barDelay: UInt64 = 300_000_000
    /// Jobs asked for and not yet finished; the bar shows the oldest.
    private var jobs: [Job] = []

    /// One run over a batch's files.
    private final class Job: Sendable {
        enum Kind {
            /// To the batch's destination: the step made or redone.
            case forward
            /// Back to their places: the step undone.
            case back
            /// Files that stayed for want of a trash, deleted for good.
            case delete
        }
        let kind: Kind
        let destination: FileBatch.Destination
        let flag = CancellationFlag()

        init(kind: Kind, destination: FileBatch.Destination) {
            self.kind = kind
            self.destination = destination
        }

        /// The bar's words while it runs.
        @MainActor var title: String {
            switch (kind, destination) {
            case (.forward, .trash): tr("Moving files to the trash…")
            case (.forward, .folder(let folder)): String(format: tr("Moving files to “%@”…"), FileNameEncoding.displayName(of: URL(fileURLWithPath: folder)))
            case (.back, .trash): tr("Bringing files back from the trash…")
            case (.back, .folder): tr("Moving files back…")
            case (.delete, _): tr("Deleting files…")
            }
        }

        /// The message once it is done: how many files it moved.
        @MainActor func report(_ count: Int) -> String {
            switch (kind, destination) {
            case (.forward, .trash): String(format: trn("Moved %ld file to the trash", "Moved %ld files to the trash", count), count)
            case (.forward, .folder(let folder)):
                String(format: trn("Moved %1$ld file to “%2$@”", "Moved %1$ld files to “%2$@”", count), count,
                       FileNameEncoding.displayName(of: URL(fileURLWithPath: folder)))
            case (.back, .trash): String(format: trn("Brought back %ld file from the trash", "Brought back %ld files from the trash", count), count)
            case (.back, .folder): String(format: trn("Moved %ld file back", "Moved %ld files back", count), count)
            case (.delete, _): String(format: trn("Deleted %ld file for good", "Deleted %ld files for good", count), count)
            }
        }

        /// What a card says of a file this job moved away.
        @MainActor var awayWords: String {
            switch destination {
            case .trash: tr("In the trash")
            case .folder(let folder): String(format: tr("Moved to “%@”"), FileNameEncoding.displayName(of: URL(fileURLWithPath: folder)))
            }
        }

        /// The trace's word for what it did.
        var verb: String {
            switch (kind, destination) {
            case (.forward, .trash): "trashed"
            case (.forward, .folder): "moved"
            case (.back, .trash): "restored"
            case (.back, .folder): "moved back"
            case (.delete, _): "deleted"
            }
        }
    }

    /// Moves nothing until asked.
    public init() {}

    /// Stops the oldest job between two files (the bar's Cancel); what it moved stays moved, and is said.
    public func cancelCurrent() {
        jobs.first?.flag.cancel()
    }

    /// Moves the files of batch `batch`, just begun in `store`, to `destination`.
    public func move(batch: Int64, to destination: FileBatch.Destination, storage: JournalStorage) {
        run(.forward, batch: batch, destination: destination, storage: storage)
    }

    /// Deletes for good the files of batch `batch` that stayed for want of a trash, once the user confirmed it.
    public func deletePermanently(batch: Int64, storage: JournalStorage) {
        run(.delete, batch: batch, destination: .trash, storage: storage)
    }

    /// Moves files back, or to their destination again, when a file step of the history is undone or redone.
    public func apply(_ change: ProgressChange, storage: JournalStorage) {
        let (kind, batch): (Job.Kind, Int64)
        switch change {
        case .undid(.moveFiles(_, let id)): (kind, batch) = (.back, id)
        case .redid(.moveFiles(_, let id)): (kind, batch) = (.forward, id)
        default: return
        }
        // One row, for the bar's words; the files are read again on the queue, after the jobs before this one.
        guard let destination = storage.use({ try $0.fileBatch(batch) })??.destination else {
            onReport?(tr("The files of this step are not known any more"), nil)
            return
        }
        run(kind, batch: batch, destination: destination, storage: storage)
    }

    /// Waits until every file job asked for so far is done (for closing the window).
    public func finish() {
        queue.sync {}
    }

    private func run(_ kind: Job.Kind, batch id: Int64, destination: FileBatch.Destination, storage: JournalStorage) {
        let job = Job(kind: kind, destination: destination)
        jobs.append(job)
        let started = DispatchTime.now()
        queue.async {
            let outcome = Self.perform(job, batch: id, storage: storage) { done, total in
                MainContext.invoke { [weak self] in
                    // A batch done within a blink (files renamed on one disk) never flashes a bar.
                    guard let self, jobs.first === job, DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds > Self.barDelay else { return }
                    onProgress?(job.title, done, total)
                }
            }
            MainContext.invoke { [weak self] in self?.finished(job, outcome, batch: id) }
        }
    }

    private func finished(_ job: Job, _ outcome: Outcome, batch: Int64) {
        jobs.removeAll { $0 === job }
        if jobs.isEmpty { onIdle?() }
        switch job.kind {
        case .forward: onFilesMoved?(outcome.movedPaths, job.awayWords)
        case .back: onFilesMoved?(outcome.movedPaths, nil)
        case .delete: onFilesMoved?(outcome.movedPaths, tr("Deleted for good"))
        }
        var message = job.report(outcome.moved)
        if outcome.alreadyBack > 0 {
            message += String(format: trn("; %ld was back in its folder already", "; %ld were back in their folders already", outcome.alreadyBack),
                              outcome.alreadyBack)
        }
        if outcome.stopped > 0 {
            message += String(format: trn("; stopped before %ld more", "; stopped before %ld more", outcome.stopped), outcome.stopped)
        }
        if let failure = outcome.failures.first {
            message += String(format: tr("; %ld stayed (%@: %@)"), outcome.failures.count,
                              FileNameEncoding.displayName(of: URL(fileURLWithPath: failure.path)), failure.reason)
        }
        Trace.log("files: \(job.verb) \(outcome.moved), \(outcome.failures.count) stayed, \(outcome.stopped) stopped")
        // Nothing moved because the disk has no trash: the question that follows says so.
        let onlyWithoutTrash = outcome.moved == 0 && outcome.failures.isEmpty && !outcome.withoutTrash.isEmpty
        if !onlyWithoutTrash { onReport?(message, job.kind == .forward && outcome.moved > 0 ? batch : nil) }
        if !outcome.failures.isEmpty {
            onFailures?(String(format: trn("%ld File Stayed", "%ld Files Stayed", outcome.failures.count), outcome.failures.count), outcome.failures)
        }
        if job.kind == .forward, let reason = outcome.withoutTrash.first?.reason {
            onNoTrash?(batch, outcome.withoutTrash.map(\.path), reason)
        }
    }

    /// What one job did.
    private struct Outcome: Sendable {
        var moved = 0
        /// The old paths of the files moved (or found back in place), for the cards that show them.
        var movedPaths: [String] = []
        var failures: [(path: String, reason: String)] = []
        /// Files not reached before Cancel.
        var stopped = 0
        /// Files that were back in their place already: brought back from the trash by someone else.
        var alreadyBack = 0
        /// Files that stayed because their disk has no trash, with GIO's words for it.
        var withoutTrash: [(path: String, reason: String)] = []
    }

    /// Moves each file of the batch that is where `job` moves files from, recording each outcome; on the files'
    /// queue.
    private nonisolated static func perform(
        _ job: Job, batch id: Int64, storage: JournalStorage, progress: @escaping @Sendable (Int, Int) -> Void
    ) -> Outcome {
        var outcome = Outcome()
        let batch: FileBatch
        switch storage.perform({ try $0.fileBatch(id) }) {
        case .success(let found):
            guard let found = found.value else { return outcome }
            batch = found
        case .failure(let error):
            outcome.failures.append(("", error.description))
            return outcome
        }
        // Moved (or, after the app was stopped half-way, perhaps moved) files go back; files back in place go
        // again; only files that stayed for want of a trash are deleted.
        let items = batch.items.filter { item in
            switch job.kind {
            case .back: item.state == .moved || item.state == .pending
            case .forward: item.state == .back || item.state == .pending
            case .delete: item.state == .failed && item.reason == FileBatch.noTrashReason
            }
        }
        if job.kind == .forward, case .folder(let folder) = batch.destination {
            fingerprintCrossingFiles(items, into: folder, batch: id, storage: storage)
        }
        var changed: [FileBatch.Item] = []
        var lastReport = DispatchTime.now()
        // The trash is read once for the whole batch, not once for each file.
        var trashIndex = job.kind == .back && batch.destination == .trash ? TrashRestore.Index(for: items.map { $0.location ?? $0.path }) : nil
        // Each folder the batch's files went to is listed once, when a file is first looked for in it.
        var searches: [String: MovedFileSearch] = [:]
        for (index, item) in items.enumerated() {
            if job.flag.isCancelled {
                outcome.stopped = items.count - index
                break
            }
            let step = switch (job.kind, batch.destination) {
            case (.forward, .trash): trash(item)
            case (.forward, .folder(let folder)): move(item, into: folder, keepingSubfoldersOf: batch.root)
            case (.back, .trash): restore(item, since: batch.startedAt, from: &trashIndex!)
            case (.back, .folder(let folder)): moveBack(item, from: destinationFolder(of: item, in: folder, root: batch.root), searches: &searches)
            case (.delete, _): delete(item)
            }
            if step.item != item { changed.append(step.item) }
            switch step.result {
            case .moved:
                outcome.moved += 1
                outcome.movedPaths.append(item.path)
            case .settled: break
            case .alreadyBack:
                outcome.alreadyBack += 1
                outcome.movedPaths.append(item.path)
            case .failed(let reason): outcome.failures.append((item.location ?? item.path, reason))
            case .noTrash(let reason): outcome.withoutTrash.append((item.location ?? item.path, reason))
            }
            // A few updates a second: enough for the bar, and no flood of main-loop work for a thousand files.
            // The outcomes so far are written with each, so a stop in the middle leaves few files pending.
            if DispatchTime.now().uptimeNanoseconds - lastReport.uptimeNanoseconds > 50_000_000 || index == items.count - 1 {
                lastReport = DispatchTime.now()
                record(&changed, batch: id, storage: storage, outcome: &outcome)
                progress(index + 1, items.count)
            }
        }
        record(&changed, batch: id, storage: storage, outcome: &outcome)
        return outcome
    }

    /// Records, before any of them moves, the fingerprints of the files that will cross to another file system
    /// on their way into `folder`: there a copy keeps only size, time and bytes (``FileIdentity``).
    private nonisolated static func fingerprintCrossingFiles(_ items: [FileBatch.Item], into folder: String, batch id: Int64, storage: JournalStorage) {
        guard let destination = FileIdentity(path: folder) else { return }
        let printed = items.compactMap { item -> FileBatch.Item? in
            guard var identity = item.identity, identity.device != destination.device, identity.fingerprint == nil,
                  let fingerprint = FileIdentity.fingerprint(ofFileAt: item.location ?? item.path) else { return nil }
            identity.fingerprint = fingerprint
            var printed = item
            printed.identity = identity
            return printed
        }
        guard !printed.isEmpty else { return }
        _ = storage.use { try $0.recordFingerprints(of: id, items: printed) }
    }

    /// Writes the outcomes in `changed` to the store, and empties it.
    private nonisolated static func record(_ changed: inout [FileBatch.Item], batch id: Int64, storage: JournalStorage, outcome: inout Outcome) {
        guard !changed.isEmpty else { return }
        let items = changed
        if case .failure(let error) = storage.perform({ try $0.recordFileBatch(id, items: items) }) {
            outcome.failures.append(("", error.description))
        }
        changed.removeAll()
    }

    /// One file's move: how it stands after, and what happened.
    private struct FileStep {
        enum Result { case moved, settled, alreadyBack, failed(String), noTrash(String) }
        var item: FileBatch.Item
        var result: Result
    }

    /// `item` moved to the trash from where it is, or why not.
    private nonisolated static func trash(_ item: FileBatch.Item) -> FileStep {
        var after = item
        switch Trash.move(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: item.location ?? item.path)) {
        case .success:
            after.state = .moved
            after.reason = nil
            return FileStep(item: after, result: .moved)
        case .failure(let failure):
            // Failed for good only when this was its first move; a file brought back stays back.
            if item.state == .pending { after.state = .failed }
            if case .noTrash(let reason) = failure {
                after.reason = FileBatch.noTrashReason
                return FileStep(item: after, result: .noTrash(reason))
            }
            after.reason = failure.description
            return FileStep(item: after, result: .failed(failure.description))
        }
    }

    /// `item` back from the trash, or why not; a file the batch never moved (the app was stopped before it) is
    /// already in its place.
    private nonisolated static func restore(_ item: FileBatch.Item, since start: Date, from trash: inout TrashRestore.Index) -> FileStep {
        let path = item.location ?? item.path
        var after = item
        switch trash.restore(path, deletedSince: start) {
        case .success(let restored):
            after.state = .back
            after.location = restored == item.path ? nil : restored
            return FileStep(item: after, result: .moved)
        case .failure(.notInTrash) where FileStatus(path: path, followingLinks: false) != nil:
            // Never moved (the app was stopped before it), or brought back already (from the desktop's trash).
            after.state = .back
            return FileStep(item: after, result: item.state == .pending ? .settled : .alreadyBack)
        case .failure(let failure):
            return FileStep(item: after, result: .failed(failure.description))
        }
    }

    /// The folder under `folder` that `item` goes to: its subfolder under `root` kept, when the batch has one.
    nonisolated static func destinationFolder(of item: FileBatch.Item, in folder: String, root: String?) -> String {
        KeptSubfolder.path(KeptSubfolder.kept(by: item.path, under: root), in: folder)
    }

    /// `item` moved into `folder` under its own name (or a free variant), in its subfolder under `root` where the
    /// batch keeps them, or why not.
    private nonisolated static func move(_ item: FileBatch.Item, into folder: String, keepingSubfoldersOf root: String?) -> FileStep {
        var after = item
        let name = URL(fileURLWithPath: item.path).lastPathComponent
        let moved = KeptSubfolder.folder(KeptSubfolder.kept(by: item.path, under: root), in: folder).flatMap { FileMove.move(item.location ?? item.path, into: $0, as: name) }
        switch moved {
        case .success(let moved):
            after.state = .moved
            after.location = moved
            after.reason = nil
            return FileStep(item: after, result: .moved)
        case .failure(let failure):
            if item.state == .pending { after.state = .failed }
            after.reason = failure.description
            return FileStep(item: after, result: .failed(failure.description))
        }
    }

    /// `item` moved back from `folder` to its old place (or beside it when the name was taken meanwhile): the file
    /// that is still the one moved (``FileIdentity``), never another that took its name. A file whose move was
    /// never written (the app was stopped during it) is looked for in the folder by its identity; if it is still
    /// in its place, what the stopped move left in the folder goes: its partial copy, or a whole copy holding the
    /// same bytes.
    private nonisolated static func moveBack(_ item: FileBatch.Item, from folder: String, searches: inout [String: MovedFileSearch]) -> FileStep {
        var after = item
        let original = URL(fileURLWithPath: item.path)
        let location: String
        if let recorded = item.location {
            if let identity = item.identity, !identity.isMoved(toFileAt: recorded) {
                // An undo stopped half-way (the app killed) brought it back before its outcome was written.
                if identity.isMoved(toFileAt: item.path) {
                    after.state = .back
                    return FileStep(item: after, result: .alreadyBack)
                }
                return FileStep(item: after, result: .failed(String(format: tr("“%@” is not the file that was moved there any more; it was left as it is"),
                                                                     FileNameEncoding.displayName(of: URL(fileURLWithPath: recorded)))))
            }
            location = recorded
        } else {
            switch pendingPlace(of: item, in: folder, searches: &searches) {
            case .inPlace, .unknown:
                // Never moved; or, in a batch of an earlier version, which kept no identity, nothing tells the file
                // from another of its name in the folder, so it is left there.
                after.state = .back
                return FileStep(item: after, result: .settled)
            case .notFound:
                return FileStep(item: after, result: .failed(String(format: tr("it is not in “%@” any more"),
                                                                     FileNameEncoding.displayName(of: URL(fileURLWithPath: folder)))))
            case .moved(let found):
                location = found
            }
        }
        switch FileMove.move(location, into: original.deletingLastPathComponent().path, as: original.lastPathComponent) {
        case .success(let restored):
            after.state = .back
            after.location = restored == item.path ? nil : restored
            return FileStep(item: after, result: .moved)
        case .failure(let failure):
            return FileStep(item: after, result: .failed(failure.description))
        }
    }

    /// `item`, which stayed for want of a trash, deleted for good, or why not.
    private nonisolated static func delete(_ item: FileBatch.Item) -> FileStep {
        var after = item
        switch Trash.deletePermanently(fileSystemPath: FileNameEncoding.fileSystemRepresentation(of: item.location ?? item.path)) {
        case .success:
            after.reason = FileBatch.deletedReason
            return FileStep(item: after, result: .moved)
        case .failure(let failure):
            return FileStep(item: after, result: .failed(failure.description))
        }
    }
}
