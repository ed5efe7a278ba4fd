// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import CardStackCore

final class CardIDAllocatorTests: XCTestCase {
    /// Cards with the given ids, claimed one by one the way a parser claims them: each before it is added.
    private func claimAll(_ ids: [String], capacity: Int = 0) -> (cards: [Card], allocator: CardIDAllocator, duplicates: [Int: Int]) {
        var allocator = CardIDAllocator(capacity: capacity)
        var cards: [Card] = []
        var duplicates: [Int: Int] = [:]
        for (index, id) in ids.enumerated() {
            if let owner = allocator.claim(id, for: index, among: cards) { duplicates[index] = owner }
            cards.append(Card(id: id, title: "Card \(index)"))
        }
        return (cards, allocator, duplicates)
    }

    func testEveryIDIsFoundAgainAfterTheTableGrowsFromEmpty() {
        let ids = (0..<10_000).map { "card-\($0)" }
        var (cards, allocator, duplicates) = claimAll(ids)
        XCTAssertEqual(duplicates, [:])
        for index in stride(from: 0, to: ids.count, by: 7) {
            XCTAssertEqual(allocator.claim(ids[index], for: cards.count, among: cards), index)
        }
        XCTAssertNil(allocator.claim("card-10000", for: cards.count, among: cards))
    }

    func testADuplicateNamesTheFirstCardThatHadIt() {
        let (_, _, duplicates) = claimAll(["a", "b", "c", "b", "a", "b"], capacity: 2)
        XCTAssertEqual(duplicates, [3: 1, 4: 0, 5: 1])
    }

    func testReservingRoomKeepsWhatIsThere() {
        var (cards, allocator, _) = claimAll(["x", "y", "z"])
        allocator.reserveCapacity(50_000, among: cards)
        XCTAssertEqual(allocator.claim("y", for: 3, among: cards), 1)
        XCTAssertNil(allocator.claim("w", for: 3, among: cards))
        cards.append(Card(id: "w", title: "W"))
        XCTAssertEqual(allocator.claim("w", for: 4, among: cards), 3)
    }

    func testCanonicallyEquivalentIDsAreTheSameID() {
        // Swift compares strings by canonical equivalence, as the dictionary this table replaced did.
        let (_, _, duplicates) = claimAll(["caf\u{E9}", "cafe\u{301}"])
        XCTAssertEqual(duplicates, [1: 0])
    }

    func testGeneratedIDsStepOverTakenOnesAcrossGrowth() {
        var (cards, allocator, _) = claimAll(["base-3"])
        for index in 1...40 {
            let id = allocator.claimGenerated("base", for: index, among: cards)
            cards.append(Card(id: id, title: "Same"))
        }
        let generated = cards.dropFirst().map(\.id)
        XCTAssertEqual(generated, ["base"] + (2...41).filter { $0 != 3 }.map { "base-\($0)" })
        XCTAssertEqual(Set(cards.map(\.id)).count, cards.count)
    }
}
