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
    /// The colour label, from `xmp:Label` or darktable's first colour label.
    public var label: ColourLabel?

    /// The marks `values` hold; a value that isn't a number (edited by hand) counts as absent.
    public init(_ values: SidecarValues) {
        let rating = values.rating.flatMap { Int($0) }
        let pick = values.pickLabel.flatMap { Int($0) }
        stars = rating.map { min(max($0, 0), 5) } ?? 0
        isRejected = rating == -1 || pick == 1
        isPicked = pick == 3 && !isRejected
        label = values.label.flatMap(ColourLabel.init(xmpName:))
            ?? values.colourLabels?.split(separator: ",").first.flatMap { Int($0.filter { $0 != " " }) }.flatMap(ColourLabel.init(rawValue:))
    }

    /// These marks once the cull's `rating` is written over them.
    public func overlaid(by rating: PhotoRating) -> PhotoMarks {
        var marks = self
        if let stars = rating.stars {
            marks.stars = stars
            marks.isRejected = false
        }
        if let label = rating.label { marks.label = label }
        return marks
    }

    /// No marks at all: no stars, neither rejected nor picked.
    public static let none = PhotoMarks(SidecarValues())

    /// Whether the photo carries no mark but perhaps a colour label: what "Unrated" lists.
    public var isUnrated: Bool { stars == 0 && !isRejected && !isPicked }

    /// The stars as a badge shows them ("★★★"), empty for none.
    public var starText: String { String(repeating: "★", count: isRejected ? 0 : stars) }
}
