// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import CardStackTestSupport
import XCTest

@testable import CardStackStore

/// How the store treats the file: where it goes, who else may use it, and what it refuses to touch.
final class DatabaseFileTests: XCTestCase {
    // MARK: Location

    func testDefaultURLHonoursXDGDataHome() {
        let url = DecisionStore.defaultURL(environment: ["XDG_DATA_HOME": "/data/ada", "HOME": "/home/ada"])
        XCTAssertEqual(url.path, "/data/ada/io.github.cardstack.CardStack/decisions.sqlite")
    }

    func testDefaultURLFallsBackToLocalShare() {
        let expected = "/home/ada/.local/share/io.github.cardstack.CardStack/decisions.sqlite"
        XCTAssertEqual(DecisionStore.defaultURL(environment: ["HOME": "/home/ada"]).path, expected)
        XCTAssertEqual(DecisionStore.defaultURL(environment: ["XDG_DATA_HOME": "", "HOME": "/home/ada"]).path, expected)
        XCTAssertEqual(
            DecisionStore.defaultURL(environment: ["XDG_DATA_HOME": "relative/data", "HOME": "/home/ada"]).path,
            expected,
            "the XDG spec says relative paths are invalid and must be ignored"
        )
    }

    func testOpeningCreatesTheFolder() throws {
        let dataHome = try makeTemporaryFolder().appendingPathComponent("new/data", isDirectory: true)
        let url = DecisionStore.defaultURL(environment: ["XDG_DATA_HOME": dataHome.path])
        let store = try DecisionStore(url: url)
        try store.record(.restarted, in: Fixture.key, at: Fixture.start)
        XCTAssertEqual(store.path, url.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
        XCTAssertEqual(try SQLiteShell.query("PRAGMA journal_mode;", path: url.path), "wal")
    }

    func testEmptyFileIsANewDatabase() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data()))
        let store = try DecisionStore(url: url)
        try store.record(.decided(cardID: "a", direction: .up), in: Fixture.key, at: Fixture.start)
        XCTAssertEqual(try store.history(of: Fixture.key).count, 1)
    }

    // MARK: Other connections

    func testAnotherProcessReadsCommittedEventsWhileTheStoreWrites() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let store = try DecisionStore(url: url)
        let count = "SELECT count(*) FROM event;"
        try store.record(.decided(cardID: "card-0", direction: .right), in: Fixture.key, at: Fixture.date(0))
        XCTAssertEqual(try SQLiteShell.query(count, path: url.path), "1", "committed before record returns")

        let reader = try SQLiteShell(path: url.path)
        XCTAssertEqual(try reader.run("BEGIN; \(count)"), "1")
        // WAL: a reader in the middle of a transaction doesn't hold the writer up…
        try store.record(.decided(cardID: "card-1", direction: .left), in: Fixture.key, at: Fixture.date(1))
        // …and keeps its snapshot until it ends it.
        XCTAssertEqual(try reader.run(count), "1")
        XCTAssertEqual(try reader.run("COMMIT; \(count)"), "2")
        XCTAssertEqual(
            try reader.run("SELECT kind, card_id, direction, datetime(occurred_at, 'unixepoch') FROM event ORDER BY sequence;"),
            "decided|card-0|right|2026-11-21 09:35:44\ndecided|card-1|left|2026-11-21 09:35:45"
        )
        try reader.close()
    }

    func testLockedDatabaseThrowsWithinTheBusyTimeout() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let store = try DecisionStore(url: url)
        try store.record(.decided(cardID: "card-0", direction: .right), in: Fixture.key, at: Fixture.date(0))

        let holder = try SQLiteShell(path: url.path)
        try holder.run("BEGIN EXCLUSIVE; INSERT INTO deck (key) VALUES ('/held.json');")
        let started = Date()
        assertThrows(.locked(path: url.path)) {
            try store.record(.decided(cardID: "card-1", direction: .left), in: Fixture.key, at: Fixture.date(1))
        }
        let waited = Date().timeIntervalSince(started)
        XCTAssertGreaterThanOrEqual(waited, DecisionStore.busyTimeout * 0.9, "waited for the lock first")
        XCTAssertLessThan(waited, DecisionStore.busyTimeout + 2, "gave up instead of hanging")
        // Readers aren't blocked by a writer in WAL mode.
        XCTAssertEqual(try store.history(of: Fixture.key).count, 1)

        try holder.run("COMMIT;")
        try holder.close()
        try store.record(.decided(cardID: "card-2", direction: .up), in: Fixture.key, at: Fixture.date(2))
        XCTAssertEqual(try store.history(of: Fixture.key).map(\.cardID), ["card-0", "card-2"])
    }

    // MARK: Files we must not touch

    /// A snapshot of every file in `folder` with its bytes.
    private func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    private func assertCorruptAndUntouched(_ bytes: Data, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = try makeTemporaryFolder()
        let url = folder.appendingPathComponent("decisions.sqlite")
        try bytes.write(to: url)
        let before = try contents(of: folder)
        assertThrows(.corrupt(path: url.path), file: file, line: line) { try DecisionStore(url: url) }
        XCTAssertEqual(try contents(of: folder), before, "the file is left byte for byte as it was", file: file, line: line)
    }

    func testTextFileIsReportedCorruptAndLeftAlone() throws {
        try assertCorruptAndUntouched(Data("id,title\ndune,Dune\n".utf8))
    }

    func testRandomBytesAreReportedCorruptAndLeftAlone() throws {
        var random = SeededGenerator(seed: 7)
        try assertCorruptAndUntouched(Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) }))
    }

    func testTruncatedHeaderIsReportedCorrupt() throws {
        try assertCorruptAndUntouched(Data(DatabaseFileValidation.magic + [0, 16, 1, 1]))
    }

    func testDamagedPagesBehindAValidHeaderAreReportedCorruptAndLeftAlone() throws {
        let folder = try makeTemporaryFolder()
        let url = folder.appendingPathComponent("decisions.sqlite")
        do {
            let store = try DecisionStore(url: url)
            for second in 0..<300 {
                try store.record(.decided(cardID: "card-\(second)", direction: .right), in: Fixture.key, at: Fixture.date(second))
            }
        }
        // Closing the last connection checkpoints the WAL into the main file and removes it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["decisions.sqlite"])
        var bytes = try Data(contentsOf: url)
        let pageSize = 4096
        XCTAssertGreaterThan(bytes.count, 3 * pageSize)
        var random = SeededGenerator(seed: 11)
        for offset in pageSize..<(3 * pageSize) {
            bytes[offset] = UInt8.random(in: 0...255, using: &random)
        }
        try assertCorruptAndUntouched(bytes)
    }

    func testReadOnlyFolderIsReported() throws {
        let folder = try makeTemporaryFolder()
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        try skipIfStillWritable(folder: folder)
        let url = folder.appendingPathComponent("decisions.sqlite")
        assertThrows(.readOnly(path: folder.path)) { try DecisionStore(url: url) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testReadOnlyFileIsReportedAndLeftAlone() throws {
        let folder = try makeTemporaryFolder()
        let url = folder.appendingPathComponent("decisions.sqlite")
        do {
            let store = try DecisionStore(url: url)
            try store.record(.restarted, in: Fixture.key, at: Fixture.start)
        }
        XCTAssertEqual(chmod(url.path, 0o444), 0)
        try skipIfStillWritable(file: url)
        let before = try Data(contentsOf: url)
        assertThrows(.readOnly(path: url.path)) { try DecisionStore(url: url) }
        XCTAssertEqual(try Data(contentsOf: url), before)
    }

    /// Root (the usual user in containers and CI) writes through any permission bits, so there is
    /// nothing to test there; tries to write rather than checks the uid, since root may lack
    /// CAP_DAC_OVERRIDE and other users may have it. Run as another user to cover these tests:
    /// `setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp .build/debug/<tests>.xctest`.
    private func skipIfStillWritable(folder: URL) throws {
        let probe = folder.appendingPathComponent("probe")
        if FileManager.default.createFile(atPath: probe.path, contents: Data()) {
            try? FileManager.default.removeItem(at: probe)
            throw XCTSkip("permission bits don't stop this user (uid \(getuid())) from writing")
        }
    }

    private func skipIfStillWritable(file: URL) throws {
        if let handle = FileHandle(forWritingAtPath: file.path) {
            try? handle.close()
            throw XCTSkip("permission bits don't stop this user (uid \(getuid())) from writing")
        }
    }

    func testSQLiteErrorsAreSortedForTheToast() throws {
        let path = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite").path
        let cases: [(Int32, DecisionStoreError)] = [
            (5, .locked(path: path)), // SQLITE_BUSY
            (261, .locked(path: path)), // SQLITE_BUSY_RECOVERY
            (6, .locked(path: path)), // SQLITE_LOCKED
            (8, .readOnly(path: path)), // SQLITE_READONLY
            (1032, .readOnly(path: path)), // SQLITE_READONLY_DBMOVED
            (11, .corrupt(path: path)), // SQLITE_CORRUPT
            (26, .corrupt(path: path)), // SQLITE_NOTADB
            (13, .unavailable(path: path, reason: "the disk is full")), // SQLITE_FULL
            (14, .unavailable(path: path, reason: "unable to open")), // SQLITE_CANTOPEN, writable folder
            (10, .unavailable(path: path, reason: "disk I/O error")), // SQLITE_IOERR
        ]
        for (code, expected) in cases {
            let message: String? = switch code {
            case 14: "unable to open"
            case 10: "disk I/O error"
            default: nil
            }
            XCTAssertEqual(DecisionStoreError(sqliteCode: code, message: message, path: path), expected, "code \(code)")
        }
    }

    func testDescriptionsGiveTheReasonFirstAndTheFileLast() {
        let path = "/home/ada/.local/share/io.github.cardstack.CardStack/decisions.sqlite"
        XCTAssertEqual(
            DecisionStoreError.corrupt(path: path).description,
            "Decisions can't be saved: the database is damaged. "
                + "CardStack keeps working without saving and leaves the file as it is: “\(path)”"
        )
        let errors: [DecisionStoreError] = [
            .readOnly(path: path), .locked(path: path), .unavailable(path: path, reason: "the disk is full"),
        ]
        for error in errors {
            XCTAssertTrue(error.description.hasPrefix("Decisions can't be saved"), error.description)
            XCTAssertTrue(error.description.hasSuffix("“\(path)”"), error.description)
            XCTAssertTrue(error.description.contains("keeps working"), error.description)
            XCTAssertEqual(error.path, path)
        }
    }

    func testClosingFoldsTheLogIntoTheFileAndRemovesIt() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let store = try DecisionStore(url: url)
        try store.record(.decided(cardID: "card-0", direction: .right), in: Fixture.key, at: Fixture.date(0))
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path + "-wal"), "WAL mode keeps a log while open")
        store.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path + "-wal"))
        // The main file copied alone has the decision.
        let copy = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        try FileManager.default.copyItem(at: url, to: copy)
        XCTAssertEqual(try DecisionStore(url: copy).history(of: Fixture.key).map(\.cardID), ["card-0"])
    }

    func testASnapshotCopiesWithoutWritingTheFile() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let store = try DecisionStore(url: url)
        try store.record(.decided(cardID: "card-0", direction: .right), in: Fixture.key, at: Fixture.date(0))
        store.close()
        let before = try Data(contentsOf: url)
        let snapshot = try DecisionStore.snapshot(of: url)
        XCTAssertEqual(try snapshot.history(of: Fixture.key).map(\.cardID), ["card-0"])
        try snapshot.record(.decided(cardID: "card-1", direction: .left), in: Fixture.key, at: Fixture.date(1))
        XCTAssertEqual(try Data(contentsOf: url), before, "the file is untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path + "-wal"))
        XCTAssertEqual(try DecisionStore.snapshot(of: url.deletingLastPathComponent().appendingPathComponent("none.sqlite"))
            .history(of: Fixture.key), [], "no file, no decisions, and no file made")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().appendingPathComponent("none.sqlite").path))
    }

    func testTheDataFolderLockIsExclusiveUntilReleased() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        var first: DataFolderLock? = try DataFolderLock(for: url)
        assertThrows(.inUseElsewhere(path: url.path)) { _ = try DataFolderLock(for: url) }
        XCTAssertNotNil(first)
        first = nil
        XCTAssertNoThrow(try DataFolderLock(for: url), "released with its holder")
    }

    /// SQLite ignores a write-ahead log whose header is damaged, with every commit in it; that is reported
    /// instead of read as "no decisions", and neither file is changed.
    func testADamagedLogIsReportedNotIgnored() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let store = try DecisionStore(url: url)
        try store.record(.decided(cardID: "card-0", direction: .right), in: Fixture.key, at: Fixture.date(0))
        store.close()
        let log = URL(fileURLWithPath: url.path + "-wal")
        let damaged = Data(repeating: 0x5A, count: 4_096)
        try damaged.write(to: log)
        assertThrows(.corrupt(path: log.path)) { try DecisionStore(url: url) }
        XCTAssertEqual(try Data(contentsOf: log), damaged)
        try Data().write(to: log)
        XCTAssertNoThrow(try DecisionStore(url: url), "an empty log is a clean one")
    }

    func testFolderInPlaceOfTheFileIsUnavailable() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        assertThrows(.unavailable(path: url.path, reason: "it is a folder")) { try DecisionStore(url: url) }
    }

    func testAFolderInPlaceOfTheFileIsSaidToBeOneWhenOnlyRead() throws {
        let url = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        assertThrows(.unavailable(path: url.path, reason: "it is a folder")) { try DecisionStore.snapshot(of: url) }
        XCTAssertEqual(DecisionStoreError.unavailable(path: url.path, reason: "it is a folder").readingDescription,
                       "Decisions can't be read: it is a folder: “\(url.path)”", "reading is not saving")
    }

    /// An empty database file beside a log full of steps (the file truncated, or copied without its log's
    /// checkpoint): SQLite would delete the log as a leftover of a new database, and every step in it.
    func testAnEmptyFileBesideALogWithStepsIsReportedAndLeftAlone() throws {
        let source = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        let store = try DecisionStore(url: source)
        for second in 0..<5 {
            try store.record(.decided(cardID: "card-\(second)", direction: .right), in: Fixture.key, at: Fixture.date(second))
        }
        let folder = try makeTemporaryFolder()
        let url = folder.appendingPathComponent("decisions.sqlite")
        try Data().write(to: url)
        try FileManager.default.copyItem(atPath: source.path + "-wal", toPath: url.path + "-wal")
        store.close()
        let before = try contents(of: folder)
        XCTAssertGreaterThan(before["decisions.sqlite-wal"]?.count ?? 0, 0)
        assertThrows(.corrupt(path: url.path)) { try DecisionStore(url: url) }
        assertThrows(.corrupt(path: url.path)) { try DecisionStore.snapshot(of: url) }
        XCTAssertEqual(try contents(of: folder), before, "the log and the empty file are left as they were")
    }

    func testTheReadOnlyCheckLeavesNoFileBehind() throws {
        let folder = try makeTemporaryFolder()
        let url = folder.appendingPathComponent("decisions.sqlite")
        let store = try DecisionStore(url: url)
        try store.record(.restarted, in: Fixture.key, at: Fixture.start)
        store.close()
        try DatabaseFileValidation.validate(path: url.path, busyTimeout: 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["decisions.sqlite"])
    }

    /// A real full disk: a small tmpfs, filled after the database is put on it (root only, as mounting needs it).
    func testOnAFullDiskTheSavedDecisionsAreStillReadAndTheReasonIsSaid() throws {
        let mount = try makeTemporaryFolder()
        guard getuid() == 0, RunningCommand.status("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mount.path]) == 0 else {
            throw XCTSkip("mounting a small tmpfs needs root")
        }
        addTeardownBlock { _ = RunningCommand.status("/bin/umount", [mount.path]) }
        let source = try makeTemporaryFolder().appendingPathComponent("decisions.sqlite")
        do {
            let store = try DecisionStore(url: source)
            for second in 0..<5 {
                try store.record(.decided(cardID: "card-\(second)", direction: .right), in: Fixture.key, at: Fixture.date(second))
            }
            store.close()
        }
        let url = mount.appendingPathComponent("decisions.sqlite")
        try FileManager.default.copyItem(at: source, to: url)
        // Fill what is left, a block at a time, until the file system refuses.
        XCTAssertTrue(FileManager.default.createFile(atPath: mount.path + "/filler", contents: nil))
        let filler = try FileHandle(forWritingTo: mount.appendingPathComponent("filler"))
        while (try? filler.write(contentsOf: Data(count: 4_096))) != nil {}
        try? filler.close()
        XCTAssertTrue(FileAccess.hasNoRoom(near: url.path))
        let before = try Data(contentsOf: url)

        assertThrows(.unavailable(path: url.path, reason: "the disk is full")) { try DecisionStore(url: url) }
        let snapshot = try DecisionStore.snapshot(of: url)
        XCTAssertEqual(try snapshot.history(of: Fixture.key).map(\.cardID), (0..<5).map { "card-\($0)" })
        XCTAssertEqual(try Data(contentsOf: url), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: mount.path).sorted(), ["decisions.sqlite", "filler"])
    }
}

/// A command run to its end, for the tests that need the system's tools.
enum RunningCommand {
    /// The command's exit status, or -1 when it could not be run.
    static func status(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
