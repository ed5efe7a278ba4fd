// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import GtkSupport

/// Text for the places libadwaita 1.2 reads as Pango markup (a toast's title, a status page's description).
enum LiteralMarkup {
    /// `message` as Pango markup that shows it literally, its control characters as visible symbols: a card
    /// called "Tom & Jerry" must stay text, and a NUL in a file name would end the C string there.
    static func of(_ message: String) -> String {
        let visible = VisibleControlCharacters.replacing(in: message)
        return String(takingGLibString: g_markup_escape_text(visible, -1)) ?? visible
    }
}
