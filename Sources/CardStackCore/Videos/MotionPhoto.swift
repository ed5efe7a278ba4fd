// SPDX-License-Identifier: GPL-3.0-or-later

/// Google's Motion Photos: a JPEG with the seconds around the shot appended to it as an MP4, as Pixel phones
/// (`PXL_20240701_100000000.MP.jpg`, earlier `MVIMG_20190701_100000.jpg`) and others following Google's format
/// write them. Viewers that know nothing of it show the JPEG; the XMP in the JPEG's first bytes says how many bytes
/// at the file's end are the video.
///
/// Two forms are read: the current one, a `Container:Directory` whose item of `Item:Semantic="MotionPhoto"` gives
/// the video's `Item:Length`; and the first one, `GCamera:MicroVideoOffset`, the video's distance from the end.
public enum MotionPhoto {
    /// The bytes of a file's start that hold its XMP: a phone writes it right after the EXIF.
    public static let headerLength = 128 * 1_024

    /// Whether a file's name says it is a Motion Photo, as the phones that write them name them: the badge is
    /// known without reading the file, which playing it reads.
    public static func isNamedAsOne(_ path: some StringProtocol) -> Bool {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return name.hasSuffix(".mp.jpg") || name.hasSuffix(".mp.jpeg") || (name.hasPrefix("mvimg_") && name.hasSuffix(".jpg"))
    }

    /// How many bytes at the end of the file whose first bytes are `header` are its video; nil when its XMP says
    /// nothing of one.
    public static func videoLength(inHeader header: some Collection<UInt8>) -> Int? {
        guard let xmp = xmpPacket(in: Array(header.prefix(headerLength))) else { return nil }
        let text = String(decoding: xmp, as: UTF8.self)
        if let semantic = text.range(of: "Semantic=\"MotionPhoto\""),
           let start = text[..<semantic.lowerBound].lastIndex(of: "<"),
           let end = text[semantic.upperBound...].firstIndex(of: ">"),
           let length = number(named: "Length", in: text[start..<end]) {
            return length > 0 ? length : nil
        }
        return number(named: "MicroVideoOffset", in: text[...]).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Where the video is in a file of `fileSize` bytes whose video is its last `length` bytes, if those bytes
    /// start as an MP4 does (a box of type `ftyp`): `videoStart` is their first 8 bytes.
    public static func videoRange(length: Int, fileSize: Int, videoStart: [UInt8]) -> Range<Int>? {
        guard length >= 8, length < fileSize, videoStart.count >= 8, Array(videoStart[4..<8]) == Array("ftyp".utf8) else { return nil }
        return (fileSize - length)..<fileSize
    }

    /// The XMP packet of a JPEG's first bytes: the body of its APP1 segment named by Adobe's namespace.
    private static func xmpPacket(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
        let signature = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            // Start of scan: the picture data, after which no metadata comes.
            if marker == 0xDA { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2 else { return nil }
            let (body, end) = (offset + 4, offset + 2 + length)
            if marker == 0xE1, end <= bytes.count, bytes[body..<end].starts(with: signature) {
                return bytes[(body + signature.count)..<end]
            }
            offset = end
        }
        return nil
    }

    /// The number given to the property whose name ends in `name` (any prefix: `Item:Length`, `GCamera:…`), as
    /// an attribute (`Length="123"`) or an element (`<GCamera:MicroVideoOffset>123</…>`).
    private static func number(named name: String, in text: Substring) -> Int? {
        for opening in [":\(name)=\"", ":\(name)>"] {
            guard let found = text.range(of: opening) else { continue }
            let digits = text[found.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count <= 12, let value = Int(digits) { return value }
        }
        return nil
    }
}
