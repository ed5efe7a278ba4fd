// SPDX-License-Identifier: GPL-3.0-or-later

/// A dictionary that holds at most `capacity` values, forgetting the least recently used one first.
///
/// The caches of the deck hold a dozen or so entries, so finding the oldest by a linear scan is cheaper than
/// keeping a linked list in order.
struct RecentlyUsedCache<Key: Hashable, Value> {
    let capacity: Int
    private var entries: [Key: (value: Value, lastUse: Int)] = [:]
    private var clock = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value for `key`, which now counts as just used.
    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.value, clock)
        return entry.value
    }

    /// Stores `value` for `key`, first forgetting the least recently used entry if the cache is full.
    mutating func insert(_ value: Value, for key: Key) {
        clock += 1
        if entries[key] == nil, entries.count >= capacity,
           let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
        entries[key] = (value, clock)
    }

    /// Whether `key` has a value, without counting as a use.
    func contains(_ key: Key) -> Bool {
        entries[key] != nil
    }

    /// The value for `key`, without counting as a use.
    func peek(_ key: Key) -> Value? {
        entries[key]?.value
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    /// Forgets every entry whose key `shouldRemove` picks.
    mutating func removeAll(where shouldRemove: (Key) -> Bool) {
        entries = entries.filter { !shouldRemove($0.key) }
    }

    var count: Int { entries.count }
}
