// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The local paths in a drop's `GdkFileList` value, as a `GtkDropTarget` for `GDK_TYPE_FILE_LIST` delivers it:
/// each as its bytes (``takingGLibPath(_:)``).
public func droppedFilePaths(_ value: UnsafePointer<GValue>?) -> [[UInt8]] {
    guard let value, let boxed = g_value_get_boxed(value) else { return [] }
    // The list and its files belong to the GValue ("transfer none"); only the list cells are ours to free.
    guard let files = gdk_file_list_get_files(OpaquePointer(boxed)) else { return [] }
    defer { g_slist_free(files) }
    var paths: [[UInt8]] = []
    var node: UnsafeMutablePointer<GSList>? = files
    while let current = node {
        if let file = current.pointee.data, let path = takingGLibPath(g_file_get_path(OpaquePointer(file))) {
            paths.append(path)
        }
        node = current.pointee.next
    }
    return paths
}
