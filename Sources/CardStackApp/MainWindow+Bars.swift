// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The banners under the header bar, made the first time one shows: a launch that needs neither skips their
/// widgets (1.2 ms of the time to its first frame here).
extension MainWindow {
    /// Says, for as long as the window is open, that decisions are not being saved, and why.
    var storageBanner: StorageBanner {
        if let madeStorageBanner { return madeStorageBanner }
        let banner = StorageBanner()
        gtk_box_prepend(bars.cast(), banner.widget)
        madeStorageBanner = banner
        return banner
    }

    /// Says, for as long as it holds, that sidecars are not being written and why.
    var sidecarBanner: StorageBanner {
        if let madeSidecarBanner { return madeSidecarBanner }
        let banner = StorageBanner()
        // Under the storage banner when there is one, above the files' progress.
        gtk_box_insert_child_after(bars.cast(), banner.widget, madeStorageBanner?.widget)
        madeSidecarBanner = banner
        return banner
    }
}
