// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The banners under the header bar, made the first time one shows: a launch that needs neither skips their
/// widgets (1.2 ms of the time to its first frame here).
extension MainWindow {
    /// The banners made so far, for this extension alone.
    struct Banners {
        /// Says, for as long as the window is open, that decisions are not being saved, and why; once made.
        fileprivate var storage: StorageBanner?
        /// Says, for as long as it holds, that sidecars are not being written and why; once made.
        fileprivate var sidecars: StorageBanner?
    }

    /// Says, for as long as the window is open, that decisions are not being saved, and why.
    var storageBanner: StorageBanner {
        banners.storage ?? madeBanner(\.storage, after: nil)
    }

    /// Says, for as long as it holds, that sidecars are not being written and why.
    var sidecarBanner: StorageBanner {
        // Under the storage banner when there is one, above the files' progress.
        banners.sidecars ?? madeBanner(\.sidecars, after: banners.storage)
    }

    /// Hides the sidecars' banner, if it was ever made: another deck, or another style.
    func hideSidecarBanner() {
        banners.sidecars?.hide()
    }

    /// A banner made now, put in the bars after `previous` (first when nil), and kept in `slot`.
    private func madeBanner(_ slot: WritableKeyPath<Banners, StorageBanner?>, after previous: StorageBanner?) -> StorageBanner {
        let banner = StorageBanner()
        gtk_box_insert_child_after(bars.cast(), banner.widget, previous?.widget)
        banners[keyPath: slot] = banner
        return banner
    }
}
