// SPDX-License-Identifier: GPL-3.0-or-later
import CGettext

/// The app's messages in the user's language, through glibc's gettext and the catalogues in `po/`.
///
/// Messages are looked up by their English text, which must be a plain literal on one line: `xgettext` reads
/// the sources as C, so it can't see an interpolated string (whose text is known only at run time), a `"""`
/// string or a concatenation. The wrappers take `StaticString`, so the compiler refuses interpolation; values go
/// in through placeholders (`%@`, `%ld`, or `%1$@` where a translator may need to reorder them) with
/// `String(format:)`.
public enum Translation {
    /// The gettext domain: the name of the app's catalogues (`cardstack.mo`).
    public static let domain = "cardstack"

    /// Follows the user's locale and finds the app's catalogues in `localeDirectory`
    /// (`LOCALE/LC_MESSAGES/cardstack.mo`); call once, before any message is looked up or GTK starts.
    public static func setUp(localeDirectory: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, localeDirectory)
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}

extension Translation {
    /// `message` (with its `plural` for `count`, in `context`) in the user's language, for a layer that hands its
    /// messages over at run time (the core, which doesn't link gettext): the lookup the app installs there.
    public static func translate(_ message: String, plural: String?, count: Int, context: String?) -> String {
        // gettext answers the very pointer it was given when it has no translation; a Swift string's C string
        // lives only inside `withCString`, so the answer is compared and copied there.
        if context == nil, let plural {
            return message.withCString { singular in
                plural.withCString { pluralID in
                    guard let found = dngettext(domain, singular, pluralID, UInt(clamping: max(0, count))) else { return count == 1 ? message : plural }
                    if found == singular { return message }
                    if found == pluralID { return plural }
                    return String(cString: found)
                }
            }
        }
        // C's pgettext is a macro: a message in a context is found under the context and the message joined by EOT.
        let key = context.map { "\($0)\u{4}\(message)" } ?? message
        return key.withCString { id in
            guard let found = dgettext(domain, id), found != id else { return message }
            return String(cString: found)
        }
    }
}

/// `message` in the user's language.
public func tr(_ message: StaticString) -> String {
    dgettext(Translation.domain, message.cString).map { String(cString: $0) } ?? "\(message)"
}

/// The form of `singular` or `plural` that the user's language uses for `count` ("1 card", "2 cards"; some
/// languages have more than two forms, which their catalogue gives).
public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    let form = dngettext(
        Translation.domain, singular.cString, plural.cString, UInt(clamping: max(0, count))
    )
    return form.map { String(cString: $0) } ?? String(describing: count == 1 ? singular : plural)
}

/// `message` in the user's language where its English word alone is ambiguous: `context` tells a translator
/// which meaning is meant ("Skip" the direction, not the verb). C's `pgettext` is a macro: the catalogue's key
/// is the context and the message joined by an EOT character.
public func trp(_ context: StaticString, _ message: StaticString) -> String {
    Translation.translate("\(message)", plural: nil, count: 1, context: "\(context)")
}

extension StaticString {
    /// The literal as a NUL-terminated C string (a literal's storage is NUL-terminated and lives forever).
    fileprivate var cString: UnsafePointer<CChar> {
        UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
