// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CardStackCore
import CardStackWidgets
import GtkSupport

/// The order a photo deck is culled in: by the time each photo was taken (read with a folder of a few hundred
/// photos; for a larger one in the background once it is open, the front photo staying), or by name, as the deck
/// was read. Chosen in the main menu and Preferences.
extension MainWindow {
    static let photoOrderKey = "photo-order"

    /// What the photo order keeps, for this extension alone.
    struct PhotoOrder {
        /// Reads when the open photo deck's photos were taken, to cull them in that order.
        fileprivate var scan: CaptureOrderScan?
        /// `win.photo-order`, whose state is the photo order setting.
        fileprivate var action: OpaquePointer?
    }

    /// Whether photo decks are put in capture order: the setting says "time-taken" or, unset, nothing else.
    var ordersPhotosByTime: Bool { settings.string(Self.photoOrderKey) != "name" }

    static let burstsKey = "bursts"
    static let burstGapKey = "burst-gap-tenths"
    static let burstHashDistanceKey = "burst-hash-distance"

    /// When photos are one burst, as Preferences sets it.
    var burstRules: BurstRules {
        let standard = BurstRules.standard
        return BurstRules(maximumGap: Double(settings.integer(Self.burstGapKey, default: Int32(standard.maximumGap * 10))) / 10,
                          similarFrameWindow: standard.similarFrameWindow,
                          maximumHashDistance: Int(settings.integer(Self.burstHashDistanceKey, default: Int32(standard.maximumHashDistance))),
                          isEnabled: settings.boolean(Self.burstsKey, default: standard.isEnabled))
    }

    /// `win.photo-order`, a string state ("time-taken" or "name") the menu shows as two radio items.
    func installPhotoOrder() {
        let state = g_variant_new_string(ordersPhotosByTime ? "time-taken" : "name")
        let action = created(g_simple_action_new_stateful("photo-order", cs_variant_type_string(), state))
        photoOrder.action = action
        g_simple_action_set_enabled(action, 0)
        signals.connect(UnsafeMutableRawPointer(action), .pointer("activate")) { [unowned self] parameter in
            guard let parameter, let value = String(borrowingGLibString: g_variant_get_string(OpaquePointer(parameter), nil)) else { return }
            settings.setString(Self.photoOrderKey, value)
            settings.save()
            apply(setting: Self.photoOrderKey)
        }
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Puts `session`'s deck in the order the setting says, when it is a photo deck, and finds its bursts: at
    /// once from `facts` (read with the deck), before anything is on screen; else once the photos are read in
    /// the background, behind the photo on screen.
    func orderPhotos(of session: DeckSession, facts: [Int: CaptureFacts]? = nil) {
        photoOrder.scan?.cancel()
        photoOrder.scan = nil
        let isPhotoDeck = session.deck.isPhotoDeck
        photoOrder.action.map { g_simple_action_set_enabled($0, isPhotoDeck ? 1 : 0) }
        guard isPhotoDeck else { return }
        if ordersPhotosByTime, let facts {
            session.reorder(by: CaptureOrder.ranks(of: session.deck.cards.indices, times: facts.compactMapValues(\.time)), keepingFront: false)
            Trace.log("capture order: read with the deck")
        } else if !ordersPhotosByTime, session.ranks != nil {
            session.reorder(by: nil)
        }
        photoOrder.scan = CaptureOrderScan(session: session, ordersByTime: ordersPhotosByTime, rules: burstRules, known: facts)
    }

    /// The setting changed: the menu's radio items follow, and the open deck takes the order.
    func photoOrderChanged() {
        photoOrder.action.map { g_simple_action_set_state($0, g_variant_new_string(ordersPhotosByTime ? "time-taken" : "name")) }
        if let session { orderPhotos(of: session) }
    }
}
