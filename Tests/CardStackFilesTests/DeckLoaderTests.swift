// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import CardStackTestSupport
import XCTest
@testable import CardStackCore
@testable import CardStackFiles

final class DeckLoaderTests: XCTestCase {
    private var folder: TemporaryFolder?
    private let imageExtensions: Set<String> = ["jpg", "png"]

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }

    private var temporary: TemporaryFolder {
        get throws { try XCTUnwrap(folder) }
    }

    private func loadError(_ url: URL, file: StaticString = #filePath, line: UInt = #line) -> DeckLoadError? {
        loadError({ () throws(DeckLoadError) in try DeckLoader.load(from: url, imageExtensions: self.imageExtensions) }, file: file, line: line)
    }

    private func loadError(
        _ load: () throws(DeckLoadError) -> Deck,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> DeckLoadError? {
        do {
            let deck = try load()
            XCTFail("loaded \(deck.cards.count) cards", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testLoadsJSONAndRecordsItsStandardizedSource() throws {
        let file = try temporary.write(#"{ "cards": [ { "title": "One", "image": "one.jpg" } ] }"#, to: "books.json")
        let roundabout = file.deletingLastPathComponent().appendingPathComponent("../\(file.deletingLastPathComponent().lastPathComponent)/books.json")
        let deck = try DeckLoader.load(from: roundabout, imageExtensions: imageExtensions)
        XCTAssertEqual(deck.source, file.standardizedFileURL)
        XCTAssertEqual(deck.title, "books", "an untitled deck is named after its file")
        XCTAssertEqual(deck.cards.first?.imagePath, file.deletingLastPathComponent().standardizedFileURL.path + "/one.jpg")
        XCTAssertFalse(deck.isPhotoDeck)
    }

    func testLoadsCSVTitledByItsFileName() throws {
        let file = try temporary.write("title\nOne\n", to: "My Books.CSV")
        let deck = try DeckLoader.load(from: file, imageExtensions: imageExtensions)
        XCTAssertEqual(deck.title, "My Books")
        XCTAssertEqual(deck.source, file.standardizedFileURL)
    }

    func testLoadsAFolderAsAPhotoDeck() throws {
        try temporary.write("x", to: "IMG_1.jpg")
        let deck = try DeckLoader.load(from: try temporary.url, imageExtensions: imageExtensions)
        XCTAssertTrue(deck.isPhotoDeck)
        XCTAssertEqual(deck.cards.map(\.title), ["IMG_1.jpg"])
    }

    func testUnknownExtensionIsTriedAsJSON() throws {
        let file = try temporary.write(#"  { "cards": [ { "title": "One" } ] }"#, to: "deck.txt")
        XCTAssertEqual(try DeckLoader.load(from: file, imageExtensions: imageExtensions).cards.count, 1)
    }

    func testAnyTextFileIsReadByWhatItHolds() throws {
        let notes = try temporary.write("just some notes", to: "notes.md")
        XCTAssertEqual(loadError(notes), .noListItems, "a Markdown file is read for its list")
        let list = try temporary.write("milk\nbread\n", to: "shopping")
        XCTAssertEqual(try DeckLoader.load(from: list, imageExtensions: imageExtensions).cards.map(\.title), ["milk", "bread"])
        let items = try temporary.write("{\"name\": \"a\"}\n{\"name\": \"b\"}\n", to: "items.log")
        XCTAssertEqual(try DeckLoader.load(from: items, imageExtensions: imageExtensions).cards.map(\.title), ["a", "b"])
    }

    func testPrintingKeepsTheFilesTextAndEachCardsPlace() throws {
        let file = try temporary.write("title,n\nDune,1\nEmma,2\n", to: "books.csv")
        let read = try DeckLoader.loadKeepingInput(from: file, imageExtensions: imageExtensions)
        let origins = try XCTUnwrap(read.origins)
        XCTAssertEqual(String(decoding: origins.printed([1], from: try XCTUnwrap(read.input)), as: UTF8.self), "title,n\nEmma,2\n")
        XCTAssertEqual(read.deck.source, file.standardizedFileURL)
    }

    func testMissingPath() throws {
        let missing = try temporary.url.appendingPathComponent("gone.json")
        let error = loadError(missing)
        XCTAssertEqual(error, .notFound(path: missing.standardizedFileURL.path))
        XCTAssertEqual(error?.description, "“\(missing.standardizedFileURL.path)” does not exist")
    }

    func testFolderWhereAFileIsExpected() throws {
        let url = try temporary.url
        let error = loadError({ () throws(DeckLoadError) in try DeckLoader.load(.jsonFile(url), imageExtensions: self.imageExtensions) })
        XCTAssertEqual(error, .isFolder(path: url.standardizedFileURL.path))
        XCTAssertTrue(error?.description.hasSuffix("is a folder, not a deck file") ?? false)
    }

    func testFileWhereAFolderIsExpected() throws {
        let file = try temporary.write("x", to: "IMG_1.jpg")
        let error = loadError({ () throws(DeckLoadError) in try DeckLoader.load(.imageFolder(file), imageExtensions: self.imageExtensions) })
        XCTAssertEqual(error, .notFolder(path: file.standardizedFileURL.path))
        let slashed = URL(fileURLWithPath: file.path + "/")
        XCTAssertEqual(loadError(slashed), .notFolder(path: file.standardizedFileURL.path))
    }

    func testEmptyFile() throws {
        let empty = try temporary.write("", to: "empty.json")
        XCTAssertEqual(loadError(empty), .emptyFile(path: empty.path))
        let blank = try temporary.write(Data(DeckText.byteOrderMark) + Data(" \r\n\t".utf8), to: "blank.csv")
        let error = loadError(blank)
        XCTAssertEqual(error, .emptyFile(path: blank.path))
        XCTAssertEqual(error?.description, "“\(blank.path)” is empty")
    }

    func testUnreadableFile() throws {
        let file = try temporary.write(#"{ "cards": [ { "title": "One" } ] }"#, to: "locked.json")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        // Root reads any file whatever its permissions, so there is nothing to observe.
        if getuid() == 0 { throw XCTSkip("running as root, which chmod 000 doesn't stop") }
        let error = loadError(file)
        XCTAssertEqual(error, .permissionDenied(path: file.path))
        XCTAssertEqual(error?.description, "Can't read “\(file.path)”: permission denied")
    }

    func testUnreadableFolder() throws {
        let photos = try temporary.url.appendingPathComponent("Photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: photos.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: photos.path) }
        if getuid() == 0 { throw XCTSkip("running as root, which chmod 000 doesn't stop") }
        XCTAssertEqual(loadError(photos), .permissionDenied(path: photos.path))
    }

    func testUnreadableErrorsAreMappedFromErrno() {
        XCTAssertEqual(DeckLoadError.fileSystem(EACCES, path: "/x"), .permissionDenied(path: "/x"))
        XCTAssertEqual(DeckLoadError.fileSystem(ENOENT, path: "/x"), .notFound(path: "/x"))
        XCTAssertEqual(DeckLoadError.fileSystem(EIO, path: "/x"), .unreadable(path: "/x", reason: "Input/output error"))
    }

    /// A deck file named in Latin-1 ("caf\xE9.json") opens (it "did not exist"); the title it gets from
    /// its name and any message about it show U+FFFD for the byte.
    func testADeckFileWhoseNameIsNotUTF8Opens() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(Data(#"{"cards": [{"title": "One"}]}"#.utf8), toNameBytes: Array("caf".utf8) + [0xE9] + Array(".json".utf8))
        let url = URL(fileURLWithPath: FileNameEncoding.text(fromBytes: path.dropLast().map { UInt8(bitPattern: $0) }))
        let deck = try DeckLoader.load(from: url, imageExtensions: [])
        XCTAssertEqual(deck.cards.map(\.title), ["One"])
        XCTAssertEqual(deck.title, "caf\u{FFFD}")
        XCTAssertEqual(deck.source, url.standardizedFileURL)
        let empty = try folder.write(Data(), toNameBytes: Array("vid".utf8) + [0xE9] + Array(".csv".utf8))
        let emptyURL = URL(fileURLWithPath: FileNameEncoding.text(fromBytes: empty.dropLast().map { UInt8(bitPattern: $0) }))
        XCTAssertThrowsError(try DeckLoader.load(from: emptyURL, imageExtensions: [])) { error in
            XCTAssertEqual((error as? DeckLoadError)?.description.hasSuffix("vid\u{FFFD}.csv” is empty"), true, "\(error)")
        }
    }

    func testPathsUnderHomeAreShownWithATilde() {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        XCTAssertEqual(DeckLoadError.notFound(path: home + "/x.json").description, "“~/x.json” does not exist")
        XCTAssertEqual(DeckLoadError.notFound(path: "/elsewhere/x.json").description, "“/elsewhere/x.json” does not exist")
    }

    func testIdentifyTellsKindsByExtensionCaseInsensitively() throws {
        let json = try temporary.write("{}", to: "a.JSON")
        let csv = try temporary.write("title", to: "b.csv")
        let other = try temporary.write("{}", to: "c.deck")
        XCTAssertEqual(try DeckSource.identify(json), .jsonFile(json.standardizedFileURL))
        XCTAssertEqual(try DeckSource.identify(csv), .csvFile(csv.standardizedFileURL))
        XCTAssertEqual(try DeckSource.identify(other), .otherFile(other.standardizedFileURL))
        XCTAssertEqual(try DeckSource.identify(try temporary.url), .imageFolder(try temporary.url.standardizedFileURL))
    }

    // MARK: Progress

    func testProgressCountsTheFileAndCancelStopsTheLoad() throws {
        let text = "title\n" + (1...500).map { "Card \($0)" }.joined(separator: "\n") + "\n"
        let file = try temporary.write(text, to: "big.csv")
        let progress = DeckLoadProgress()
        let deck = try DeckLoader.load(from: file, imageExtensions: imageExtensions, progress: progress)
        XCTAssertEqual(deck.cards.count, 500)
        XCTAssertEqual(progress.snapshot, .init(stage: .readingFile, done: text.utf8.count, total: text.utf8.count))

        let cancelled = DeckLoadProgress()
        cancelled.cancel()
        XCTAssertEqual(loadError({ () throws(DeckLoadError) in
            try DeckLoader.load(from: file, imageExtensions: self.imageExtensions, progress: cancelled)
        }), .cancelled)
    }

    func testProgressCountsAFolderFileByFile() throws {
        for name in ["a.jpg", "b.png", "notes.txt", "c.jpg"] {
            _ = try temporary.write("x", to: name)
        }
        let progress = DeckLoadProgress()
        let deck = try DeckLoader.load(from: temporary.url, imageExtensions: imageExtensions, progress: progress)
        XCTAssertEqual(deck.cards.count, 3, "three photos of four files: a photo deck")
        XCTAssertEqual(progress.snapshot, .init(stage: .readingFiles, done: 4, total: 4))
        XCTAssertEqual(progress.snapshot.fraction, 1)
    }
}

extension DeckLoaderTests {
    /// Loads `url` on another thread and waits at most 5 s, so a loader that blocks fails the test instead of
    /// hanging the suite.
    private func loadErrorWithoutBlocking(_ url: URL, file: StaticString = #filePath, line: UInt = #line) -> DeckLoadError? {
        let done = expectation(description: "the load returned")
        let outcome = LockedOutcome()
        let extensions = imageExtensions
        Thread.detachNewThread {
            do throws(DeckLoadError) {
                _ = try DeckLoader.load(from: url, imageExtensions: extensions)
            } catch {
                outcome.set(error)
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        return outcome.value
    }

    func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = try temporary.url.appendingPathComponent("deck.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let error = loadErrorWithoutBlocking(fifo)
        XCTAssertEqual(error, .notRegularFile(path: fifo.path, kind: "a pipe (FIFO)"))
        XCTAssertTrue(error?.description.hasSuffix("deck.json” is a pipe (FIFO), not a deck file") == true, error?.description ?? "no error")
    }

    func testADeviceIsNotReadAsADeck() {
        XCTAssertEqual(loadErrorWithoutBlocking(URL(fileURLWithPath: "/dev/zero")), .notRegularFile(path: "/dev/zero", kind: "a character device"))
    }
}

/// The error a background load ended with, read on the test's thread.
private final class LockedOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var error: DeckLoadError?

    func set(_ error: DeckLoadError) {
        lock.lock()
        self.error = error
        lock.unlock()
    }

    var value: DeckLoadError? {
        lock.lock()
        defer { lock.unlock() }
        return error
    }
}
