// SPDX-License-Identifier: GPL-3.0-or-later

/// What grouping needs to know of one photo card: which camera took it, when, and what it looks like.
///
/// A RAW+JPEG pair is one card, so it counts once.
public struct BurstFrame: Sendable, Equatable {
    /// The card, by its index in the deck.
    public var card: Int
    /// The camera body: its model, with its serial number where the file gives one (two bodies of one model are
    /// two cameras). Nil when the file doesn't say.
    public var camera: String?
    /// When it was taken, on the camera's clock.
    public var time: CaptureTime?
    /// What it looks like, once its preview is decoded; nil until then.
    public var hash: DifferenceHash?

    public init(card: Int, camera: String?, time: CaptureTime?, hash: DifferenceHash? = nil) {
        self.card = card
        self.camera = camera
        self.time = time
        self.hash = hash
    }
}
