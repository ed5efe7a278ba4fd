// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// How far the loading of one deck has come, and the way to stop it: written by the thread that loads, read
/// and cancelled by the one that shows it.
public final class DeckLoadProgress: Sendable {
    /// What the loader is counting.
    public enum Stage: Sendable, Equatable {
        /// Nothing read yet.
        case starting
        /// Bytes of a deck file parsed, of `total`.
        case readingFile
        /// Entries of a folder listed; their number is not known until the listing ends.
        case listingFolder
        /// Files of a folder looked at (size and date), of `total`.
        case readingFiles
    }

    /// One reading of the progress.
    public struct Snapshot: Sendable, Equatable {
        public var stage: Stage
        public var done: Int
        /// 0 while the total is not known.
        public var total: Int

        public init(stage: Stage, done: Int, total: Int) {
            self.stage = stage
            self.done = done
            self.total = total
        }

        /// `done` as a part of `total`, from 0 to 1; nil while the total is unknown.
        public var fraction: Double? {
            total > 0 ? min(1, Double(done) / Double(total)) : nil
        }
    }

    private let state = Mutex(Snapshot(stage: .starting, done: 0, total: 0))
    private let cancelled = Atomic(false)

    public init() {}

    /// The latest reading.
    public var snapshot: Snapshot { state.withLock { $0 } }

    /// Asks the loader to stop at its next step; it then throws `DeckLoadError.cancelled`.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Enters `stage` with `total` things to count (0 when unknown).
    public func begin(_ stage: Stage, total: Int) throws(DeckLoadError) {
        state.withLock { $0 = Snapshot(stage: stage, done: 0, total: total) }
        if isCancelled { throw .cancelled }
    }

    /// Records that `done` things are counted, and stops the loader once cancelled.
    public func advance(to done: Int) throws(DeckLoadError) {
        state.withLock { $0.done = done }
        if isCancelled { throw .cancelled }
    }
}
