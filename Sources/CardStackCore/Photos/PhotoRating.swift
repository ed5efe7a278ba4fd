// SPDX-License-Identifier: GPL-3.0-or-later

/// The marks a photographer gives a photo while culling, with the keys darktable and Lightroom give them: 1–5
/// stars (0 for none) and a colour label (6 red, 7 yellow, 8 green, 9 blue).
///
/// They are the photo's, apart from its decision: a photo is rated and labelled whichever way it goes, and its
/// sidecar carries them (`xmp:Rating`, `xmp:Label`, `darktable:colorlabels`). What the cull did not set is nil, and
/// the sidecar keeps its own value there.
public struct PhotoRating: Sendable, Hashable {
    /// Stars given, 0 to 5; nil when the cull gave none.
    public var stars: Int?
    /// The colour label given; nil when the cull gave none.
    public var label: ColourLabel?

    public init(stars: Int? = nil, label: ColourLabel? = nil) {
        self.stars = stars.map { min(max($0, 0), 5) }
        self.label = label
    }

    /// Nothing given.
    public static let none = PhotoRating()

    /// Whether the cull gave nothing.
    public var isEmpty: Bool { stars == nil && label == nil }

    /// The rating in words ("3 stars, red label"; "No stars"), as History lists it and a screen reader says it;
    /// "No rating" when nothing was given.
    public var text: String {
        var parts: [String] = []
        if let stars { parts.append(stars == 0 ? tr("No stars") : String(format: trn("%ld star", "%ld stars", stars), stars)) }
        if let label { parts.append(String(format: tr("%@ label"), label.name)) }
        return parts.isEmpty ? tr("No rating") : parts.joined(separator: ", ")
    }

    /// The rating once digit `digit` is pressed, as in darktable and Lightroom: 1–5 give that many stars and 0
    /// takes them off, 6–9 give a colour label, or take it off when the photo has that one already. Nil for
    /// another digit.
    public func pressing(_ digit: Int) -> PhotoRating? {
        var next = self
        switch digit {
        case 0...5: next.stars = digit
        case 6...9:
            let pressed = ColourLabel(digit: digit)
            next.label = label == pressed ? nil : pressed
        default: return nil
        }
        return next
    }
}

/// A colour label, as darktable numbers them (`darktable:colorlabels`) and Lightroom names them (`xmp:Label`).
public enum ColourLabel: Int, Sendable, Hashable, CaseIterable, Codable {
    case red = 0
    case yellow = 1
    case green = 2
    case blue = 3

    /// The label digit `digit` (6–9) gives.
    init?(digit: Int) {
        self.init(rawValue: digit - 6)
    }

    /// The digit that gives it.
    public var digit: Int { rawValue + 6 }

    /// Lightroom's and Bridge's name of the label, which `xmp:Label` holds.
    public var xmpName: String {
        switch self {
        case .red: "Red"
        case .yellow: "Yellow"
        case .green: "Green"
        case .blue: "Blue"
        }
    }

    /// The label `xmp:Label` names, in any case; nil for another name (Lightroom lets people rename theirs).
    public init?(xmpName: String) {
        guard let label = Self.allCases.first(where: { $0.xmpName.lowercased() == xmpName.lowercased() }) else { return nil }
        self = label
    }

    /// The label as people read it.
    public var name: String {
        switch self {
        case .red: tr("Red")
        case .yellow: tr("Yellow")
        case .green: tr("Green")
        case .blue: tr("Blue")
        }
    }
}
