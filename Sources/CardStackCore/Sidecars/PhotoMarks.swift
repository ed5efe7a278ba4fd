// SPDX-License-Identifier: GPL-3.0-or-later

/// What a photo's sidecar said of it before this cull: its stars, or that darktable, digiKam, Lightroom or an
/// earlier cull rejected or picked it. Shown on the card as a badge, and what Browse's "Unrated" filter reads.
public struct PhotoMarks: Sendable, Hashable {
    /// Stars, 1 to 5; 0 for none.
    public var stars: Int
    /// Rejected: a rating of −1 (darktable, Lightroom, Bridge) or digiKam's pick label 1.
    public var isRejected: Bool
    /// Accepted by digiKam's pick label 3, which a star rating doesn't say.
    public var isPicked: Bool

    /// The marks `values` hold; a value that isn't a number (edited by hand) counts as absent.
    public init(_ values: SidecarValues) {
        let rating = values.rating.flatMap { Int($0) }
        let pick = values.pickLabel.flatMap { Int($0) }
        stars = rating.map { min(max($0, 0), 5) } ?? 0
        isRejected = rating == -1 || pick == 1
        isPicked = pick == 3 && !isRejected
    }

    /// No marks at all: no stars, neither rejected nor picked.
    public static let none = PhotoMarks(SidecarValues())

    /// Whether the photo carries no mark: what "Unrated" lists.
    public var isUnrated: Bool { stars == 0 && !isRejected && !isPicked }

    /// The stars as a badge shows them ("★★★"), empty for none.
    public var starText: String { String(repeating: "★", count: isRejected ? 0 : stars) }
}
