// SPDX-License-Identifier: GPL-3.0-or-later

/// The geometry of the stack at rest: the card size for a view size and where each depth level sits.
public struct DeckLayout: Sendable, Hashable {
    /// How many cards are drawn: the front card and the ones peeking out behind it.
    public static let visibleDepth = 4
    /// Width ÷ height of a card: a portrait playing card, roomy enough for a title and a paragraph.
    public static let cardAspectRatio = 0.72
    /// Largest card width in points, so cards stay readable on a wide window (Seed tutorial cards are ~340 pt).
    public static let maximumCardWidth = 420.0
    /// Space kept free around the stack in points (GNOME HIG: 12 pt margins, plus room for the peeking cards).
    public static let margin = 24.0
    /// Below this view height (points) the margins and the peek shrink with it, so a 294 pt window still shows
    /// a card rather than mostly margin.
    public static let comfortableHeight = 360.0
    /// Scale lost per depth level (Seed tutorial: 1 − 0.04·depth; CardStackView: 0.95).
    public static let scaleStepPerDepth = 0.05
    /// Points each deeper card is moved down so its bottom edge peeks out (the product's design: 12 pt).
    public static let offsetStepPerDepth = 14.0
    /// A photo deck's cards fill the view, their width ÷ height kept within these: from a tall portrait (2:3)
    /// to a wide landscape (2:1); beyond them a photo is letterboxed inside its card (people can't cull photos
    /// they can't see).
    public static let photoAspectRange = (2.0 / 3.0)...2.0
    /// A photo deck's margin in points (GNOME HIG: 12): the photo is the page, as in a photo viewer, with
    /// just enough room round it to read as a card that can be swiped.
    public static let photoMargin = 12.0
    /// Points each deeper photo peeks below the one in front: a slim edge, since every point of height
    /// taken from the stack is taken from the photo.
    public static let photoOffsetStepPerDepth = 4.0

    /// In a short, wide view (less than this many points of height for the card, and room across) cards turn
    /// landscape, the portrait shape on its side, so a short window still shows a readable card.
    public static let landscapeBelowHeight = 420.0
    /// Largest landscape card width in points: a line of body text stays under about 80 characters.
    public static let maximumLandscapeCardWidth = 640.0

    /// The area the stack is drawn in.
    public var viewSize: Size
    /// Whether the cards fill the view (a photo deck) rather than being portrait playing cards.
    public var fillsView: Bool
    /// Whether a filling card takes the whole view, with no margin and nothing peeking (a photo deck in full
    /// screen: the photo edge to edge).
    public var isEdgeToEdge: Bool

    public init(viewSize: Size, fillsView: Bool = false, isEdgeToEdge: Bool = false) {
        self.viewSize = viewSize
        self.fillsView = fillsView
        self.isEdgeToEdge = isEdgeToEdge
    }

    /// Whether the card covers the view exactly: a filling card shown edge to edge.
    private var coversView: Bool { fillsView && isEdgeToEdge }

    /// The margins and the peek step for this view: the constants, shrunk in a short view.
    private var squeeze: Double { min(1, max(0, viewSize.height) / Self.comfortableHeight) }
    private var margin: Double {
        if coversView { return 0 }
        return (fillsView ? Self.photoMargin : Self.margin) * squeeze
    }
    private var offsetStep: Double {
        if coversView { return 0 }
        return (fillsView ? Self.photoOffsetStepPerDepth : Self.offsetStepPerDepth) * squeeze
    }

    /// The card size that fits the view with the margins and the peeking cards below.
    public var cardSize: Size {
        let peek = offsetStep * Double(Self.visibleDepth - 1)
        let availableWidth = max(0, viewSize.width - 2 * margin)
        let availableHeight = max(0, viewSize.height - 2 * margin - peek)
        if coversView { return Size(width: availableWidth, height: availableHeight) }
        if fillsView {
            guard availableHeight > 0 else { return Size(width: availableWidth, height: 0) }
            let aspect = min(max(availableWidth / availableHeight, Self.photoAspectRange.lowerBound), Self.photoAspectRange.upperBound)
            let width = min(availableWidth, availableHeight * aspect)
            return Size(width: width, height: width / aspect)
        }
        let landscapeAspect = 1 / Self.cardAspectRatio
        if availableHeight < Self.landscapeBelowHeight, availableWidth >= availableHeight * landscapeAspect {
            let width = min(Self.maximumLandscapeCardWidth, availableHeight * landscapeAspect)
            return Size(width: width, height: width / landscapeAspect)
        }
        let width = min(Self.maximumCardWidth, availableWidth, availableHeight * Self.cardAspectRatio)
        return Size(width: width, height: width / Self.cardAspectRatio)
    }

    /// Whether the cards lie on their side (a short, wide view).
    public var isLandscape: Bool {
        let size = cardSize
        return !fillsView && size.width > size.height
    }

    /// The centre of the front card at rest.
    public var frontCenter: Point {
        let peek = offsetStep * Double(Self.visibleDepth - 1)
        return Point(x: viewSize.width / 2, y: (viewSize.height - peek) / 2)
    }

    /// The scale of a card at a possibly fractional depth (0 = front).
    public func scale(atDepth depth: Double) -> Double {
        1 - Self.scaleStepPerDepth * depth
    }

    /// The centre of a card at a possibly fractional depth, placed so its bottom edge peeks below the one in front.
    public func center(atDepth depth: Double) -> Point {
        let size = cardSize
        let shrink = size.height * (1 - scale(atDepth: depth)) / 2
        return Point(x: frontCenter.x, y: frontCenter.y + shrink + offsetStep * depth)
    }

    /// Placements for the cards at rest, `cardIndices` front first; returned back to front.
    public func restingPlacements(of cardIndices: some Sequence<Int>) -> [CardPlacement] {
        let size = cardSize
        return cardIndices.prefix(Self.visibleDepth).enumerated().map { depth, index in
            CardPlacement(
                cardIndex: index,
                center: center(atDepth: Double(depth)),
                size: size,
                scale: scale(atDepth: Double(depth))
            )
        }.reversed()
    }

    /// The whole view, in widget coordinates.
    public var bounds: Rect {
        Rect(x: 0, y: 0, width: viewSize.width, height: viewSize.height)
    }

    /// Half the card's diagonal: a card centred farther than this beyond a view edge is out of
    /// view however it is turned.
    public var cardRadius: Double {
        let size = cardSize
        return (size.width * size.width + size.height * size.height).squareRoot() / 2
    }
}
