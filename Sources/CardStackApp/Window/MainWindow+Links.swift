// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackWidgets
import GtkSupport
import Translation

/// Ctrl+L opens the link of the card in view (an issue's page, a shop's product) in the desktop's browser, as Card
/// details' Open Link button does: the card of Card details when they are open, else Browse's centred card or the
/// Deck page's front card.
extension MainWindow {
    func installLinkAction() {
        addWindowAction("open-link") { [unowned self] in openLinkOfCardInView() }
    }

    /// The card the window shows above all.
    private var cardInView: Int? {
        if sheets.openSheets.last == CardDetailsSheet.id, let card = detailsCard { return card }
        switch String(borrowingGLibString: adw_view_stack_get_visible_child_name(viewStack)) {
        case "browse": return browsePage?.centredCard
        case "deck": return session?.progress.frontCardIndex
        default: return nil
        }
    }

    private func openLinkOfCardInView() {
        guard let deck = current?.deck, let card = cardInView else { return }
        guard let link = deck.cards[card].openableLink else {
            toast(String(format: tr("“%@” has no link to open"), deck.cards[card].shownTitle))
            return
        }
        gtk_show_uri(window, link, UInt32(GDK_CURRENT_TIME))
        Trace.log("link: opened \(link)")
    }
}
