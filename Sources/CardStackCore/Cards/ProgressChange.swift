// SPDX-License-Identifier: GPL-3.0-or-later

/// What just happened to a deck's `DeckProgress`, as every page and the store hear it.
public enum ProgressChange: Sendable, Hashable {
    /// A new step was made.
    case did(Step)
    /// The latest step was taken back.
    case undid(Step)
    /// An undone step was made again.
    case redid(Step)
    /// The front card went to the end of the line; not a step, so undo passes it by.
    case shifted(cardIndex: Int)
    /// The cards behind the front one were put in another order (a photo deck's, by capture time); not a step,
    /// and not stored: the order is worked out again at each opening.
    case reordered
}
