// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation
import XCTest

@testable import CardStackStore

/// A deck reached through a symbolic link shares its history with the deck opened directly.
final class DeckKeyTests: XCTestCase {
    private func linkedDeck() throws -> (real: URL, linked: URL) {
        let folder = try makeTemporaryFolder()
        let real = folder.appendingPathComponent("decks/books.json")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{ "cards": [ { "title": "One" } ] }"#.utf8).write(to: real)
        let link = folder.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.appendingPathComponent("decks"))
        return (real, link.appendingPathComponent("books.json"))
    }

    func testALinkedPathIsTheSameDeck() throws {
        let (real, linked) = try linkedDeck()
        XCTAssertEqual(DeckKey(url: linked), DeckKey(url: real))
        XCTAssertEqual(DeckKey(url: linked).path, real.resolvingSymlinksInPath().path)
        XCTAssertEqual(DeckKey(url: linked).unresolvedPath, linked.standardizedFileURL.path)
        XCTAssertNil(DeckKey(url: real.resolvingSymlinksInPath()).unresolvedPath)
    }

    func testHistoryStoredUnderTheLinkedPathIsReadWithTheRest() throws {
        let (real, linked) = try linkedDeck()
        let store = DecisionStore.inMemory()
        // Written by a version that kept the path as given, then by this one.
        try store.record(.decided(cardID: "a", direction: .right), in: DeckKey(storedPath: linked.standardizedFileURL.path), at: Fixture.date(0))
        try store.record(.decided(cardID: "b", direction: .left), in: DeckKey(url: real), at: Fixture.date(1))
        XCTAssertEqual(try store.history(of: DeckKey(url: linked)).map(\.cardID), ["a", "b"])
        XCTAssertEqual(try store.history(of: DeckKey(url: real)).map(\.cardID), ["b"],
                       "the real path alone doesn't know the link it was once opened through")
    }

    /// A link into a folder named in Latin-1 resolves to that folder's own bytes (Foundation's
    /// `resolvingSymlinksInPath` reads the name back as UTF-8 and can't follow it), and a deck that is gone keeps
    /// its folder resolved.
    func testALinkIntoAFolderWhoseNameIsNotUTF8Resolves() throws {
        let folder = try makeTemporaryFolder()
        let latin1 = FileNameEncoding.text(fromBytes: Array("d".utf8) + [0xE9] + Array("cks".utf8))
        XCTAssertEqual(mkdir(FileNameEncoding.fileSystemRepresentation(of: folder.path + "/" + latin1), 0o755), 0)
        XCTAssertEqual(symlink(FileNameEncoding.fileSystemRepresentation(of: latin1), folder.appendingPathComponent("linked").path), 0)
        let real = folder.resolvingSymlinksInPath().path + "/" + latin1 + "/books.json"
        XCTAssertEqual(FileManager.default.createFile(atPath: folder.appendingPathComponent("plain.json").path, contents: Data()), true)
        XCTAssertEqual(rename(folder.appendingPathComponent("plain.json").path, FileNameEncoding.fileSystemRepresentation(of: real)), 0)
        XCTAssertEqual(DeckKey(url: folder.appendingPathComponent("linked/books.json")).path, real)
        XCTAssertEqual(DeckKey(url: folder.appendingPathComponent("linked/gone.json")).path,
                       folder.resolvingSymlinksInPath().path + "/" + latin1 + "/gone.json")
    }
}
