// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackLogic
import CardStackWidgets
import GtkSupport

/// The settings Preferences holds, and what each changes the moment it is written.
extension MainWindow {
    static let reducedMotionKey = "reduced-motion"
    static let swipeSensitivityKey = "swipe-sensitivity"
    static let arrowsUnderSheetsKey = "arrows-under-sheets"
    static let pairRawJPEGKey = "pair-raw-jpeg"
    static let nextPhotoAfterRatingKey = "next-photo-after-rating"
    /// The schema's default, for settings kept in a key file (the schema not installed).
    static let pairsRawWithJPEGByDefault = true

    /// The setting of what deciding `direction` writes to a sidecar.
    static func sidecarMarksKey(_ direction: SwipeDirection) -> String {
        "sidecar-marks-\(direction.rawValue)"
    }

    func installPreferences() {
        addWindowAction("preferences") { [unowned self] in
            PreferencesWindow(settings: settings, parent: window) { [weak self] key in self?.apply(setting: key) }
        }
        applyReducedMotion()
    }

    /// What the swipe sensitivity setting says.
    var swipeSensitivity: SwipeSensitivity {
        SwipeSensitivity(rawValue: settings.string(Self.swipeSensitivityKey)) ?? .normal
    }

    /// What each direction writes to sidecars, as the settings say.
    var sidecarPresets: [SwipeDirection: SidecarMarks.Preset] {
        Dictionary(uniqueKeysWithValues: SwipeDirection.allCases.map { direction in
            (direction, SidecarMarks.Preset(rawValue: settings.string(Self.sidecarMarksKey(direction))) ?? .defaultPreset(for: direction))
        })
    }

    /// Whether a rating key moves on to the next photo.
    var movesOnAfterRating: Bool { settings.boolean(Self.nextPhotoAfterRatingKey) }

    /// Whether the arrow keys decide the front card while Deck info or History is open.
    var arrowsDecideUnderSheets: Bool { settings.boolean(Self.arrowsUnderSheetsKey) }

    /// Applies setting `key` just written by Preferences.
    func apply(setting key: String) {
        // Read as the schema types the key: asking GSettings for another type is a critical error.
        let value = [Self.burstGapKey, Self.burstHashDistanceKey].contains(key) ? String(settings.integer(key, default: 0))
            : settings.string(key).isEmpty ? String(settings.boolean(key)) : settings.string(key)
        Trace.log("preference: \(key) = \(value)")
        switch key {
        case Self.reducedMotionKey:
            applyReducedMotion()
        case Self.swipeSensitivityKey:
            deckPage?.deckView.sensitivity = swipeSensitivity
        case Self.sidecarStyleKey:
            // Written from the next step on; the sidecars of the steps before are written too (a catch-up).
            guard let current else { return }
            sidecarSync?.finish()
            sidecarSync = makeSidecarSync(for: current.deck, key: current.key)
        case _ where key.hasPrefix("sidecar-marks-"):
            sidecarSync?.presets = sidecarPresets
        case Self.photoOrderKey:
            photoOrderChanged()
        case Self.burstsKey, Self.burstGapKey, Self.burstHashDistanceKey:
            // The open deck's bursts are found again by the new rules.
            if let session { orderPhotos(of: session) }
        case Self.nextPhotoAfterRatingKey:
            deckPage?.deckView.movesOnAfterRating = movesOnAfterRating
            browsePage?.movesOnAfterRating = movesOnAfterRating
        default:
            // Folders: the next folder opened reads them; the arrow keys read theirs at each press.
            break
        }
    }

    /// Reduced motion as the setting says: "always" turns GTK's animations off for this app (every page, and
    /// libadwaita's own, follow `gtk-enable-animations`); "system" gives the desktop's value back.
    func applyReducedMotion() {
        guard let gtkSettings = gtk_settings_get_default() else { return }
        if settings.string(Self.reducedMotionKey) == "always" {
            cs_object_set_boolean(gtkSettings.raw, "gtk-enable-animations", 0)
            overridesAnimations = true
        } else if overridesAnimations {
            gtk_settings_reset_property(gtkSettings, "gtk-enable-animations")
            overridesAnimations = false
        }
    }
}

/// Whether the app has set `gtk-enable-animations` itself, which only then is given back to the desktop.
@MainActor private var overridesAnimations = false
