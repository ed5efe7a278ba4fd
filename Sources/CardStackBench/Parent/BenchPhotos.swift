// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// Camera-sized photos for the culling benchmark, made here and kept between runs: noise, as a sensor's fine
/// detail costs a decoder, with a large patch of a colour of each photo's own in the middle, so one pixel read
/// from the screen tells which photo is shown.
enum BenchPhotos {
    /// A 24-megapixel camera's frame.
    static let cameraSize = (width: 6_000, height: 4_000)
    /// The patch's share of each side, centred: wherever an app puts the photo, its middle is the patch.
    static let patchFraction = 0.6
    /// JPEG quality: 85 gives files of about the size cameras write for this much detail (5–6 MB).
    static let quality = "85"
    /// The noise's reach either side of mid grey: fine detail a decoder must work through, as in a real photo.
    static let noiseAmplitude = 24

    /// Photo `index`'s patch colour: hues a golden angle apart, so any two photos in a row differ in every way.
    static func colour(_ index: Int) -> ScreenProbe.Colour {
        let hue = (Double(index) * 137.507_764).truncatingRemainder(dividingBy: 360) / 60
        let chroma = 0.85 * 230.0
        let second = chroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let (red, green, blue): (Double, Double, Double) = switch Int(hue) {
        case 0: (chroma, second, 0)
        case 1: (second, chroma, 0)
        case 2: (0, chroma, second)
        case 3: (0, second, chroma)
        case 4: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let floor = 230 - chroma
        return ScreenProbe.Colour(red: Int(red + floor), green: Int(green + floor), blue: Int(blue + floor))
    }

    /// The name of photo `index` ("photo-007.jpg"): name order is the order every app shows them in.
    static func name(_ index: Int) -> String { String(format: "photo-%03d.jpg", index) }

    /// A folder of `count` photos of `width` × `height` under `cache` (made once, then reused), or why not.
    static func folder(count: Int, width: Int, height: Int, in cache: URL, progress: (String) -> Void) -> Result<URL, Orchestrator.ChildFailure> {
        let folder = cache.appendingPathComponent("photos-\(width)x\(height)-\(count)")
        let fileManager = FileManager.default
        if (0..<count).allSatisfy({ fileManager.fileExists(atPath: folder.appendingPathComponent(name($0)).path) }) { return .success(folder) }
        try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        progress("culling: making \(count) photos of \(width) × \(height) (kept in \(folder.path))…")
        var generator = SplitMix(seed: 20_261_125)
        for index in 0..<count where !fileManager.fileExists(atPath: folder.appendingPathComponent(name(index)).path) {
            guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)),
                  let pixels = gdk_pixbuf_get_pixels(pixbuf)
            else {
                return .failure(.init(description: "culling: no memory for a \(width) × \(height) photo"))
            }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            let patch = colour(index)
            let left = Int(Double(width) * (1 - patchFraction) / 2)
            let top = Int(Double(height) * (1 - patchFraction) / 2)
            for row in 0..<height {
                let line = pixels + row * stride
                let inBand = row >= top && row < height - top
                var column = 0
                while column < width {
                    let bits = generator.next()
                    for lane in 0..<8 where column < width {
                        let offset = column * 3
                        if inBand && column >= left && column < width - left {
                            line[offset] = UInt8(patch.red)
                            line[offset + 1] = UInt8(patch.green)
                            line[offset + 2] = UInt8(patch.blue)
                        } else {
                            let level = UInt8(128 + Int(bits >> (lane * 8) & 0xFF) % (2 * noiseAmplitude) - noiseAmplitude)
                            line[offset] = level
                            line[offset + 1] = level &+ UInt8(bits >> 3 & 0x7)
                            line[offset + 2] = level
                        }
                        column += 1
                    }
                }
            }
            let path = folder.appendingPathComponent(name(index)).path
            var error: UnsafeMutablePointer<GError>?
            var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
            var values: [UnsafeMutablePointer<CChar>?] = [strdup(quality), nil]
            defer { free(keys[0]); free(values[0]) }
            guard gdk_pixbuf_savev(pixbuf, path + ".part", "jpeg", &keys, &values, &error) != 0 else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                g_clear_error(&error)
                return .failure(.init(description: "culling: cannot write \(path): \(message)"))
            }
            rename(path + ".part", path)
        }
        return .success(folder)
    }

    /// The same photos as camera RAW files (`photo-007.NEF`) in a folder beside them: each a TIFF structure, as
    /// Nikon's and most RAW formats are, whose first IFD names the camera and holds the photo's JPEG as its
    /// embedded preview (`JPEGInterchangeFormat`), which is what CardStack shows of a RAW. Made once, then reused.
    static func rawFolder(from jpegs: URL, count: Int) -> Result<URL, Orchestrator.ChildFailure> {
        let folder = jpegs.deletingLastPathComponent().appendingPathComponent(jpegs.lastPathComponent + "-raw")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let target = folder.appendingPathComponent(String(format: "photo-%03d.NEF", index))
            if FileManager.default.fileExists(atPath: target.path) { continue }
            guard let jpeg = try? Data(contentsOf: jpegs.appendingPathComponent(name(index))) else {
                return .failure(.init(description: "culling: no photo \(name(index)) to wrap as a RAW"))
            }
            guard (try? rawFile(wrapping: jpeg).write(to: target)) != nil else {
                return .failure(.init(description: "culling: cannot write \(target.path)"))
            }
        }
        return .success(folder)
    }

    /// The same photos as a camera card holds them: RAW+JPEG pairs (the JPEG and the RAW of each, same name) in
    /// `DCIM/100BENCH` and `DCIM/101BENCH`, half in each, in order; linked to the files already made where the
    /// file system allows, copied otherwise.
    static func cameraCard(jpegs: URL, raws: URL, count: Int) -> Result<URL, Orchestrator.ChildFailure> {
        let card = jpegs.deletingLastPathComponent().appendingPathComponent(jpegs.lastPathComponent + "-card")
        for index in 0..<count {
            let folder = card.appendingPathComponent(index < count / 2 ? "DCIM/100BENCH" : "DCIM/101BENCH")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (source, name) in [(jpegs, name(index)), (raws, String(format: "photo-%03d.NEF", index))] {
                let target = folder.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: target.path) { continue }
                let original = source.appendingPathComponent(name)
                guard (try? FileManager.default.linkItem(at: original, to: target)) != nil
                    || (try? FileManager.default.copyItem(at: original, to: target)) != nil
                else { return .failure(.init(description: "culling: cannot put \(name) on the camera card at \(folder.path)")) }
            }
        }
        return .success(card)
    }

    /// A little-endian TIFF whose IFD0 has Model, Orientation and the JPEG as JPEGInterchangeFormat(Length).
    static func rawFile(wrapping jpeg: Data) -> Data {
        let model = Array("CardStack Bench RAW".utf8) + [0]
        var bytes: [UInt8] = Array("II".utf8) + [0x2A, 0x00] + le32(8)
        let entries = 4
        let ifdSize = 2 + entries * 12 + 4
        let modelOffset = 8 + ifdSize
        let jpegOffset = modelOffset + model.count
        bytes += le16(UInt16(entries))
        // Tag, type (2 ASCII, 3 SHORT, 4 LONG), count, value or offset; in ascending tag order.
        bytes += le16(0x0110) + le16(2) + le32(UInt32(model.count)) + le32(UInt32(modelOffset))
        bytes += le16(0x0112) + le16(3) + le32(1) + le16(1) + le16(0)
        bytes += le16(0x0201) + le16(4) + le32(1) + le32(UInt32(jpegOffset))
        bytes += le16(0x0202) + le16(4) + le32(1) + le32(UInt32(jpeg.count))
        bytes += le32(0)
        bytes += model
        return Data(bytes) + jpeg
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }

    /// A small, fast, seeded generator of 64-bit words (SplitMix64), so the photos are the same in every run.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
