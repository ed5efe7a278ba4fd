// SPDX-License-Identifier: GPL-3.0-or-later

/// Camera RAW files: which names are RAW, and whether a file's first bytes are one.
///
/// A RAW is shown by the largest JPEG preview the camera embedded in it, never demosaiced (what every fast
/// culling tool does). The listing decides by name, since it reads no file; the decoder decides by content, since
/// a name can lie both ways: a `.CR2` that is really a JPEG decodes as the JPEG, and a TIFF-structured RAW whose
/// name says nothing (`IMG_0001.TIF` from a DNG renamed) is still a RAW when its bytes say so.
public enum RawFormat {
    /// Lowercased extensions of the RAW formats of the cameras people cull from: Canon (CR2, CR3, CRW), Nikon
    /// (NEF, NRW), Sony (ARW, SR2, SRF), Fujifilm (RAF), Olympus/OM (ORF), Panasonic (RW2) and Leica (RWL),
    /// Pentax (PEF), Adobe's DNG (phones and many cameras), Samsung (SRW), Sigma (X3F), Hasselblad (3FR),
    /// Epson (ERF), Kodak (KDC, DCR), Leaf (MOS), Minolta (MRW), Phase One (IIQ).
    public static let extensions: Set<String> = [
        "cr2", "cr3", "crw", "nef", "nrw", "arw", "sr2", "srf", "raf", "orf", "rw2", "rwl", "pef", "dng", "srw",
        "x3f", "3fr", "erf", "kdc", "dcr", "mos", "mrw", "iiq",
    ]

    /// Bytes of a file's start that ``isRaw(header:fileExtension:)`` looks at.
    public static let headerLength = 16

    /// Whether a file whose name ends in `fileExtension` (any case, no dot) is a RAW, by its name alone.
    public static func hasRawExtension(_ fileExtension: some StringProtocol) -> Bool {
        extensions.contains(fileExtension.lowercased())
    }

    /// Whether a file starting with `header` (its first ``headerLength`` bytes, or all of a shorter file) is a
    /// camera RAW to show by its embedded preview.
    ///
    /// Formats with a signature of their own are recognised whatever the name; the many RAWs that are plain TIFF
    /// structures (NEF, ARW, PEF, DNG, SRW…) start like any TIFF, so for those the name decides, and a TIFF with
    /// a picture's name (`.tif`) is left to the ordinary decoder.
    public static func isRaw(header: some Collection<UInt8>, fileExtension: some StringProtocol) -> Bool {
        let bytes = Array(header.prefix(headerLength))
        func has(_ signature: [UInt8], at offset: Int) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        let littleTIFF = has([0x49, 0x49, 0x2A, 0x00], at: 0)
        let bigTIFF = has([0x4D, 0x4D, 0x00, 0x2A], at: 0)
        // Canon CR2: a little-endian TIFF with "CR" and major version 2 at byte 8.
        if littleTIFF && has(Array("CR".utf8) + [0x02], at: 8) { return true }
        // Canon CR3: an ISO media file of brand "crx ".
        if has(Array("ftypcrx ".utf8), at: 4) { return true }
        // Canon CRW: CIFF, a heap of records after "HEAPCCDR".
        if has(Array("HEAPCCDR".utf8), at: 6) { return true }
        if has(Array("FUJIFILMCCD-RAW".utf8), at: 0) { return true }
        // Olympus ORF ("IIRO", "IIRS", "MMOR") and Panasonic RW2 ("IIU\0") change TIFF's magic number.
        if has(Array("IIRO".utf8), at: 0) || has(Array("IIRS".utf8), at: 0) || has(Array("MMOR".utf8), at: 0) { return true }
        if has([0x49, 0x49, 0x55, 0x00], at: 0) { return true }
        if has([0x00, 0x4D, 0x52, 0x4D], at: 0) { return true }  // Minolta MRW
        if has(Array("FOVb".utf8), at: 0) { return true }  // Sigma X3F
        return (littleTIFF || bigTIFF) && hasRawExtension(fileExtension)
    }
}
