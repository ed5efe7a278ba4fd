// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import Foundation

/// `--print`: what a script gets on standard output when the window closes.
extension MainWindow {
    /// What the window closing answers a script that asked for the cards decided `directions`: those cards in
    /// the input's own form and deck order, and the exit status (0 when every card was decided, 1 when the
    /// window closed before, 2 when no deck could be read).
    func printedCards(decided directions: [SwipeDirection]) -> (output: Data, status: Int32) {
        guard let session, let deck = current?.deck else { return (Data(), 2) }
        let progress = session.progress
        let wanted = Set(directions)
        let chosen = deck.cards.indices.filter { progress.direction(of: $0).map(wanted.contains) ?? false }
        let status: Int32 = progress.isFinished ? 0 : 1
        if let input = shownInput.input, let origins = shownInput.origins {
            return (origins.printed(chosen, from: input), status)
        }
        // A folder has no text to print back: each chosen file's path, a line each, with the bytes of its name;
        // both files of a RAW+JPEG pair, as every action on the pair takes both.
        var output = Data()
        for index in chosen {
            let card = deck.cards[index]
            for path in card.filePaths.isEmpty ? [card.title] : card.filePaths {
                output.append(contentsOf: FileNameEncoding.fileSystemRepresentation(of: path).dropLast().map { UInt8(bitPattern: $0) })
                output.append(0x0A)
            }
        }
        return (output, status)
    }
}
