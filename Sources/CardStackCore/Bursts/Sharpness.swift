// SPDX-License-Identifier: GPL-3.0-or-later

/// How sharp a photo is, to order a burst's frames: the variance of its Laplacian.
///
/// The Laplacian (each pixel against its four neighbours) is large across edges and near zero on flat areas; a
/// sharp frame has strong, narrow edges, so its Laplacian varies widely, while camera shake or missed focus
/// smears edges into gentle slopes and the variance falls. The score compares frames of one scene (a burst),
/// not photos of different scenes: a busy subject scores higher than a plain sky, however sharp both are.
///
/// Complexity: O(width × height), one pass.
public enum Sharpness {
    /// The variance of the Laplacian of a grey picture `width` × `height`, one byte a pixel, rows `rowStride`
    /// bytes apart; nil for a picture too small to have an inside (under 3 × 3) or a buffer too short for it.
    public static func score(grey pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, rowStride: Int) -> Double? {
        guard width >= 3, height >= 3, rowStride >= width, pixels.count >= (height - 1) * rowStride + width else { return nil }
        var sum = 0.0
        var sumOfSquares = 0.0
        for y in 1..<(height - 1) {
            let row = y * rowStride
            for x in 1..<(width - 1) {
                let centre = Int(pixels[row + x])
                let laplacian = Int(pixels[row + x - 1]) + Int(pixels[row + x + 1]) + Int(pixels[row - rowStride + x])
                    + Int(pixels[row + rowStride + x]) - 4 * centre
                let value = Double(laplacian)
                sum += value
                sumOfSquares += value * value
            }
        }
        let count = Double((width - 2) * (height - 2))
        let mean = sum / count
        return max(0, sumOfSquares / count - mean * mean)
    }
}
