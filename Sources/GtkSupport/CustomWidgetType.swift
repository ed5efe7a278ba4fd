// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A `GtkWidget` subclass registered from Swift whose virtual functions forward to a ``CustomWidgetDelegate``.
///
/// Registering happens once per type name; the CSS name, accessible role and request mode are class properties,
/// as in C.
@MainActor
public struct CustomWidgetType {
    /// The registered `GType`.
    public let gType: GType

    private final class ClassInfo {
        let cssName: String
        let role: GtkAccessibleRole
        let heightForWidth: Bool
        init(cssName: String, role: GtkAccessibleRole, heightForWidth: Bool) {
            self.cssName = cssName
            self.role = role
            self.heightForWidth = heightForWidth
        }
    }

    /// Registers (or finds, if already registered) the subclass called `name`; a `heightForWidth` widget is
    /// measured vertically for the width it will get (its delegate's `measure` is given that width), as wrapping
    /// content needs.
    public init(name: String, cssName: String, accessibleRole: GtkAccessibleRole, heightForWidth: Bool = false) {
        let existing = g_type_from_name(name)
        if existing != 0 {
            gType = existing
            return
        }
        // The class data lives as long as the type, which is forever: GTypes are never unregistered.
        let info = Unmanaged.passRetained(ClassInfo(cssName: cssName, role: accessibleRole, heightForWidth: heightForWidth)).toOpaque()
        var typeInfo = GTypeInfo()
        typeInfo.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
        typeInfo.class_init = { klass, data in
            guard let klass, let data else { return }
            let info = Unmanaged<ClassInfo>.fromOpaque(data).takeUnretainedValue()
            let objectClass = klass.cast(to: GObjectClass.self)
            let widgetClass = klass.cast(to: GtkWidgetClass.self)
            objectClass.pointee.dispose = CustomWidgetType.disposeTrampoline
            widgetClass.pointee.measure = CustomWidgetType.measureTrampoline
            widgetClass.pointee.size_allocate = CustomWidgetType.sizeAllocateTrampoline
            widgetClass.pointee.snapshot = CustomWidgetType.snapshotTrampoline
            widgetClass.pointee.focus = CustomWidgetType.focusTrampoline
            if info.heightForWidth { widgetClass.pointee.get_request_mode = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH } }
            gtk_widget_class_set_css_name(widgetClass, info.cssName)
            gtk_widget_class_set_accessible_role(widgetClass, info.role)
        }
        typeInfo.class_data = UnsafeRawPointer(info)
        typeInfo.instance_size = guint16(MemoryLayout<GtkWidget>.size)
        gType = g_type_register_static(gtk_widget_get_type(), name, &typeInfo, GTypeFlags(rawValue: 0))
    }

    /// Creates an instance, with a floating reference like every new widget; give it its delegate with
    /// ``attach(_:to:)`` before it is shown.
    public func instantiate() -> UnsafeMutablePointer<GtkWidget> {
        g_object_new_with_properties(gType, 0, nil, nil)!.cast(to: GtkWidget.self)
    }

    /// Makes `widget` own `delegate` (released when the widget is finalized) and forward to it.
    public static func attach(_ delegate: any CustomWidgetDelegate, to widget: UnsafeMutablePointer<GtkWidget>) {
        let object = widget.cast(to: GObject.self)
        let owned = Unmanaged.passRetained(delegate as AnyObject).toOpaque()
        g_object_set_qdata_full(object, Self.delegateQuark, owned) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let keys = gtk_event_controller_key_new()!
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, keycode, state, data in
            guard let data else { return 0 }
            return callOnMainActor(data) { data in
                guard let delegate = CustomWidgetType.delegate(ofInstance: data) else { return false }
                return delegate.keyPressed(keyval: keyval, keycode: keycode, modifiers: state)
            } ? 1 : 0
        }
        // The widget owns the controller, so the unretained widget pointer as user data cannot dangle.
        g_signal_connect_data(UnsafeMutableRawPointer(keys), "key-pressed", unsafeBitCast(trampoline, to: GCallback.self), object, nil, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(widget, keys)
    }

    /// The delegate of an instance created by any ``CustomWidgetType``.
    public static func delegate(of widget: UnsafeMutablePointer<GtkWidget>) -> (any CustomWidgetDelegate)? {
        delegate(ofInstance: widget.raw)
    }

    private static func delegate(ofInstance instance: UnsafeMutableRawPointer) -> (any CustomWidgetDelegate)? {
        guard let data = g_object_get_qdata(instance.cast(to: GObject.self), delegateQuark) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? any CustomWidgetDelegate
    }

    private static let delegateQuark: GQuark = g_quark_from_static_string("cardstack-custom-widget-delegate")

    // MARK: - Virtual functions

    private static let disposeTrampoline: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
        guard let object else { return }
        callOnMainActor(object.raw) { CustomWidgetType.delegate(ofInstance: $0)?.dispose() }
        let parent = g_type_class_peek(gtk_widget_get_type())!.cast(to: GObjectClass.self)
        parent.pointee.dispose?(object)
    }

    private static let measureTrampoline: @convention(c) (
        UnsafeMutablePointer<GtkWidget>?, GtkOrientation, Int32,
        UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
        UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    ) -> Void = { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
        guard let widget else { return }
        let size: (minimum: Int32, natural: Int32) = callOnMainActor(widget) {
            CustomWidgetType.delegate(of: $0)?.measure(orientation: orientation, forSize: forSize) ?? (0, 0)
        }
        minimum?.pointee = size.minimum
        natural?.pointee = max(size.minimum, size.natural)
        minimumBaseline?.pointee = -1
        naturalBaseline?.pointee = -1
    }

    private static let sizeAllocateTrampoline: @convention(c) (
        UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32
    ) -> Void = { widget, width, height, baseline in
        guard let widget else { return }
        callOnMainActor(widget) {
            CustomWidgetType.delegate(of: $0)?.sizeAllocate(width: width, height: height, baseline: baseline)
        }
    }

    private static let snapshotTrampoline: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void = {
        widget, snapshot in
        guard let widget, let snapshot else { return }
        callOnMainActor((widget, snapshot)) { CustomWidgetType.delegate(of: $0.0)?.snapshot($0.1) }
    }

    private static let focusTrampoline: @convention(c) (UnsafeMutablePointer<GtkWidget>?, GtkDirectionType) -> gboolean = {
        widget, direction in
        guard let widget else { return 0 }
        let answer = callOnMainActor(widget) { CustomWidgetType.delegate(of: $0)?.focus(direction: direction) }
        if let answer { return answer ? 1 : 0 }
        let parent = g_type_class_peek(gtk_widget_get_type())!.cast(to: GtkWidgetClass.self)
        return parent.pointee.focus?(widget, direction) ?? 0
    }
}
