// SPDX-License-Identifier: GPL-3.0-or-later

/// The order a photo deck is culled in: by when each photo was taken, to the fraction of a second, so a day's
/// photos from several folders (or cameras) interleave as they were shot and a burst's frames stay together.
///
/// Photos taken at the same moment, and those whose files don't say when, keep the deck's order (by name);
/// those that don't say come after the others. O(n log n).
public enum CaptureOrder {
    /// Each card's rank in capture order, from the capture times known (`times[card]`), for the cards in
    /// `cards` (in the deck's order).
    public static func ranks(of cards: some Sequence<Int>, times: [Int: CaptureTime]) -> [Int: Int] {
        let ordered = cards.enumerated().sorted { lhs, rhs in
            switch (times[lhs.element], times[rhs.element]) {
            case let (left?, right?) where left != right: left < right
            case (.some, nil): true
            case (nil, .some): false
            default: lhs.offset < rhs.offset
            }
        }
        var ranks: [Int: Int] = [:]
        ranks.reserveCapacity(ordered.count)
        for (rank, card) in ordered.enumerated() { ranks[card.element] = rank }
        return ranks
    }
}
