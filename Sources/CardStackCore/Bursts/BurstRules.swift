// SPDX-License-Identifier: GPL-3.0-or-later

/// When photos taken one after another count as one burst: the limits Preferences offers, with their units and
/// where they come from.
public struct BurstRules: Sendable, Equatable {
    /// The longest pause between two frames of one camera's burst, in seconds.
    ///
    /// A camera in continuous drive takes 3 to 30 frames a second, and a photographer who lifts the finger for a
    /// moment and shoots again is still working the same moment; two seconds covers both, while a new
    /// composition takes longer to frame.
    public var maximumGap: Double
    /// The longest pause between two near-identical frames that the camera gave no sub-second time for, in
    /// seconds: a phone's burst, or frames taken by tapping the shutter, often share one whole second.
    public var similarFrameWindow: Double
    /// The most bits in which two frames' 64-bit difference hashes may differ and still be one scene.
    ///
    /// Frames of one scene a moment apart differ in a handful of bits and unrelated pictures in about half of
    /// them (32): 10 leaves room for a subject that moves and stays far from another scene.
    public var maximumHashDistance: Int
    /// Whether photos are grouped at all.
    public var isEnabled: Bool

    /// The limits as Preferences starts them.
    public static let standard = BurstRules(maximumGap: 2, similarFrameWindow: 60, maximumHashDistance: 10, isEnabled: true)

    public init(maximumGap: Double, similarFrameWindow: Double, maximumHashDistance: Int, isEnabled: Bool = true) {
        self.maximumGap = maximumGap
        self.similarFrameWindow = similarFrameWindow
        self.maximumHashDistance = maximumHashDistance
        self.isEnabled = isEnabled
    }
}
