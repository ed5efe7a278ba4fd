// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GObject signal with the Swift closure type that handles it.
///
/// A signal's C handler has a fixed shape (its arguments between the instance and `user_data`); each shape has
/// one typed trampoline here that unboxes the Swift closure and calls it on the main actor. Connect with
/// ``SignalGroup/connect(_:_:_:)``.
public struct Signal<Handler>: Sendable {
    /// The detailed signal name, such as `"notify::dark"`.
    public let name: String
    let trampoline: GCallback
    /// How many arguments the shape's trampoline takes between the instance and `user_data`.
    let parameterCount: UInt32

    init(_ name: String, parameters: UInt32, trampoline: GCallback) {
        self.name = name
        self.parameterCount = parameters
        self.trampoline = trampoline
    }
}

/// The box a connected closure lives in; GLib releases it through the closure's destroy notify.
class SignalClosureBox {}

final class TypedSignalClosureBox<Handler>: SignalClosureBox {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

@inline(__always)
private func handler<Handler>(_ data: gpointer?, as _: Handler.Type) -> Handler? {
    guard let data else { return nil }
    return Unmanaged<TypedSignalClosureBox<Handler>>.fromOpaque(data).takeUnretainedValue().handler
}

// MARK: - Shapes

/// `void handler (GObject *self, gpointer user_data)`
public typealias VoidSignalHandler = @MainActor () -> Void
/// `gboolean handler (GObject *self, gpointer user_data)`
public typealias BoolSignalHandler = @MainActor () -> Bool
/// `void handler (GObject *self, double x, double y, gpointer user_data)`
public typealias PointSignalHandler = @MainActor (Double, Double) -> Void
/// `gboolean handler (GObject *self, double dx, double dy, gpointer user_data)`
public typealias DeltaSignalHandler = @MainActor (Double, Double) -> Bool
/// `void handler (GObject *self, int n_press, double x, double y, gpointer user_data)`
public typealias PressSignalHandler = @MainActor (Int32, Double, Double) -> Void
/// `gboolean handler (GObject *self, guint keyval, guint keycode, GdkModifierType state, gpointer user_data)`
public typealias KeySignalHandler = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool
/// `void handler (GObject *self, gpointer argument, gpointer user_data)`, for `GParamSpec *`, `GVariant *`, …
public typealias PointerSignalHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
/// `gboolean handler (GObject *self, const GValue *value, double x, double y, gpointer user_data)`
public typealias DropSignalHandler = @MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool

extension Signal where Handler == VoidSignalHandler {
    /// A signal whose handler takes no arguments and returns nothing.
    public static func void(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let run = handler(data, as: Handler.self) else { return }
            MainActor.assumeIsolated { run() }
        }
        return Self(name, parameters: 0, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == BoolSignalHandler {
    /// A signal whose handler takes no arguments and answers whether it handled the event.
    public static func bool(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            guard let run = handler(data, as: Handler.self) else { return 0 }
            return MainActor.assumeIsolated { run() } ? 1 : 0
        }
        return Self(name, parameters: 0, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == PointSignalHandler {
    /// A signal with two `double` arguments, such as `drag-update` or `decelerate`.
    public static func point(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
            guard let run = handler(data, as: Handler.self) else { return }
            MainActor.assumeIsolated { run(x, y) }
        }
        return Self(name, parameters: 2, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == DeltaSignalHandler {
    /// A signal with two `double` arguments that answers whether it handled them, such as `scroll`.
    public static func delta(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
            guard let run = handler(data, as: Handler.self) else { return 0 }
            return MainActor.assumeIsolated { run(dx, dy) } ? 1 : 0
        }
        return Self(name, parameters: 2, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == PressSignalHandler {
    /// A click gesture's `pressed` or `released`.
    public static func press(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
            guard let run = handler(data, as: Handler.self) else { return }
            MainActor.assumeIsolated { run(count, x, y) }
        }
        return Self(name, parameters: 3, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == KeySignalHandler {
    /// A key controller's `key-pressed` or `key-released`.
    public static func key(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, keycode, state, data in
            guard let run = handler(data, as: Handler.self) else { return 0 }
            return MainActor.assumeIsolated { run(keyval, keycode, state) } ? 1 : 0
        }
        return Self(name, parameters: 3, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == PointerSignalHandler {
    /// A signal with one pointer argument: `notify::…` (a `GParamSpec *`), an action's `activate` (a `GVariant *`).
    public static func pointer(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            guard let run = handler(data, as: Handler.self) else { return }
            callOnMainActor(argument) { run($0) }
        }
        return Self(name, parameters: 1, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == DropSignalHandler {
    /// A drop target's `drop`.
    public static func drop(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, x, y, data in
            guard let run = handler(data, as: Handler.self) else { return 0 }
            return callOnMainActor(value) { run($0, x, y) } ? 1 : 0
        }
        return Self(name, parameters: 3, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler (GObject *self, int value, gpointer user_data)`, such as a native dialog's `response`.
public typealias IntSignalHandler = @MainActor (Int32) -> Void
/// `GApplication::open`'s files: local paths, and the URIs of those that have none (`http://…`), which the app
/// can't open but must not ignore silently; then the hint.
public typealias OpenSignalHandler = @MainActor (_ paths: [[UInt8]], _ remoteURIs: [String], _ hint: String) -> Void

extension Signal where Handler == IntSignalHandler {
    /// A signal with one `int` argument.
    public static func int(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, value, data in
            guard let run = handler(data, as: Handler.self) else { return }
            MainActor.assumeIsolated { run(value) }
        }
        return Self(name, parameters: 1, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

extension Signal where Handler == OpenSignalHandler {
    /// `GApplication::open`, with the `GFile` array turned into paths (as bytes, ``takingGLibPath(_:)``), and URIs
    /// for files without one.
    public static var open: Self {
        let trampoline: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?, gpointer?) -> Void = {
            _, files, count, hint, data in
            guard let run = handler(data, as: Handler.self) else { return }
            var paths: [[UInt8]] = []
            var remoteURIs: [String] = []
            for index in 0..<Int(max(0, count)) {
                guard let file = files?[index] else { continue }
                if let path = takingGLibPath(g_file_get_path(file)) {
                    paths.append(path)
                } else if let uri = String(takingGLibString: g_file_get_uri(file)) {
                    remoteURIs.append(uri)
                }
            }
            let hintText = String(borrowingGLibString: hint) ?? ""
            MainActor.assumeIsolated { run(paths, remoteURIs, hintText) }
        }
        return Self("open", parameters: 3, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler (GObject *self, double value, gpointer user_data)`, such as a zoom gesture's `scale-changed`.
public typealias DoubleSignalHandler = @MainActor (Double) -> Void

extension Signal where Handler == DoubleSignalHandler {
    /// A signal with one `double` argument.
    public static func double(_ name: String) -> Self {
        let trampoline: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, value, data in
            guard let run = handler(data, as: Handler.self) else { return }
            MainActor.assumeIsolated { run(value) }
        }
        return Self(name, parameters: 1, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}

/// `void handler (GListModel *self, guint position, guint removed, guint added, gpointer user_data)`.
public typealias ItemsChangedSignalHandler = @MainActor (_ position: UInt32, _ removed: UInt32, _ added: UInt32) -> Void

extension Signal where Handler == ItemsChangedSignalHandler {
    /// A list model's `items-changed`: at `position`, `removed` items gave way to `added` ones.
    public static var itemsChanged: Self {
        let trampoline: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = { _, position, removed, added, data in
            guard let run = handler(data, as: Handler.self) else { return }
            MainActor.assumeIsolated { run(position, removed, added) }
        }
        return Self("items-changed", parameters: 3, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
