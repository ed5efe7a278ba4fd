// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the camera says of a shot, as photographers read it beside the picture: the camera and lens, focal
/// length, aperture, exposure time, ISO, and when it was taken.
///
/// Read from EXIF tags as exiv2 gives them, as text ("50/1", "1/250", "400"); a value no camera writes (an
/// f-number of 0, a negative exposure, a lens name of a thousand characters) is missing rather than shown, since
/// files are edited by many programs and some write garbage. Reading is linear in the tags' lengths, which are
/// cut at ``maximumTagLength`` before anything else.
public struct ShootingData: Sendable, Equatable {
    /// The camera, as its maker names it ("Canon EOS R6").
    public var camera: String?
    /// The lens ("RF24-105mm F4 L IS USM").
    public var lens: String?
    /// The focal length in millimetres, and the 35 mm film equivalent where the camera gives it.
    public var focalLength: Double?
    public var focalLengthIn35mm: Int?
    /// The f-number (4 is f/4).
    public var fNumber: Double?
    /// The exposure time in seconds.
    public var exposureTime: Double?
    /// The sensitivity, as ISO speed.
    public var iso: Int?
    /// When the shot was taken, to the fraction of a second.
    public var captureTime: CaptureTime?

    /// The EXIF tags read, by exiv2's names.
    public static let tags = [
        make, model, lensModel, auxLens, focalLengthTag, focalLength35Tag, fNumberTag, exposureTimeTag, isoTag, dateTimeOriginal,
        subSecTimeOriginal, dateTimeDigitized,
    ]
    static let make = "Exif.Image.Make"
    static let model = "Exif.Image.Model"
    static let lensModel = "Exif.Photo.LensModel"
    static let auxLens = "Xmp.aux.Lens"
    static let focalLengthTag = "Exif.Photo.FocalLength"
    static let focalLength35Tag = "Exif.Photo.FocalLengthIn35mmFilm"
    static let fNumberTag = "Exif.Photo.FNumber"
    static let exposureTimeTag = "Exif.Photo.ExposureTime"
    static let isoTag = "Exif.Photo.ISOSpeedRatings"
    static let dateTimeOriginal = "Exif.Photo.DateTimeOriginal"
    static let subSecTimeOriginal = "Exif.Photo.SubSecTimeOriginal"
    static let dateTimeDigitized = "Exif.Photo.DateTimeDigitized"

    /// The longest tag text looked at, in bytes; a longer name is no camera's or lens's.
    public static let maximumTagLength = 120
    /// What a camera can set, with room to spare: f/0.5 to f/256, 1/100,000 s to a day's exposure, ISO 1 to
    /// 10 million, 0.5 mm to 10 m of focal length.
    static let fNumberRange = 0.5...256.0
    static let exposureRange = 0.000_01...86_400.0
    static let isoRange = 1...10_000_000
    static let focalLengthRange = 0.5...10_000.0

    public init(camera: String? = nil, lens: String? = nil, focalLength: Double? = nil, focalLengthIn35mm: Int? = nil, fNumber: Double? = nil,
                exposureTime: Double? = nil, iso: Int? = nil, captureTime: CaptureTime? = nil) {
        self.camera = camera
        self.lens = lens
        self.focalLength = focalLength
        self.focalLengthIn35mm = focalLengthIn35mm
        self.fNumber = fNumber
        self.exposureTime = exposureTime
        self.iso = iso
        self.captureTime = captureTime
    }

    /// Reads the shot's data from `tag`, which gives a tag's text as exiv2 reads it (nil when the file lacks it).
    public init(reading tag: (String) -> String?) {
        func text(_ name: String) -> String? {
            guard let raw = tag(name) else { return nil }
            let cut = raw.utf8.count > Self.maximumTagLength ? nil : raw
            let cleaned = cut?.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }
            let trimmed = cleaned.map { String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces) }
            return trimmed?.isEmpty == false ? trimmed : nil
        }
        let make = text(Self.make)
        let model = text(Self.model)
        // "NIKON D850" names its maker; "EOS R6" alone does not ("Canon EOS R6" does).
        if let make, let model, let brand = make.split(separator: " ").first, !model.lowercased().contains(brand.lowercased()) {
            camera = "\(brand.capitalized) \(model)"
        } else {
            camera = model ?? make
        }
        lens = text(Self.lensModel) ?? text(Self.auxLens)
        focalLength = text(Self.focalLengthTag).flatMap(Self.number).flatMap { Self.focalLengthRange.contains($0) ? $0 : nil }
        focalLengthIn35mm = text(Self.focalLength35Tag).flatMap(Self.number).flatMap { Self.focalLengthRange.contains($0) ? Int($0.rounded()) : nil }
        fNumber = text(Self.fNumberTag).flatMap(Self.number).flatMap { Self.fNumberRange.contains($0) ? $0 : nil }
        exposureTime = text(Self.exposureTimeTag).flatMap(Self.number).flatMap { Self.exposureRange.contains($0) ? $0 : nil }
        // Some cameras repeat the value ("400 400"): the first counts.
        iso = text(Self.isoTag)?.split(separator: " ").first.flatMap { Int($0) }.flatMap { Self.isoRange.contains($0) ? $0 : nil }
        captureTime = text(Self.dateTimeOriginal).flatMap { CaptureTime(exif: $0, subSeconds: text(Self.subSecTimeOriginal)) }
            ?? text(Self.dateTimeDigitized).flatMap { CaptureTime(exif: $0) }
    }

    /// A number as EXIF's text writes it: a rational ("28/10") or a decimal; nil for a zero denominator or
    /// anything not finite.
    static func number(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let value: Double?
        switch parts.count {
        case 1: value = Double(parts[0])
        case 2:
            guard let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 else { return nil }
            value = numerator / denominator
        default: value = nil
        }
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Whether the file said nothing of the shot.
    public var isEmpty: Bool { self == ShootingData() }

    // MARK: As people read it

    /// "50 mm", "4.3 mm (26 mm in 35 mm terms)".
    public var focalLengthText: String? {
        guard let focalLength else { return nil }
        let millimetres = String(format: tr("%@ mm"), Self.decimal(focalLength))
        guard let equivalent = focalLengthIn35mm, Int(focalLength.rounded()) != equivalent else { return millimetres }
        return String(format: tr("%1$@ (%2$ld mm in 35 mm terms)"), millimetres, equivalent)
    }

    /// "f/4", "f/2.8".
    public var fNumberText: String? {
        fNumber.map { "f/" + Self.decimal($0) }
    }

    /// "1/250 s" for a fraction of a second that is one (as cameras' shutter speeds are), "0.3 s", "2 s" and
    /// "1.3 s" otherwise.
    public var exposureText: String? {
        guard let exposureTime else { return nil }
        let reciprocal = 1 / exposureTime
        if exposureTime < 1, (reciprocal - reciprocal.rounded()).magnitude < reciprocal * 0.02 {
            return String(format: tr("1/%@ s"), Self.decimal(reciprocal.rounded()))
        }
        return String(format: tr("%@ s"), Self.decimal(exposureTime))
    }

    /// "ISO 400".
    public var isoText: String? {
        iso.map { String(format: tr("ISO %ld"), $0) }
    }

    /// The exposure on one line, as photo tools show it: "50 mm · f/4 · 1/250 s · ISO 400".
    public var exposureSummary: String? {
        let parts = [focalLength.map { String(format: tr("%@ mm"), Self.decimal($0)) }, fNumberText, exposureText, isoText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// A number with at most one decimal, without a trailing ".0": 4 → "4", 2.8 → "2.8", 4.25 → "4.3".
    static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.magnitude < 1e15 else { return String(format: "%.0f", value) }
        let whole = Int64(tenths) / 10
        let fraction = Int64(tenths.magnitude) % 10
        return fraction == 0 ? String(whole) : "\(tenths < 0 && whole == 0 ? "-" : "")\(whole).\(fraction)"
    }
}
