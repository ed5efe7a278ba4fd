// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The loader's former name, kept so callers written before CSV files and image folders still build.
public enum DeckFile {
    /// Loads the deck at `url` as `DeckLoader` does, with `ImageFolderDeck.commonImageExtensions` for folders.
    @available(*, deprecated, message: "Use DeckLoader.load(from:imageExtensions:) with the image loader's extensions")
    public static func load(from url: URL) throws(DeckLoadError) -> Deck {
        try DeckLoader.load(from: url, imageExtensions: ImageFolderDeck.commonImageExtensions)
    }
}
