// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkSupport

/// The app's preferences: GSettings when its schema can be found, else a key file, so an uninstalled build
/// never aborts the way `g_settings_new` does for a missing schema.
@MainActor
final class AppSettings {
    static let schemaID = "io.github.cardstack.CardStack"

    private enum Storage {
        case gsettings(ObjectReference<UnsafeMutablePointer<GSettings>>)
        case keyFile(OpaquePointer, URL)
    }

    private let storage: Storage

    init(schemaDirectory: URL?) {
        if let settings = Self.openGSettings(schemaDirectory: schemaDirectory) {
            storage = .gsettings(settings)
            return
        }
        let configHome = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        let file = configHome.appendingPathComponent("cardstack/settings.ini")
        let keyFile = created(g_key_file_new())
        _ = g_key_file_load_from_file(keyFile, file.path, G_KEY_FILE_KEEP_COMMENTS, nil)
        storage = .keyFile(keyFile, file)
    }

    private static func openGSettings(schemaDirectory: URL?) -> ObjectReference<UnsafeMutablePointer<GSettings>>? {
        if let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, schemaID, 1) {
            defer { g_settings_schema_unref(schema) }
            return ObjectReference(adopting: created(g_settings_new_full(schema, nil, nil)))
        }
        guard let schemaDirectory,
              let source = g_settings_schema_source_new_from_directory(schemaDirectory.path, g_settings_schema_source_get_default(), 0, nil)
        else { return nil }
        defer { g_settings_schema_source_unref(source) }
        guard let schema = g_settings_schema_source_lookup(source, schemaID, 0) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return ObjectReference(adopting: created(g_settings_new_full(schema, nil, nil)))
    }

    /// Whether a key file stands in for GSettings.
    var usesKeyFile: Bool {
        if case .keyFile = storage { return true }
        return false
    }

    func integer(_ key: String, default fallback: Int32) -> Int32 {
        switch storage {
        case .gsettings(let settings): return g_settings_get_int(settings.pointer, key)
        case .keyFile(let file, _):
            return g_key_file_has_key(file, "settings", key, nil) != 0 ? g_key_file_get_integer(file, "settings", key, nil) : fallback
        }
    }

    func setInteger(_ key: String, _ value: Int32) {
        switch storage {
        case .gsettings(let settings): g_settings_set_int(settings.pointer, key, value)
        case .keyFile(let file, _): g_key_file_set_integer(file, "settings", key, value)
        }
    }

    /// Key `key`, or `fallback` where the key file stands in and has none (GSettings has the schema's default).
    func boolean(_ key: String, default fallback: Bool = false) -> Bool {
        switch storage {
        case .gsettings(let settings): return g_settings_get_boolean(settings.pointer, key) != 0
        case .keyFile(let file, _):
            return g_key_file_has_key(file, "settings", key, nil) != 0 ? g_key_file_get_boolean(file, "settings", key, nil) != 0 : fallback
        }
    }

    func setBoolean(_ key: String, _ value: Bool) {
        switch storage {
        case .gsettings(let settings): g_settings_set_boolean(settings.pointer, key, value ? 1 : 0)
        case .keyFile(let file, _): g_key_file_set_boolean(file, "settings", key, value ? 1 : 0)
        }
    }

    func string(_ key: String) -> String {
        switch storage {
        case .gsettings(let settings): return String(takingGLibString: g_settings_get_string(settings.pointer, key)) ?? ""
        case .keyFile(let file, _): return String(takingGLibString: g_key_file_get_string(file, "settings", key, nil)) ?? ""
        }
    }

    func setString(_ key: String, _ value: String) {
        switch storage {
        case .gsettings(let settings): g_settings_set_string(settings.pointer, key, value)
        case .keyFile(let file, _): g_key_file_set_string(file, "settings", key, value)
        }
    }

    /// Writes pending changes to disk.
    func save() {
        switch storage {
        case .gsettings:
            g_settings_sync()
        case .keyFile(let file, let url):
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = g_key_file_save_to_file(file, url.path, nil)
        }
    }

    isolated deinit {
        if case .keyFile(let file, _) = storage { g_key_file_unref(file) }
    }
}
