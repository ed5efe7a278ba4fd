// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The cards of a folder's files, whichever deck they make (photos or any files): in natural name order
/// ("IMG_2" before "IMG_10"), each with the id its name and size give (`CardIdentity.imageID`), so a replaced
/// file under the same name is a new card while the folder itself may move.
enum FolderCards {
    /// The cards of `listed` in `folder` (a standardized absolute path): `name` and `size` say which file each
    /// entry is, `fields` what its card shows given the file's whole path. Throws `emptyFolder` for none.
    static func make<Entry>(
        in folder: URL,
        _ listed: [Entry],
        name: (Entry) -> String,
        size: (Entry) -> UInt64,
        fields: (Entry, _ path: String) -> CardContent.Fields
    ) throws(DeckLoadError) -> [Card] {
        let entries = listed
            .map { (key: NaturalSortKey(name($0)), entry: $0) }
            .sorted { $0.key < $1.key }
            .map(\.entry)
        guard !entries.isEmpty else { throw .emptyFolder(folder: FileNameEncoding.displayName(folder.lastPathComponent)) }
        let path = folder.path
        let base = path.hasSuffix("/") ? path : path + "/"
        var allocator = CardIDAllocator(capacity: entries.count)
        var cards = CardPacker(expectedCount: entries.count)
        for (index, entry) in entries.enumerated() {
            let id = allocator.claimGenerated(CardIdentity.imageID(relativePath: name(entry), fileSize: size(entry)), for: index, among: cards)
            cards.append(id: id, fields(entry, base + name(entry)))
        }
        return CardPacker.trimmed(cards.finish())
    }
}
