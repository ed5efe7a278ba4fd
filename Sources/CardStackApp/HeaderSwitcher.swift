// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GtkSupport

/// The header bar's title: the page switcher where the header has room for it, else the deck's title and
/// progress, with the pages in the bar at the bottom of the window (which the window reveals on
/// ``onTitleVisibleChanged``).
///
/// A wide `AdwViewSwitcher` and an `AdwWindowTitle` in a squeezer, as libadwaita's adaptive header is from 1.4,
/// where this takes the place of `AdwViewSwitcherTitle`. That widget (1.2) also holds a narrow switcher, for the
/// few widths between the wide one and the bottom bar: its buttons, each built from a template of a dozen
/// widgets, then styled and measured, were 8 ms of a 260 ms launch here.
@MainActor
final class HeaderSwitcher {
    /// The squeezer, for the header bar.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let squeezer: OpaquePointer
    private let switcher: UnsafeMutablePointer<GtkWidget>
    private let windowTitle: OpaquePointer
    private let signals = SignalGroup()

    /// Called when the title takes the switcher's place, or gives it back.
    var onTitleVisibleChanged: (@MainActor (_ titleVisible: Bool) -> Void)?

    /// A switcher for `stack`'s pages, with `title` in its place until there are pages to switch between.
    init(stack: OpaquePointer, title: String) {
        widget = created(adw_squeezer_new())
        squeezer = OpaquePointer(widget)
        // As the title widget it stands for: a crossfade, and the switcher only where its natural width fits.
        adw_squeezer_set_transition_type(squeezer, ADW_SQUEEZER_TRANSITION_TYPE_CROSSFADE)
        adw_squeezer_set_switch_threshold_policy(squeezer, ADW_FOLD_THRESHOLD_POLICY_NATURAL)
        switcher = created(adw_view_switcher_new())
        adw_view_switcher_set_policy(OpaquePointer(switcher), ADW_VIEW_SWITCHER_POLICY_WIDE)
        adw_view_switcher_set_stack(OpaquePointer(switcher), stack)
        gtk_widget_set_halign(switcher, GTK_ALIGN_CENTER)
        windowTitle = OpaquePointer(created(adw_window_title_new(title, nil)))
        _ = adw_squeezer_add(squeezer, switcher)
        _ = adw_squeezer_add(squeezer, windowTitle.cast())
        isSwitcherEnabled = false
        signals.connect(widget.raw, .pointer("notify::visible-child")) { [unowned self] _ in onTitleVisibleChanged?(isTitleVisible) }
    }

    /// The title: the deck's, or the app's name before a deck is open.
    var title: String {
        get { String(borrowingGLibString: adw_window_title_get_title(windowTitle)) ?? "" }
        set { adw_window_title_set_title(windowTitle, newValue) }
    }

    /// The line under the title: how far the deck is decided.
    var subtitle: String {
        get { String(borrowingGLibString: adw_window_title_get_subtitle(windowTitle)) ?? "" }
        set { adw_window_title_set_subtitle(windowTitle, newValue) }
    }

    /// Whether the switcher may take the title's place: off while there is only one page to show.
    var isSwitcherEnabled: Bool {
        get { adw_squeezer_get_page(squeezer, switcher).map { adw_squeezer_page_get_enabled($0) != 0 } ?? false }
        set {
            guard let page = adw_squeezer_get_page(squeezer, switcher) else { return }
            adw_squeezer_page_set_enabled(page, newValue ? 1 : 0)
        }
    }

    /// Whether the title shows in the switcher's place.
    var isTitleVisible: Bool {
        adw_squeezer_get_visible_child(squeezer) == windowTitle.cast()
    }
}
