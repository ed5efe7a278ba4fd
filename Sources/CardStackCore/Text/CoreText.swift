// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// The words the core puts in front of people (a deck file's errors, the months of a card's date) in the user's
/// language, looked up by the app's gettext: the core never links gettext itself, it is told once how to look a
/// message up. Until then (the tests, the fuzzers) every message is the English it is written in.
public enum CoreText {
    /// How a message is looked up: its English text, its plural (nil for none) and the count that chooses between
    /// them, and a context (nil for none).
    public typealias LookUp = @Sendable (_ message: String, _ plural: String?, _ count: Int, _ context: String?) -> String

    private static let installed = Mutex<LookUp?>(nil)

    /// Looks every message up with `lookUp` from now on; the app calls it once, before anything is read.
    public static func install(_ lookUp: @escaping LookUp) {
        installed.withLock { $0 = lookUp }
    }

    static func lookUp(_ message: String, plural: String?, count: Int, context: String?) -> String {
        if let lookUp = installed.withLock({ $0 }) { return lookUp(message, plural, count, context) }
        return plural.map { count == 1 ? message : $0 } ?? message
    }
}

/// `message` in the user's language. Like the app's wrappers, it takes only a plain literal, which is what
/// xgettext can find in the sources.
func tr(_ message: StaticString) -> String {
    CoreText.lookUp("\(message)", plural: nil, count: 1, context: nil)
}

/// The form of `singular` or `plural` the user's language uses for `count`.
func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    CoreText.lookUp("\(singular)", plural: "\(plural)", count: count, context: nil)
}

/// `message` in the user's language where its English word alone is ambiguous.
func trp(_ context: StaticString, _ message: StaticString) -> String {
    CoreText.lookUp("\(message)", plural: nil, count: 1, context: "\(context)")
}
