// SPDX-License-Identifier: GPL-3.0-or-later

extension Deck {
    /// Labels in quotes, in a list: “Keep”, “Favourite”, as a message names several directions.
    public static func quoted(_ labels: [String]) -> String {
        labels.map { String(format: tr("“%@”"), $0) }.joined(separator: tr(", "))
    }

    /// The labels of `directions` in quotes, in a list (``quoted(_:)``).
    public func quotedLabels(of directions: [SwipeDirection]) -> String {
        Self.quoted(directions.map(label(for:)))
    }
}
