// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

extension SignalGroup {
    /// Adds a stateless action called `name` to `map` (any `GActionMap`: an application, a window, an action
    /// group) that runs `activate` with its parameter (a `GVariant *`, or nil for actions without one).
    ///
    /// The map keeps the only reference; the returned pointer stays valid for as long as the action is in it.
    @discardableResult
    public func addAction(
        _ name: String,
        to map: OpaquePointer,
        parameterType: OpaquePointer? = nil,
        _ activate: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) -> OpaquePointer {
        let action = ObjectReference(adopting: created(g_simple_action_new(name, parameterType)))
        connect(action.pointer.raw, .pointer("activate"), activate)
        g_action_map_add_action(map, action.pointer)
        return action.pointer
    }
}
