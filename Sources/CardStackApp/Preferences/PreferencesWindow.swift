// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CGtk
import CardStackCore
import CardStackWidgets
import GtkSupport
import Translation

/// Preferences (Ctrl+comma): every setting of the app, each row showing the setting's value and writing it the
/// moment it changes, which the window applies at once.
///
/// An `AdwPreferencesWindow` as libadwaita 1.2 has it: pages of groups of rows, a switch at the end of an action
/// row, a combo row for a choice among a few.
@MainActor
final class PreferencesWindow {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let settings: AppSettings
    private let signals = SignalGroup()
    private var keepAlive: PreferencesWindow?
    /// Told of the key that changed, after it is written.
    private let changed: @MainActor (String) -> Void

    /// A choice of a combo row: the setting's value and the words shown.
    private typealias Choice = (value: String, label: String)

    /// Presents the preferences over `parent`, reading and writing `settings`; `changed` hears each key written.
    @discardableResult
    init(settings: AppSettings, parent: UnsafeMutablePointer<GtkWindow>, changed: @escaping @MainActor (String) -> Void) {
        self.settings = settings
        self.changed = changed
        window = created(adw_preferences_window_new())
        gtk_window_set_transient_for(window.cast(), parent)
        gtk_window_set_modal(window.cast(), 1)
        gtk_window_set_title(window.cast(), tr("Preferences"))
        // Every row is reached by search too, which libadwaita 1.2 offers by title.
        adw_preferences_window_set_search_enabled(window.cast(), 1)

        let general = page(tr("General"), icon: "preferences-system-symbolic")
        let motion = group(tr("Motion"), in: general)
        choice(tr("Reduce Motion"), subtitle: tr("Cards, piles and sheets move without spring travel"), key: MainWindow.reducedMotionKey,
               choices: [("system", tr("Follow the System")), ("always", tr("Always"))], in: motion)
        let swiping = group(tr("Swiping"), in: general)
        choice(tr("Swipe Sensitivity"), subtitle: tr("How short a drag or how slow a flick still decides a card"), key: MainWindow.swipeSensitivityKey,
               choices: [("low", tr("Low")), ("normal", tr("Normal")), ("high", tr("High"))], in: swiping)
        toggle(tr("Arrow Keys Decide Under Deck Info and History"), subtitle: tr("Card details always decides its own card"),
               key: MainWindow.arrowsUnderSheetsKey, in: swiping)

        let photos = page(tr("Photos"), icon: "camera-photo-symbolic")
        let folders = group(tr("Folders"), in: photos)
        toggle(tr("Include Subfolders"), subtitle: tr("A camera card's DCIM folders, an import sorted by month"),
               key: MainWindow.includeSubfoldersKey, in: folders)
        toggle(tr("RAW and JPEG as One Photo"), subtitle: tr("Takes effect when a folder is next opened"),
               key: MainWindow.pairRawJPEGKey, default: MainWindow.pairsRawWithJPEGByDefault, in: folders)
        choice(tr("Order"), subtitle: tr("The photo on screen stays where it is"), key: MainWindow.photoOrderKey,
               choices: [("time-taken", tr("Time Taken")), ("name", tr("Name"))], fallback: "time-taken", in: folders)
        let bursts = group(tr("Bursts"), in: photos)
        adw_preferences_group_set_description(bursts.cast(), tr("A burst is one stack on the Deck: a swipe decides every frame, Enter or a tap compares them two at a time."))
        toggle(tr("Group Bursts"), subtitle: tr("Frames of one camera, or frames that look alike"), key: MainWindow.burstsKey, default: true, in: bursts)
        number(tr("Longest Pause in a Burst"), subtitle: tr("Seconds between two frames of one camera"), key: MainWindow.burstGapKey,
               range: 0.1...60, step: 0.1, digits: 1, scale: 10, fallback: 20, in: bursts)
        number(tr("Look-Alike Frames"), subtitle: tr("Most bits two frames' hashes may differ in, for phones without sub-second times"),
               key: MainWindow.burstHashDistanceKey, range: 0...32, step: 1, digits: 0, scale: 1, fallback: 10, in: bursts)
        let rating = group(tr("Rating"), in: photos)
        toggle(tr("Next Photo After a Rating"), subtitle: tr("Stars or a label send the photo to the back of the deck; Undo brings it back"),
               key: MainWindow.nextPhotoAfterRatingKey, in: rating)
        let sidecars = group(tr("XMP Sidecars"), in: photos)
        adw_preferences_group_set_description(sidecars.cast(), tr("Decisions written beside each photo for darktable, digiKam and Lightroom to read. Undo takes each back."))
        choice(tr("Write Sidecars"), subtitle: nil, key: MainWindow.sidecarStyleKey,
               choices: [("off", tr("Off")), ("darktable", tr("darktable and digiKam (IMG_0001.CR2.xmp)")), ("lightroom", tr("Lightroom (IMG_0001.xmp)"))],
               in: sidecars)
        let presets: [Choice] = SidecarMarks.Preset.allCases.map { ($0.rawValue, Self.words(for: $0)) }
        for direction in [SwipeDirection.left, .right, .up, .down] {
            choice(String(format: tr("%@ Writes"), direction.translatedDefaultLabel), subtitle: Self.arrow(direction), key: MainWindow.sidecarMarksKey(direction),
                   choices: presets, fallback: SidecarMarks.Preset.defaultPreset(for: direction).rawValue, in: sidecars)
        }

        signals.connect(window.raw, .bool("close-request")) { [weak self] in
            self?.signals.disconnectAll()
            self?.keepAlive = nil
            return false
        }
        keepAlive = self
        gtk_window_present(window.cast()); nameButtonsAsShown(under: window.cast(), iconNames: MainWindow.iconButtonNames)
    }

    /// The words of a preset as a row offers it.
    static func words(for preset: SidecarMarks.Preset) -> String {
        switch preset {
        case .reject: tr("Rejected")
        case .accept: tr("Accepted, ★ if unrated")
        case .acceptOnly: tr("Accepted")
        case .fiveStars: tr("★★★★★, accepted")
        case .pending: tr("Pending")
        case .nothing: tr("Nothing")
        }
    }

    /// Which way a direction goes, for a screen reader and for a deck whose labels are not the defaults.
    private static func arrow(_ direction: SwipeDirection) -> String {
        switch direction {
        case .left: tr("Swiping left")
        case .right: tr("Swiping right")
        case .up: tr("Swiping up")
        case .down: tr("Swiping down")
        }
    }

    private func page(_ title: String, icon: String) -> UnsafeMutablePointer<GtkWidget> {
        let page = created(adw_preferences_page_new())
        adw_preferences_page_set_title(page.cast(), title)
        adw_preferences_page_set_icon_name(page.cast(), icon)
        adw_preferences_window_add(window.cast(), page.cast())
        return page
    }

    private func group(_ title: String, in page: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let group = created(adw_preferences_group_new())
        adw_preferences_group_set_title(group.cast(), title)
        adw_preferences_page_add(page.cast(), group.cast())
        return group
    }

    /// A row with a switch at its end for boolean `key`; the whole row toggles it.
    private func toggle(_ title: String, subtitle: String?, key: String, default fallback: Bool = false, in group: UnsafeMutablePointer<GtkWidget>) {
        let row = created(adw_action_row_new())
        adw_preferences_row_set_title(row.cast(), title)
        if let subtitle { adw_action_row_set_subtitle(row.cast(), subtitle) }
        let toggle = created(gtk_switch_new())
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_switch_set_active(OpaquePointer(toggle), settings.boolean(key, default: fallback) ? 1 : 0)
        adw_action_row_add_suffix(row.cast(), toggle)
        // The row names the switch for a screen reader, and a click anywhere on it toggles it.
        adw_action_row_set_activatable_widget(row.cast(), toggle)
        signals.connect(toggle.raw, .pointer("notify::active")) { [weak self] _ in
            guard let self else { return }
            settings.setBoolean(key, gtk_switch_get_active(OpaquePointer(toggle)) != 0)
            settings.save()
            changed(key)
        }
        adw_preferences_group_add(group.cast(), row)
    }

    /// A row with a spin button at its end for integer `key`, which stores the number shown times `scale` (tenths of
    /// a second as seconds with one digit); `fallback` where the setting has no value.
    private func number(_ title: String, subtitle: String?, key: String, range: ClosedRange<Double>, step: Double, digits: UInt32, scale: Double,
                        fallback: Int32, in group: UnsafeMutablePointer<GtkWidget>) {
        let row = created(adw_action_row_new())
        adw_preferences_row_set_title(row.cast(), title)
        if let subtitle { adw_action_row_set_subtitle(row.cast(), subtitle) }
        let spin = created(gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step))
        gtk_spin_button_set_digits(OpaquePointer(spin), digits)
        gtk_spin_button_set_value(OpaquePointer(spin), Double(settings.integer(key, default: fallback)) / scale)
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        cs_accessible_set_label(OpaquePointer(spin), title)
        adw_action_row_add_suffix(row.cast(), spin)
        adw_action_row_set_activatable_widget(row.cast(), spin)
        signals.connect(spin.raw, .void("value-changed")) { [weak self] in
            guard let self else { return }
            settings.setInteger(key, Int32((gtk_spin_button_get_value(OpaquePointer(spin)) * scale).rounded()))
            settings.save()
            changed(key)
        }
        adw_preferences_group_add(group.cast(), row)
    }

    /// A combo row choosing string `key`'s value among `choices`; a value it doesn't know shows `fallback`'s.
    private func choice(_ title: String, subtitle: String?, key: String, choices: [Choice], fallback: String? = nil,
                        in group: UnsafeMutablePointer<GtkWidget>) {
        let row = created(adw_combo_row_new())
        adw_preferences_row_set_title(row.cast(), title)
        if let subtitle { adw_action_row_set_subtitle(row.cast(), subtitle) }
        let model = created(gtk_string_list_new(nil))
        for choice in choices { gtk_string_list_append(model, choice.label) }
        adw_combo_row_set_model(row.cast(), model)
        let value = settings.string(key)
        let selected = choices.firstIndex { $0.value == value } ?? choices.firstIndex { $0.value == fallback } ?? 0
        adw_combo_row_set_selected(row.cast(), guint(selected))
        signals.connect(row.raw, .pointer("notify::selected")) { [weak self] _ in
            guard let self else { return }
            let index = Int(adw_combo_row_get_selected(row.cast()))
            guard choices.indices.contains(index) else { return }
            settings.setString(key, choices[index].value)
            settings.save()
            changed(key)
        }
        adw_preferences_group_add(group.cast(), row)
    }
}
