// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackStore
import Foundation

/// The one way into the decision store, for the journal and for the work it hands to other threads (sidecar
/// writes, file moves), so that when the database refuses a write every writer goes on with the same in-memory
/// copy.
///
/// The first failure on disk swaps the store for a snapshot of what the file holds, tells ``onProblem`` once,
/// and runs the refused work again on the copy; the file is never touched again in this session. Work runs
/// outside the lock, so the main thread never waits behind another thread's write: only the swap is locked, and
/// a failure on a store already swapped out swaps nothing.
public final class JournalStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var store: DecisionStore
    private var onDisk: Bool
    private let url: URL
    /// Held while this process saves to the database; let go with the file.
    private var folderLock: DataFolderLock?
    /// Told, on the thread that met it, why the database was left; once.
    let onProblem: @Sendable (String) -> Void

    /// Storage over `store`, which is the database at `url` when `onDisk`, or a copy of it in memory.
    init(store: DecisionStore, onDisk: Bool, url: URL, folderLock: DataFolderLock?, onProblem: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.onDisk = onDisk
        self.url = url
        self.folderLock = folderLock
        self.onProblem = onProblem
    }

    /// Whether work still reaches the database file.
    public var savesToDisk: Bool { lock.withLock { onDisk } }

    /// Runs `body` on the store; when the file refuses it, goes on in memory and runs it there. Nil (and said on
    /// stderr) when not even the copy could.
    public func use<Value>(_ body: (DecisionStore) throws -> Value) -> Value? {
        try? perform(body).get().value
    }

    /// Runs `body` as ``use(_:)`` does, saying too whether its result came from the file.
    public func perform<Value>(_ body: (DecisionStore) throws -> Value) -> Result<(value: Value, onDisk: Bool), DecisionStoreError> {
        let (current, wasOnDisk) = lock.withLock { (store, onDisk) }
        switch Self.run(body, on: current) {
        case .success(let value): return .success((value, wasOnDisk))
        case .failure(let error):
            StandardError.report(error.description)
            guard wasOnDisk else { return .failure(error) }
            let copy = goInMemory(after: error, leaving: current)
            return Self.run(body, on: copy).map { ($0, false) }.mapError { error in
                StandardError.report("not even the copy in memory could: \(error)")
                return error
            }
        }
    }

    /// `body` on `store`, with what it threw as the store's error (the store throws nothing else).
    private static func run<Value>(_ body: (DecisionStore) throws -> Value, on store: DecisionStore) -> Result<Value, DecisionStoreError> {
        do {
            return .success(try body(store))
        } catch let error as DecisionStoreError {
            return .failure(error)
        } catch {
            return .failure(.unavailable(path: store.path, reason: "\(error)"))
        }
    }

    /// Swaps `failed` for a copy in memory of what the file holds, unless another thread did already; returns
    /// the store to go on with.
    private func goInMemory(after error: DecisionStoreError, leaving failed: DecisionStore) -> DecisionStore {
        let swapped: Bool = lock.withLock {
            guard onDisk, store === failed else { return false }
            store = Self.copy(of: url)
            onDisk = false
            folderLock = nil
            return true
        }
        if swapped { onProblem(error.description) }
        return lock.withLock { store }
    }

    /// What the file at `url` holds, in memory, or an empty store when not even that can be read.
    static func copy(of url: URL) -> DecisionStore {
        (try? DecisionStore.snapshot(of: url)) ?? .inMemory()
    }

    /// Closes the store as the app quits (see ``DecisionStore/close()``).
    func close() {
        lock.withLock { store }.close()
    }
}
