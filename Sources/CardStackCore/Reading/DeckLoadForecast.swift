// SPDX-License-Identifier: GPL-3.0-or-later

/// How much longer a deck's reading will take, at the rate it has gone since a first look at its progress.
///
/// The rate is taken between two looks rather than from the read's start, so what a read does once before it
/// counts anything (opening the file, looking its stored choices up) doesn't make a quick read look slow. The
/// forecast is of the stage counted (a file's bytes, a folder's files); the cards made after it come on top.
public struct DeckLoadForecast: Sendable {
    /// The first look: what was counted, and when, in seconds on any steady clock.
    private let first: DeckLoadProgress.Snapshot
    private let firstTime: Double

    /// Starts forecasting from `snapshot`, taken at `time` seconds.
    public init(from snapshot: DeckLoadProgress.Snapshot, at time: Double) {
        first = snapshot
        firstTime = time
    }

    /// Seconds the stage counted in `snapshot` (taken at `time`) needs to reach its total at the rate since the
    /// first look; nil while that can't be told: the total unknown, another stage begun, nothing counted since,
    /// or no time passed.
    public func remaining(_ snapshot: DeckLoadProgress.Snapshot, at time: Double) -> Double? {
        guard snapshot.stage == first.stage, snapshot.total > 0, snapshot.total == first.total,
              snapshot.done > first.done, time > firstTime else { return nil }
        let rate = Double(snapshot.done - first.done) / (time - firstTime)
        return Double(max(0, snapshot.total - snapshot.done)) / rate
    }
}
