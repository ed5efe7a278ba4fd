// SPDX-License-Identifier: GPL-3.0-or-later

/// The cards an allocator reads ids back from: it keeps each card's index, not its id.
protocol CardIDs {
    /// The id of the card at `index`, one the allocator handed out or was given.
    func id(at index: Int) -> String
}

extension Array: CardIDs where Element == Card {
    func id(at index: Int) -> String { self[index].id }
}

/// Hands out the ids of one deck's cards: given ids must be unique; a generated id that is already taken
/// gets "-2", "-3", … in deck order, so identical cards are told apart the same way on every load.
///
/// The table holds card indices and reads the ids back from the cards, which hold them anyway: a
/// `[String: Int]` of 100,000 ids is 2^18 buckets of a 16-byte string and an 8-byte index, 6.3 MB of the app's
/// peak memory while a deck loads; this table is 1 MB. Open addressing with linear probing, at most half full.
struct CardIDAllocator {
    /// 1 + the index of the card whose id lives in the slot, or 0 for an empty slot; a power of two long.
    private var slots: [UInt32]
    private var count = 0
    /// For a generated base that was taken, the occurrence to try first: every one below it is taken, so 32,000
    /// identical cards take linear time, not the quadratic walk from "-2" for each. Bases taken once are not
    /// kept: a deck of 100,000 different cards without ids would make this table as big as the one above.
    private var nextOccurrence: [String: Int] = [:]
    /// The fewest slots a table has.
    private static let minimumSlots = 16

    /// An empty table with room for `capacity` ids before it grows.
    init(capacity: Int) {
        slots = [UInt32](repeating: 0, count: Self.slotCount(for: capacity))
    }

    /// Makes room for `capacity` ids in all.
    mutating func reserveCapacity(_ capacity: Int, among cards: some CardIDs) {
        let wanted = Self.slotCount(for: capacity)
        if wanted > slots.count { rehash(into: wanted, among: cards) }
    }

    /// Claims a card's own `id`, or returns the index of the earlier card in `cards` that already has it.
    mutating func claim(_ id: String, for index: Int, among cards: some CardIDs) -> Int? {
        makeRoom(among: cards)
        switch find(id, among: cards) {
        case .taken(let owner):
            return owner
        case .free(let slot):
            insert(index, at: slot)
            return nil
        }
    }

    /// `base` if free, else the first free `base-2`, `base-3`, …; the caller gives it to card `index` of
    /// `cards` before the next claim.
    mutating func claimGenerated(_ base: String, for index: Int, among cards: some CardIDs) -> String {
        makeRoom(among: cards)
        var occurrence = nextOccurrence[base] ?? 1
        while true {
            let candidate = occurrence == 1 ? base : "\(base)-\(occurrence)"
            if case .free(let slot) = find(candidate, among: cards) {
                insert(index, at: slot)
                if occurrence > 1 { nextOccurrence[base] = occurrence + 1 }
                return candidate
            }
            occurrence += 1
        }
    }

    private enum Place {
        case taken(by: Int)
        case free(slot: Int)
    }

    /// The card holding `id`, or the empty slot where it would go.
    private func find(_ id: String, among cards: some CardIDs) -> Place {
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            let owner = Int(slots[slot]) - 1
            if cards.id(at: owner) == id { return .taken(by: owner) }
            slot = (slot + 1) & mask
        }
        return .free(slot: slot)
    }

    private mutating func insert(_ index: Int, at slot: Int) {
        slots[slot] = UInt32(index + 1)
        count += 1
    }

    /// Grows the table, if need be, so one more id keeps it at most half full. Done before a claim, not after:
    /// the card claiming is not in `cards` yet, or has not got its id yet.
    private mutating func makeRoom(among cards: some CardIDs) {
        if (count + 1) * 2 > slots.count { rehash(into: slots.count * 2, among: cards) }
    }

    /// Moves every index into a table of `slotCount` slots.
    private mutating func rehash(into slotCount: Int, among cards: some CardIDs) {
        let old = slots
        slots = [UInt32](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for entry in old where entry != 0 {
            var slot = cards.id(at: Int(entry) - 1).hashValue & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// A power of two at least twice `capacity`.
    private static func slotCount(for capacity: Int) -> Int {
        var count = minimumSlots
        while count < 2 * capacity { count *= 2 }
        return count
    }
}
