// SPDX-License-Identifier: GPL-3.0-or-later
import CardStackCore

extension SwipeDirection {
    /// The symbolic icon every page shows for this direction: a cross to skip, a tick to keep, a star, a clock.
    var iconName: String {
        switch self {
        case .left: "window-close-symbolic"
        case .right: "object-select-symbolic"
        case .up: "starred-symbolic"
        case .down: "alarm-symbolic"
        }
    }
}
