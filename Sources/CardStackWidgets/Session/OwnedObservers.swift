// SPDX-License-Identifier: GPL-3.0-or-later

/// Observers of one kind of news, one per owner: observing again replaces the owner's observer, and an owner
/// stops hearing when it is removed. What ``DeckSession`` keeps for its changes, marks and files.
@MainActor
struct OwnedObservers<News> {
    private var entries: [(owner: ObjectIdentifier, observer: @MainActor (News) -> Void)] = []

    /// Tells `observer` of every piece of news from now on, in place of what `owner` observed before.
    mutating func set(_ observer: @escaping @MainActor (News) -> Void, for owner: AnyObject) {
        remove(owner)
        entries.append((ObjectIdentifier(owner), observer))
    }

    /// Stops telling `owner`.
    mutating func remove(_ owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        entries.removeAll { $0.owner == id }
    }

    /// Tells every observer.
    func tell(_ news: News) {
        for entry in entries {
            entry.observer(news)
        }
    }
}
