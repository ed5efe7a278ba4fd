// SPDX-License-Identifier: GPL-3.0-or-later

/// Finds the bursts in a deck of photos: runs of frames, in capture order, that the photographer took of one
/// moment.
///
/// Two frames next to each other in capture order belong to one burst when one camera took them at most
/// ``BurstRules/maximumGap`` apart, or when they were taken at most ``BurstRules/similarFrameWindow`` apart and
/// look alike (their difference hashes differ in at most ``BurstRules/maximumHashDistance`` bits): phones write
/// no sub-second time, and a burst shot by tapping may share one second. A frame without a capture time is in
/// no burst. Each frame is compared with the one before it only, so a slow pan of many frames stays one burst
/// while each step is small.
///
/// Complexity: O(n log n) for the sort by time, then one pass.
public enum BurstGrouping {
    /// The bursts among `frames`: each a list of cards in capture order, two frames or more; a card in no burst is
    /// in no list. Frames taken at the same instant keep their order in `frames`.
    public static func bursts(in frames: [BurstFrame], rules: BurstRules) -> [[Int]] {
        guard rules.isEnabled else { return [] }
        let timed = frames.enumerated()
            .compactMap { entry in entry.element.time.map { (order: entry.offset, seconds: $0.secondsSinceEpoch, frame: entry.element) } }
            .sorted { ($0.seconds, $0.order) < ($1.seconds, $1.order) }
        var bursts: [[Int]] = []
        var current: [Int] = []
        var previous: (seconds: Double, frame: BurstFrame)?
        for entry in timed {
            if let last = previous, belongTogether(last.frame, entry.frame, gap: entry.seconds - last.seconds, rules: rules) {
                current.append(entry.frame.card)
            } else {
                if current.count >= 2 { bursts.append(current) }
                current = [entry.frame.card]
            }
            previous = (entry.seconds, entry.frame)
        }
        if current.count >= 2 { bursts.append(current) }
        return bursts
    }

    /// Whether `later`, taken `gap` seconds after `earlier`, goes on its burst.
    static func belongTogether(_ earlier: BurstFrame, _ later: BurstFrame, gap: Double, rules: BurstRules) -> Bool {
        guard gap >= 0 else { return false }
        if let camera = earlier.camera, camera == later.camera, gap <= rules.maximumGap { return true }
        guard gap <= rules.similarFrameWindow, let first = earlier.hash, let second = later.hash else { return false }
        return first.distance(to: second) <= rules.maximumHashDistance
    }

    /// The frames worth looking at (decoding, to hash and score): those in `bursts`, first, then every other frame
    /// taken within ``BurstRules/similarFrameWindow`` of the one before or after it, which a look may join to a
    /// burst. A frame alone in its minute is never decoded for this.
    ///
    /// Complexity: O(n log n), the sort by time.
    public static func framesToLookAt(in frames: [BurstFrame], bursts: [[Int]], rules: BurstRules) -> [Int] {
        guard rules.isEnabled else { return [] }
        let inBursts = bursts.flatMap { $0 }
        let known = Set(inBursts)
        let timed = frames.compactMap { frame in frame.time.map { (seconds: $0.secondsSinceEpoch, card: frame.card) } }.sorted { $0.seconds < $1.seconds }
        var others: [Int] = []
        for (position, entry) in timed.enumerated() where !known.contains(entry.card) {
            let nearBefore = position > 0 && entry.seconds - timed[position - 1].seconds <= rules.similarFrameWindow
            let nearAfter = position + 1 < timed.count && timed[position + 1].seconds - entry.seconds <= rules.similarFrameWindow
            if nearBefore || nearAfter { others.append(entry.card) }
        }
        return inBursts + others
    }
}
