// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import GtkSupport
import Translation

/// The page switcher: in the header bar where it has room, else in a bar at the bottom of the window (``bar``),
/// the header then showing the deck's title and progress.
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
    /// The bar at the bottom of the window with the pages, for a window too narrow for them in the header.
    let bar: UnsafeMutablePointer<GtkWidget>
    /// How far the deck is decided, for the header bar's start while the switcher stands in the title's place
    /// (the title says it under the deck's name otherwise): where you are shows at every width.
    let progressLabel: UnsafeMutablePointer<GtkWidget> = {
        let label = created(gtk_label_new(nil))
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_add_css_class(label, "numeric")
        // Never what pushes the switcher out of the header: it asks for no width of its own.
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        gtk_widget_set_margin_start(label, 6)
        return label
    }()
    private let stack: OpaquePointer
    private let signals = SignalGroup()

    /// A switcher for `stack`'s pages, with `title` in its place until there are pages to switch between.
    init(stack: OpaquePointer, title: String) {
        self.stack = stack
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
        bar = created(adw_view_switcher_bar_new())
        isSwitcherEnabled = false
        signals.connect(widget.raw, .pointer("notify::visible-child")) { [unowned self] _ in
            // Given the pages the first time it shows: its buttons (built from a template, with an icon and a
            // label for each page) were a tenth of a wide window's launch, where the bar stays hidden.
            if isTitleVisible, barStack == nil {
                barStack = stack
                nameStackPagesAsShown(under: bar)
            }
            updateBars()
        }
    }

    private func updateBars() {
        adw_view_switcher_bar_set_reveal(OpaquePointer(bar), isTitleVisible && !isHiddenForFullScreen ? 1 : 0)
        // The squeezer switches while the header bar is being allocated: a sibling shown or hidden then is drawn
        // without an allocation until the next layout (GTK warns on every frame), so the label follows after it.
        guard progressUpdate == nil else { return }
        progressUpdate = IdleCallback.add { [weak self] in
            guard let self else { return false }
            progressUpdate = nil
            gtk_widget_set_visible(progressLabel, isTitleVisible ? 0 : 1)
            return false
        }
    }

    /// The idle callback that shows or hides ``progressLabel``, while one is due.
    private var progressUpdate: UInt32?

    /// Whether the window is in full screen, where the bottom bar goes with the header.
    var isHiddenForFullScreen = false {
        didSet { updateBars() }
    }

    /// Names the stacks' pages inside both switchers' buttons as shown ("Deck"), rather than by their class.
    func namePagesAsShown() {
        // A page tab list is otherwise spoken by its class, "AdwViewSwitcher": this one, and the bar's own.
        for root in [switcher, bar] {
            forEachWidget(under: root) { widget in
                if isWidget(widget, of: adw_view_switcher_get_type()) { cs_accessible_set_label(OpaquePointer(widget), tr("Pages")) }
            }
        }
        nameStackPagesAsShown(under: switcher)
        nameStackPagesAsShown(under: bar)
    }

    private var barStack: OpaquePointer? {
        get { adw_view_switcher_bar_get_stack(OpaquePointer(bar)) }
        set { adw_view_switcher_bar_set_stack(OpaquePointer(bar), newValue) }
    }

    /// Runs `change`, which removes and adds the stack's pages, with both switchers let go of the stack meanwhile:
    /// a libadwaita 1.2 switcher builds all its buttons again for each page added or removed, so the three pages
    /// of a deck made six buttons (each from a template of a dozen widgets), 2 ms of the launch.
    func changingPages(_ change: () -> Void) {
        let barHadPages = barStack != nil
        adw_view_switcher_set_stack(OpaquePointer(switcher), nil)
        if barHadPages { barStack = nil }
        change()
        adw_view_switcher_set_stack(OpaquePointer(switcher), stack)
        if barHadPages { barStack = stack }
        namePagesAsShown()
    }

    /// The title: the deck's, or the app's name before a deck is open.
    var title: String {
        get { String(borrowingGLibString: adw_window_title_get_title(windowTitle)) ?? "" }
        set { adw_window_title_set_title(windowTitle, newValue) }
    }

    /// The line under the title, and the header's start while the switcher shows: how far the deck is decided.
    var subtitle: String {
        get { String(borrowingGLibString: adw_window_title_get_subtitle(windowTitle)) ?? "" }
        set {
            adw_window_title_set_subtitle(windowTitle, newValue)
            gtk_label_set_text(OpaquePointer(progressLabel), newValue)
        }
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
