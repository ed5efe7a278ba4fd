// SPDX-License-Identifier: GPL-3.0-or-later

/// The object a GTK or GLib constructor returned, which by their contract is never NULL.
///
/// `*_new` functions abort on allocation failure instead of returning NULL, but their headers carry no
/// nullability, so Swift imports the result as optional. This states the contract in one place, and traps with
/// a clear message if it were ever broken.
@inlinable
public func created<Object>(_ object: Object?, _ constructor: StaticString = #function) -> Object {
    guard let object else { fatalError("a GTK constructor returned NULL (in \(constructor))") }
    return object
}
