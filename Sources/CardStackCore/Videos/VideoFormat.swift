// SPDX-License-Identifier: GPL-3.0-or-later

/// Videos in a photo folder: which names are videos, by their extension alone (the listing reads no file).
///
/// Phones and cameras write MP4 and MOV (QuickTime, and an iPhone's Live Photo motion); M4V, MKV, WEBM and 3GP
/// come from other phones, screen recorders and downloads. A video is a card of its own, shown by a poster frame
/// and played in place; a MOV or MP4 with the name of a photo beside it is that photo's motion (``PhotoPairs``).
public enum VideoFormat {
    /// Lowercased extensions of the video containers a photo folder holds.
    public static let extensions: Set<String> = ["mp4", "mov", "m4v", "mkv", "webm", "3gp"]

    /// The extensions a Live Photo's motion has: Apple's QuickTime, and the MP4 other phones export it as.
    public static let motionExtensions: Set<String> = ["mov", "mp4"]

    /// Whether the file at `path` (or named `path`) is a video, by its extension in any case.
    public static func isVideo(_ path: some StringProtocol) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return extensions.contains(path[path.index(after: dot)...].lowercased())
    }
}
