// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore
import CardStackLogic
import CardStackStore
import CardStackWidgets
import Foundation
import GtkSupport
import Translation

/// Decisions on photos written to their XMP sidecars, in the style the setting (or `--sidecars`) names.
extension MainWindow {
    /// The setting that names the sidecar style.
    static let sidecarStyleKey = "sidecar-style"

    /// The sidecar style in use now.
    var sidecarStyle: SidecarStyle {
        launch.sidecarStyle ?? SidecarStyle(rawValue: settings.string(Self.sidecarStyleKey)) ?? .off
    }

    /// The sync of `deck`'s sidecars, for a photo deck when a style is chosen; nil otherwise.
    func makeSidecarSync(for deck: Deck, key: DeckKey) -> SidecarSync? {
        hideSidecarBanner()
        guard deck.isPhotoDeck, sidecarStyle != .off else { return nil }
        let sync = SidecarSync(deck: deck, key: key, style: sidecarStyle, storage: journal.storage)
        sync.presets = sidecarPresets
        sync.onProblem = { [weak self] problem in
            self?.sidecarBanner.show(String(format: tr("Sidecars are not being written (%@); every decision is still kept"), problem))
        }
        Trace.log("sidecars: \(sidecarStyle.rawValue)")
        // The deck's own session: another deck opened meanwhile has nothing to say of these cards.
        let session = self.session
        sync.catchUp { [weak session] in session?.progress }
        return sync
    }

    /// How Deck info names the sidecars in use: "darktable (IMG_0001.CR2.xmp)", or that none are written.
    var sidecarDescription: String? {
        guard current?.deck.isPhotoDeck == true else { return nil }
        return switch sidecarStyle {
        case .off: tr("Not written")
        case .darktable: tr("darktable and digiKam (IMG_0001.CR2.xmp)")
        case .lightroom: tr("Lightroom (IMG_0001.xmp)")
        }
    }
}
