// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The Swift object behind a ``CustomWidgetType`` instance: GTK's virtual functions forward to it.
///
/// The instance owns its delegate (it is released when the instance is finalized); the delegate must refer back
/// to the widget only through the unowned pointer it is given, so no reference cycle forms.
@MainActor
public protocol CustomWidgetDelegate: AnyObject {
    /// `GtkWidgetClass.measure`: the minimum and natural size along `orientation` for the given size of the other axis.
    func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32)
    /// `GtkWidgetClass.size_allocate`: the widget's new size.
    func sizeAllocate(width: Int32, height: Int32, baseline: Int32)
    /// `GtkWidgetClass.snapshot`: append this frame's render nodes to `snapshot` (a `GtkSnapshot *`).
    func snapshot(_ snapshot: OpaquePointer)
    /// `GtkWidgetClass.focus`: move focus within the widget, or nil for GTK's default behaviour.
    func focus(direction: GtkDirectionType) -> Bool?
    /// A key press while the widget has focus; return true when handled.
    func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool
    /// `GObjectClass.dispose`: drop references to other objects and disconnect from them.
    func dispose()
}

extension CustomWidgetDelegate {
    public func measure(orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) { (0, 0) }
    public func sizeAllocate(width: Int32, height: Int32, baseline: Int32) {}
    public func snapshot(_ snapshot: OpaquePointer) {}
    public func focus(direction: GtkDirectionType) -> Bool? { nil }
    public func keyPressed(keyval: UInt32, keycode: UInt32, modifiers: GdkModifierType) -> Bool { false }
    public func dispose() {}
}
