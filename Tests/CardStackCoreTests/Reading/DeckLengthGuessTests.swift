// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest
@testable import CardStackCore

/// A deck's length is guessed once from its first cards, so its tables are made once at their size rather than
/// doubled (the last doubling was 9 MB of a 100,000-card deck's peak memory).
final class DeckLengthGuessTests: XCTestCase {
    func testTheLengthIsGuessedOnceFromTheFirstCardsBytes() throws {
        var builder = CardListBuilder(baseDirectory: nil)
        let bytesPerCard = 120
        let total = 50_000 * bytesPerCard
        var guesses: [Int: Int] = [:]
        for index in 0..<(CardListBuilder.cardsBeforeGuess + 10) {
            try builder.append(CardDraft(id: "card-\(index)", title: "Card \(index)")) { _ in .card(number: 1, line: 1) }
            if let guess = builder.guessLength(parsed: (index + 1) * bytesPerCard, of: total) { guesses[index + 1] = guess }
        }
        XCTAssertEqual(Array(guesses.keys), [CardListBuilder.cardsBeforeGuess], "once, after the first cards")
        let guess = try XCTUnwrap(guesses[CardListBuilder.cardsBeforeGuess])
        XCTAssertEqual(Double(guess), 50_000 * (1 + CardListBuilder.guessMargin), accuracy: 1)
        let cards = builder.finish()
        XCTAssertEqual(cards.count, CardListBuilder.cardsBeforeGuess + 10)
        XCTAssertEqual(cards.last?.id, "card-\(CardListBuilder.cardsBeforeGuess + 9)")
    }

    func testNoGuessForAFileAlreadyRead() {
        var builder = CardListBuilder(baseDirectory: nil)
        for index in 0..<CardListBuilder.cardsBeforeGuess {
            try? builder.append(CardDraft(id: "card-\(index)", title: "Card \(index)")) { _ in .card(number: 1, line: 1) }
        }
        XCTAssertNil(builder.guessLength(parsed: 1_000, of: 1_000))
    }
}
