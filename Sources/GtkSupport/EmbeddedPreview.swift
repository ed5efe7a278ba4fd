// SPDX-License-Identifier: GPL-3.0-or-later
import CGexiv2
import CardStackCore
import Exiv2Guard
import CGtk
import Foundation
import Glibc

/// The picture a camera embeds in its RAW file, read with exiv2 (through libgexiv2), and what the RAW says of the
/// shot: the camera, when, the sensor's pixel size, which way up.
///
/// Culling tools show a RAW by its largest embedded JPEG and never demosaic it: the camera's own rendering, in a
/// few milliseconds rather than a second. exiv2 parses hostile files (it has had many CVEs on them): its errors
/// come back as GErrors, the standard exceptions it also throws are caught by `Exiv2Guard` (a DNG whose strip
/// counts overflow ended the process with `std::overflow_error`), a preview's announced size is checked against
/// the pixel budget before it is read, and its bytes before they are decoded.
public enum EmbeddedPreview {
    /// What was found in a RAW.
    public struct Found {
        /// The preview, as the camera encoded it (JPEG).
        public let encoded: [UInt8]
        /// Its pixel size as the RAW announces it (0 when exiv2 doesn't know).
        public let width: Int
        public let height: Int
        /// Which way up (EXIF orientation 1–8; 1 when the RAW doesn't say).
        public let orientation: Int
        /// What the RAW says of the shot.
        public let metadata: PhotoMetadata
    }

    /// Bytes of a preview beyond which it is not read: a camera's largest is a few MB, a full-size one 20 MB.
    public static let byteLimit = 64 * 1_024 * 1_024

    /// Reads the RAW at `path` (bytes, NUL-terminated): its largest preview within `pixelBudget` and what it says.
    public static func read(fileSystemPath path: [CChar], pixelBudget: Int) -> Result<Found, ImageDecoder.Failure> {
        read(Exiv2Metadata.open(path: path), pixelBudget: pixelBudget)
    }

    /// Reads a RAW held in memory, as ``read(fileSystemPath:pixelBudget:)`` reads a file.
    public static func read(bytes: [UInt8], pixelBudget: Int) -> Result<Found, ImageDecoder.Failure> {
        read(Exiv2Metadata.open(bytes: bytes), pixelBudget: pixelBudget)
    }

    /// The largest preview within `pixelBudget` in `metadata` (nil: exiv2 could not read the file).
    private static func read(_ metadata: ObjectReference<Exiv2Metadata.Pointer>?, pixelBudget: Int) -> Result<Found, ImageDecoder.Failure> {
        guard let metadata else { return .failure(.undecodable) }
        guard let list = cs_exiv2_get_preview_properties(metadata.pointer) else {
            return .failure(.noPreview)
        }
        // The list and its properties belong to the metadata ("transfer none").
        var largest: (properties: UnsafeMutablePointer<GExiv2PreviewProperties>, width: Int, height: Int, size: Int)?
        var refused: (width: Int, height: Int)?
        var index = 0
        while let properties = list[index] {
            index += 1
            let width = Int(cs_exiv2_preview_width(properties))
            let height = Int(cs_exiv2_preview_height(properties))
            let size = Int(cs_exiv2_preview_size(properties))
            let mime = String(borrowingGLibString: cs_exiv2_preview_mime_type(properties))
            // Only JPEG previews: the TIFF ones some cameras add are uncompressed strips of the same picture.
            guard mime == "image/jpeg", size > 0, size <= byteLimit else { continue }
            guard width * height <= pixelBudget else {
                refused = (width, height)
                continue
            }
            if largest.map({ width * height > $0.width * $0.height || (width * height == $0.width * $0.height && size > $0.size) }) ?? true {
                largest = (properties, width, height, size)
            }
        }
        guard let chosen = largest else {
            if let refused { return .failure(.tooLarge(width: refused.width, height: refused.height)) }
            return .failure(.noPreview)
        }
        guard let image = cs_exiv2_get_preview_image(metadata.pointer, chosen.properties) else {
            return .failure(.undecodable)
        }
        let preview = ObjectReference(adopting: image)
        var count: guint32 = 0
        guard let data = cs_exiv2_preview_data(preview.pointer, &count), count > 0, Int(count) <= byteLimit else {
            return .failure(.noPreview)
        }
        let encoded = Array(UnsafeBufferPointer(start: data, count: Int(count)))
        let said = PhotoMetadata(reading: metadata.pointer, isRaw: true)
        return .success(Found(encoded: encoded, width: chosen.width, height: chosen.height, orientation: said.orientation, metadata: said))
    }
}

/// What a photo's file says of the shot, for Card details.
public struct PhotoMetadata: Sendable, Equatable {
    /// Whether the file is a camera RAW (shown by its embedded preview).
    public var isRaw: Bool
    /// The camera, as its maker names it ("Canon EOS R6").
    public var camera: String? { shooting.camera }
    /// When the shot was taken, as EXIF writes it ("2021:05:12 12:21:21").
    public var captureDateTime: String?
    /// The picture's full pixel size as stored (a RAW's sensor image), when the file says.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// Which way up the picture is stored (EXIF orientation 1–8).
    public var orientation: Int
    /// The camera's settings for the shot: lens, focal length, aperture, exposure, ISO, time.
    public var shooting: ShootingData

    public init(
        isRaw: Bool, captureDateTime: String? = nil, pixelWidth: Int? = nil, pixelHeight: Int? = nil,
        orientation: Int = 1, shooting: ShootingData = ShootingData()
    ) {
        self.isRaw = isRaw
        self.captureDateTime = captureDateTime
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.orientation = orientation
        self.shooting = shooting
    }

    /// The full pixel size turned upright, as the photo is seen: orientations 5–8 trade width and height.
    public var uprightPixelSize: (width: Int, height: Int)? {
        guard let pixelWidth, let pixelHeight else { return nil }
        return orientation >= 5 ? (pixelHeight, pixelWidth) : (pixelWidth, pixelHeight)
    }

    /// What the photo file at `path` (bytes, NUL-terminated) says, or nil when exiv2 can't read it; on the calling
    /// thread, which may be any.
    public static func read(fileSystemPath path: [CChar], isRaw: Bool) -> PhotoMetadata? {
        Exiv2Metadata.open(path: path).map { PhotoMetadata(reading: $0.pointer, isRaw: isRaw) }
    }

    /// What a photo file held in memory says, as ``read(fileSystemPath:isRaw:)`` reads a file.
    public static func read(bytes: [UInt8], isRaw: Bool) -> PhotoMetadata? {
        Exiv2Metadata.open(bytes: bytes).map { PhotoMetadata(reading: $0.pointer, isRaw: isRaw) }
    }

    init(reading metadata: UnsafeMutablePointer<GExiv2Metadata>, isRaw: Bool) {
        func tag(_ name: String) -> String? {
            let text = Exiv2Metadata.string(name, in: metadata)?
                .trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
            return text?.isEmpty == false ? text : nil
        }
        shooting = ShootingData(reading: { Exiv2Metadata.string($0, in: metadata) })
        captureDateTime = tag("Exif.Photo.DateTimeOriginal") ?? tag("Exif.Image.DateTimeOriginal") ?? tag("Exif.Image.DateTime")
        let width = Int(cs_exiv2_get_pixel_width(metadata))
        let height = Int(cs_exiv2_get_pixel_height(metadata))
        (pixelWidth, pixelHeight) = width > 0 && height > 0 ? (width, height) : (nil, nil)
        let orientation = Int(cs_exiv2_get_orientation(metadata).rawValue)
        self.orientation = (1...8).contains(orientation) ? orientation : 1
        self.isRaw = isRaw
    }
}
