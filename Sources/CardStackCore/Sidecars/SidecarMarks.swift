// SPDX-License-Identifier: GPL-3.0-or-later

/// The XMP properties a decision and a rating write, as a sidecar holds them: `xmp:Rating` (stars 0–5, −1
/// rejected: darktable, Bridge and Lightroom read it), `digiKam:PickLabel` (1 rejected, 2 pending, 3 accepted:
/// digiKam's pick, which treats a −1 rating as no rating), and a colour label as Lightroom (`xmp:Label`, "Red")
/// and darktable (`darktable:colorlabels`, 0 for red) name it. Absent is nil, so taking a step back restores
/// exactly what was there, absence included.
public struct SidecarValues: Sendable, Hashable, Codable {
    /// `Xmp.xmp.Rating`, as written.
    public var rating: String?
    /// `Xmp.digiKam.PickLabel`, as written.
    public var pickLabel: String?
    /// `Xmp.xmp.Label`, as written.
    public var label: String?
    /// `Xmp.darktable.colorlabels`, as exiv2 reads it ("0", or "0, 2" for a list).
    public var colourLabels: String?

    public init(rating: String? = nil, pickLabel: String? = nil, label: String? = nil, colourLabels: String? = nil) {
        self.rating = rating
        self.pickLabel = pickLabel
        self.label = label
        self.colourLabels = colourLabels
    }

    /// Whether the photo has stars (a rating of 1 to 5).
    public var hasStars: Bool { rating.flatMap { Int($0) }.map { (1...5).contains($0) } ?? false }
}

/// What deciding a photo one way writes to its sidecar.
public struct SidecarMarks: Sendable, Hashable, Codable {
    /// The rating written, if any.
    public var rating: Int?
    /// Whether the rating is written only to a photo without stars (Keep gives an unrated photo one star and
    /// leaves a photo rated three stars alone).
    public var ratingOnlyWhenUnrated: Bool
    /// The pick label written, if any.
    public var pickLabel: Int?
    /// The colour label written, if any, to both label properties.
    public var label: ColourLabel?

    public init(rating: Int? = nil, ratingOnlyWhenUnrated: Bool = false, pickLabel: Int? = nil, label: ColourLabel? = nil) {
        self.rating = rating
        self.ratingOnlyWhenUnrated = ratingOnlyWhenUnrated
        self.pickLabel = pickLabel
        self.label = label
    }

    /// These marks with the stars and label a photo was given on top: what was pressed is what is written,
    /// whichever way the photo went.
    public func overlaid(by rating: PhotoRating) -> SidecarMarks {
        var marks = self
        if let stars = rating.stars {
            marks.rating = stars
            marks.ratingOnlyWhenUnrated = false
        }
        if let label = rating.label { marks.label = label }
        return marks
    }

    /// The marks of each direction by default, as its default label means it: Skip rejects (rating −1, pick
    /// label 1), Keep accepts (pick label 3, and one star when the photo had none), Favourite is five stars and
    /// accepted, Later is pending (pick label 2).
    public static func defaults(for direction: SwipeDirection) -> SidecarMarks {
        Preset.defaultPreset(for: direction).marks
    }

    /// The values a sidecar holding `previous` holds once these marks are written: what the marks don't set is
    /// kept as it was.
    public func applied(to previous: SidecarValues) -> SidecarValues {
        var result = previous
        if let rating, !(ratingOnlyWhenUnrated && previous.hasStars) { result.rating = String(rating) }
        if let pickLabel { result.pickLabel = String(pickLabel) }
        if let label {
            result.label = label.xmpName
            result.colourLabels = String(label.rawValue)
        }
        return result
    }
}

extension SidecarMarks {
    /// The marks a direction can be set to write, by name (the `sidecar-marks-*` settings).
    public enum Preset: String, Sendable, Hashable, CaseIterable {
        /// Rating −1 and pick label 1: what Skip writes by default.
        case reject
        /// Pick label 3, and one star for a photo without stars: what Keep writes by default.
        case accept
        /// Pick label 3 only.
        case acceptOnly = "accept-only"
        /// Five stars and pick label 3: what Favourite writes by default.
        case fiveStars = "five-stars"
        /// Pick label 2: what Later writes by default.
        case pending
        /// Nothing: the direction leaves the sidecar alone.
        case nothing

        /// The marks this preset writes.
        public var marks: SidecarMarks {
            switch self {
            case .reject: SidecarMarks(rating: -1, pickLabel: 1)
            case .accept: SidecarMarks(rating: 1, ratingOnlyWhenUnrated: true, pickLabel: 3)
            case .acceptOnly: SidecarMarks(pickLabel: 3)
            case .fiveStars: SidecarMarks(rating: 5, pickLabel: 3)
            case .pending: SidecarMarks(pickLabel: 2)
            case .nothing: SidecarMarks()
            }
        }

        /// The preset each direction writes unless the user chose another.
        public static func defaultPreset(for direction: SwipeDirection) -> Preset {
            switch direction {
            case .left: .reject
            case .right: .accept
            case .up: .fiveStars
            case .down: .pending
            }
        }
    }
}

/// One of the properties a decision writes into a sidecar.
public enum SidecarProperty: Sendable, Hashable, CaseIterable {
    /// `Xmp.xmp.Rating`.
    case rating
    /// `Xmp.digiKam.PickLabel`.
    case pickLabel
    /// `Xmp.xmp.Label`.
    case label
    /// `Xmp.darktable.colorlabels`.
    case colourLabels

    /// The property's key as exiv2 names it.
    public var key: String {
        switch self {
        case .rating: "Xmp.xmp.Rating"
        case .pickLabel: "Xmp.digiKam.PickLabel"
        case .label: "Xmp.xmp.Label"
        case .colourLabels: "Xmp.darktable.colorlabels"
        }
    }
}

extension SidecarValues {
    /// The values of `found`, keyed by exiv2's keys (``SidecarProperty/key``).
    public init(keyed found: [String: String]) {
        self.init(rating: found[SidecarProperty.rating.key], pickLabel: found[SidecarProperty.pickLabel.key],
                  label: found[SidecarProperty.label.key], colourLabels: found[SidecarProperty.colourLabels.key])
    }

    /// The value of `property`.
    public subscript(property: SidecarProperty) -> String? {
        get {
            switch property {
            case .rating: rating
            case .pickLabel: pickLabel
            case .label: label
            case .colourLabels: colourLabels
            }
        }
        set {
            switch property {
            case .rating: rating = newValue
            case .pickLabel: pickLabel = newValue
            case .label: label = newValue
            case .colourLabels: colourLabels = newValue
            }
        }
    }
}
