// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a HEIF photo (a phone's HEIC) keeps its EXIF: an item of type `Exif`, found through the boxes at the
/// start of the file, whose bytes may lie anywhere after them.
///
/// A HEIF file is ISO base media boxes (each a 32-bit size and a four-letter type): `ftyp` names the brand, and
/// the `meta` box lists the items (`iinf`, one `infe` per item with its type) and where each item's bytes are
/// (`iloc`: file offsets and lengths). The EXIF item's bytes begin with the offset of its TIFF header, which the
/// capture day and time are read from as a JPEG's are. Only the boxes are read here; the caller reads the item.
///
/// Complexity: one pass over the boxes in the header given; every size and count is checked against the bytes
/// there, so a hostile file costs no more than its header's length.
public enum HEIFExif {
    /// The brands of still HEIF pictures (`ftyp`'s major or a compatible brand).
    static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"]

    /// The file range of the EXIF item of the HEIF file whose first bytes are `header`; nil when it isn't HEIF,
    /// has no EXIF item, or the boxes that would say where it is lie past `header`.
    public static func exifItemRange(inHeader header: [UInt8]) -> Range<Int>? {
        let reader = BoxReader(bytes: header)
        guard let first = reader.box(at: 0, limit: header.count), first.type == "ftyp", isHEIF(ftyp: header[first.body]) else { return nil }
        var offset = first.end
        while let box = reader.box(at: offset, limit: header.count) {
            if box.type == "meta" { return exifItemRange(inMeta: box.body, of: header) }
            offset = box.end
        }
        return nil
    }

    /// The TIFF structure within the bytes of an EXIF item: after the 32-bit offset its first four bytes give.
    public static func tiff(inExifItem item: [UInt8]) -> ArraySlice<UInt8>? {
        guard item.count >= 4 else { return nil }
        let skip = Int(item[0]) << 24 | Int(item[1]) << 16 | Int(item[2]) << 8 | Int(item[3])
        let start = 4 + skip
        guard skip >= 0, start < item.count else { return nil }
        return item[start...]
    }

    private static func isHEIF(ftyp body: ArraySlice<UInt8>) -> Bool {
        // The major brand, the minor version, then the compatible brands, four bytes each.
        let words = stride(from: body.startIndex, to: body.endIndex - 3, by: 4).map { fourCC(body[$0..<($0 + 4)]) }
        return words.enumerated().contains { place, word in place != 1 && brands.contains(word) }
    }

    private static func exifItemRange(inMeta meta: Range<Int>, of bytes: [UInt8]) -> Range<Int>? {
        // `meta` is a full box: a version and flags before its children.
        guard meta.count > 4 else { return nil }
        let children = (meta.lowerBound + 4)..<meta.upperBound
        let reader = BoxReader(bytes: bytes)
        var exifItem: UInt32?
        var locations: Range<Int>?
        var offset = children.lowerBound
        while let box = reader.box(at: offset, limit: children.upperBound) {
            switch box.type {
            case "iinf": exifItem = exifItemID(inIINF: box.body, of: bytes)
            case "iloc": locations = box.body
            default: break
            }
            offset = box.end
        }
        guard let exifItem, let locations else { return nil }
        return extent(of: exifItem, inILOC: locations, of: bytes)
    }

    /// The id of the first item of type `Exif` in an `iinf` box's body.
    private static func exifItemID(inIINF body: Range<Int>, of bytes: [UInt8]) -> UInt32? {
        var field = FieldReader(bytes: bytes, range: body)
        guard let version = field.u8(), field.skip(3) else { return nil }
        guard let count = version == 0 ? field.u16().map(UInt32.init) : field.u32() else { return nil }
        let reader = BoxReader(bytes: bytes)
        var offset = field.position
        for _ in 0..<min(Int(count), body.count / 8) {
            guard let entry = reader.box(at: offset, limit: body.upperBound) else { return nil }
            offset = entry.end
            guard entry.type == "infe" else { continue }
            var info = FieldReader(bytes: bytes, range: entry.body)
            guard let infeVersion = info.u8(), info.skip(3), infeVersion >= 2 else { continue }
            guard let id = infeVersion == 2 ? info.u16().map(UInt32.init) : info.u32(), info.skip(2), let type = info.fourCC() else { continue }
            if type == "Exif" { return id }
        }
        return nil
    }

    /// Where item `item` is in the file, from an `iloc` box's body: its one extent (an item in several pieces,
    /// or kept in the `idat` box rather than at a file offset, is not read).
    private static func extent(of item: UInt32, inILOC body: Range<Int>, of bytes: [UInt8]) -> Range<Int>? {
        var field = FieldReader(bytes: bytes, range: body)
        guard let version = field.u8(), version <= 2, field.skip(3), let sizes = field.u8(), let moreSizes = field.u8() else { return nil }
        let (offsetSize, lengthSize) = (Int(sizes >> 4), Int(sizes & 0x0F))
        let (baseOffsetSize, indexSize) = (Int(moreSizes >> 4), version == 0 ? 0 : Int(moreSizes & 0x0F))
        guard let count = version < 2 ? field.u16().map(UInt32.init) : field.u32() else { return nil }
        for _ in 0..<min(Int(count), body.count / 4) {
            guard let id = version < 2 ? field.u16().map(UInt32.init) : field.u32() else { return nil }
            var method = 0
            if version >= 1 {
                guard let value = field.u16() else { return nil }
                method = Int(value & 0x000F)
            }
            guard field.skip(2), let base = field.uint(ofSize: baseOffsetSize), let extents = field.u16() else { return nil }
            var found: Range<Int>?
            for _ in 0..<Int(extents) {
                guard field.skip(indexSize), let start = field.uint(ofSize: offsetSize), let length = field.uint(ofSize: lengthSize) else { return nil }
                let (from, overflow) = base.addingReportingOverflow(start)
                guard !overflow, from <= UInt64(Int.max), length <= UInt64(Int.max) - from else { return nil }
                found = Int(from)..<Int(from + length)
            }
            if id == item { return method == 0 && extents == 1 ? found : nil }
        }
        return nil
    }

    /// Reads boxes: a 32-bit size (1: a 64-bit size follows; 0: to the end) and a four-letter type.
    private struct BoxReader {
        let bytes: [UInt8]

        /// The box at `offset`, ending by `limit`; nil when it doesn't fit or its size says less than its header.
        func box(at offset: Int, limit: Int) -> (type: String, body: Range<Int>, end: Int)? {
            guard offset >= 0, offset < limit else { return nil }
            var field = FieldReader(bytes: bytes, range: offset..<limit)
            guard let size32 = field.u32(), let type = field.fourCC() else { return nil }
            let size: UInt64
            switch size32 {
            case 0: size = UInt64(limit - offset)
            case 1:
                guard let large = field.uint(ofSize: 8) else { return nil }
                size = large
            default: size = UInt64(size32)
            }
            guard size >= UInt64(field.position - offset), size <= UInt64(limit - offset) else { return nil }
            let end = offset + Int(size)
            return (type, field.position..<end, end)
        }
    }

    /// Big-endian fields, read in order within a range; nil once one would run past it.
    private struct FieldReader {
        let bytes: [UInt8]
        let range: Range<Int>
        private(set) var position: Int

        init(bytes: [UInt8], range: Range<Int>) {
            self.bytes = bytes
            self.range = range.clamped(to: 0..<bytes.count)
            position = self.range.lowerBound
        }

        mutating func uint(ofSize size: Int) -> UInt64? {
            guard size >= 0, size <= 8, position + size <= range.upperBound else { return nil }
            var value: UInt64 = 0
            for byte in bytes[position..<(position + size)] { value = value << 8 | UInt64(byte) }
            position += size
            return value
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, position + count <= range.upperBound else { return false }
            position += count
            return true
        }

        mutating func u8() -> UInt8? { uint(ofSize: 1).map { UInt8($0) } }
        mutating func u16() -> UInt16? { uint(ofSize: 2).map { UInt16($0) } }
        mutating func u32() -> UInt32? { uint(ofSize: 4).map { UInt32($0) } }

        mutating func fourCC() -> String? {
            guard position + 4 <= range.upperBound else { return nil }
            defer { position += 4 }
            return HEIFExif.fourCC(bytes[position..<(position + 4)])
        }
    }

    private static func fourCC(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
