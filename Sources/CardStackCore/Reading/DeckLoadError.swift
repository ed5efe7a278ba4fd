// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why a deck could not be opened, worded for the person who chose the file or folder.
///
/// Every case names the place to look: the path, the line and column, the row, or the card.
public enum DeckLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is at `path`.
    case notFound(path: String)
    /// The file or folder exists but this user may not read it.
    case permissionDenied(path: String)
    /// Reading failed for another reason, described by the system.
    case unreadable(path: String, reason: String)
    /// A folder was given where a deck file was expected.
    case isFolder(path: String)
    /// A file was given where a folder of images was expected.
    case notFolder(path: String)
    /// The file holds nothing but white space.
    case emptyFile(path: String)
    /// Standard input was closed when the app started (`cardstack - <&-`): there is nothing to read.
    case inputClosed
    /// Something that is not a plain file (a pipe, a device, a socket): reading it could wait for ever or
    /// never end, so it is not read at all. `kind` says what it is.
    case notRegularFile(path: String, kind: String)
    /// The bytes are not UTF-8 text; `byteOffset` counts from 0 at the first byte of the file.
    case notUTF8(byteOffset: Int, line: Int)
    /// A byte order mark announces `encoding` (UTF-16 or UTF-32), but the text is not valid in it.
    case invalidText(encoding: String)
    /// NUL bytes among the first four: UTF-16 or UTF-32 text without the byte order mark that would say which.
    case wideTextWithoutMark
    /// The JSON is broken, or doesn't have the shape of a deck, at 1-based `line` and `column` (in characters).
    case malformedJSON(line: Int, column: Int, problem: String)
    /// The CSV can't be split into fields at `location`.
    case malformedCSV(location: CardLocation, problem: String)
    /// The CSV's first row names no column; `header` is what it holds.
    case missingTitleColumn(header: [String])
    /// A CSV row with more or fewer fields than the header.
    case raggedRow(location: CardLocation, fieldCount: Int, headerFieldCount: Int)
    /// A card whose title is missing or blank, with its id when it has one.
    case missingTitle(location: CardLocation, id: String?)
    /// A card whose title has only invisible characters (zero-width spaces, control and format characters).
    case invisibleTitle(location: CardLocation, id: String?)
    /// A card whose id holds a NUL character, which the store can't keep (the id would come back cut short).
    case idWithNUL(location: CardLocation)
    /// Two cards give the same explicit `id`.
    case duplicateID(String, first: CardLocation, second: CardLocation)
    /// The deck parsed but holds no cards.
    case noCards
    /// `directions` is present but names none of left, right, up or down.
    case noDirections
    /// A folder with no file in it (hidden ones aside).
    case emptyFolder(folder: String)
    /// Loading stopped because whoever asked for the deck cancelled it (`DeckLoadProgress.cancel()`).
    case cancelled
    /// A field the user chose for a part of the cards is not in the input; `problem` names it and what there is.
    case unknownField(String)
    /// A Markdown file with no list item to make a card of.
    case noListItems
    /// Input read from a pipe went past `limit` bytes before it ended.
    case inputTooLarge(limit: Int)

    /// One or two sentences that say what is wrong and where.
    public var description: String {
        switch self {
        case .notFound(let path):
            String(format: tr("“%@” does not exist"), Self.displayPath(path))
        case .permissionDenied(let path):
            String(format: tr("Can't read “%@”: permission denied"), Self.displayPath(path))
        case .unreadable(let path, let reason):
            String(format: tr("Can't read “%1$@”: %2$@"), Self.displayPath(path), reason)
        case .isFolder(let path):
            String(format: tr("“%@” is a folder, not a deck file"), Self.displayPath(path))
        case .notFolder(let path):
            String(format: tr("“%@” is a file, not a folder of images"), Self.displayPath(path))
        case .emptyFile(let path):
            String(format: tr("“%@” is empty"), Self.displayPath(path))
        case .inputClosed:
            tr("standard input is closed: pipe a list into “cardstack -”")
        case .notRegularFile(let path, let kind):
            String(format: tr("“%1$@” is %2$@, not a deck file"), Self.displayPath(path), kind)
        case .notUTF8(let offset, let line):
            String(format: tr("The file is not UTF-8 text: the byte at offset %1$ld (line %2$ld) is not valid UTF-8. Save the file as UTF-8 and open it again."), offset, line)
        case .invalidText(let encoding):
            String(format: tr("The file starts as %1$@ text but is not valid %1$@. Save the file as UTF-8 and open it again."), encoding)
        case .wideTextWithoutMark:
            tr("The file looks like UTF-16 or UTF-32 text without a byte order mark, which doesn't say which. Save the file as UTF-8 and open it again.")
        case .malformedJSON(let line, let column, let problem):
            String(format: tr("Line %1$ld, column %2$ld: %3$@"), line, column, problem)
        case .malformedCSV(let location, let problem):
            "\(location): \(problem)"
        case .missingTitleColumn:
            tr("The first row must name the columns")
        case .raggedRow(let location, let fieldCount, let headerFieldCount):
            String(format: trn("%1$@ has %2$ld field but the header has %3$ld", "%1$@ has %2$ld fields but the header has %3$ld", fieldCount),
                   location.description, fieldCount, headerFieldCount)
        case .missingTitle(let location, let id):
            id.map { String(format: tr("%1$@, id “%2$@”, has no title"), location.description, $0) } ?? String(format: tr("%@ has no title"), location.description)
        case .invisibleTitle(let location, let id):
            id.map { String(format: tr("%1$@, id “%2$@”, has a title of only invisible characters (zero-width spaces, control or format characters)"), location.description, $0) }
                ?? String(format: tr("%@ has a title of only invisible characters (zero-width spaces, control or format characters)"), location.description)
        case .idWithNUL(let location):
            String(format: tr("%@ has an id with a NUL character in it, which can't be kept: remove it from the id"), location.description)
        case .duplicateID(let id, let first, let second):
            String(format: tr("%1$@ and %2$@ share the id “%3$@”"), first.description, second.description.lowercasedFirstWord, id)
        case .noCards:
            tr("The deck has no cards")
        case .noDirections:
            tr("The deck's “directions” names none of left, right, up or down")
        case .emptyFolder(let folder):
            String(format: tr("“%@” has no files"), folder)
        case .cancelled:
            tr("Opening the deck was cancelled")
        case .unknownField(let problem):
            problem
        case .noListItems:
            tr("The Markdown file has no list: each item of a list (“- ”, “* ”, “1. ”) becomes a card")
        case .inputTooLarge(let limit):
            String(format: tr("The input is larger than %ld MB, the most CardStack reads from a pipe: save it to a file and open that"), limit / 1_048_576)
        }
    }

    /// The error for `errno` `code` from opening or reading `path`.
    public static func fileSystem(_ code: Int32, path: String) -> DeckLoadError {
        switch code {
        case EACCES, EPERM: .permissionDenied(path: path)
        case ENOENT: .notFound(path: path)
        case EISDIR: .isFolder(path: path)
        default: .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// `path` as a person reads it: the home folder shown as `~`, as the file chooser shows it, and bytes that
    /// aren't UTF-8 as U+FFFD.
    static func displayPath(_ path: String) -> String {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let shown = FileNameEncoding.displayName(path)
        guard home.count > 1, shown == home || shown.hasPrefix(home + "/") else { return shown }
        return "~" + shown.dropFirst(home.count)
    }
}

private extension String {
    /// "Card 3 (line 9)" → "card 3 (line 9)", for a location in the middle of a sentence; file names keep their case.
    var lowercasedFirstWord: String {
        guard let first, first.isUppercase else { return self }
        return first.lowercased() + dropFirst()
    }
}
