// SPDX-License-Identifier: GPL-3.0-or-later

/// When a photo was taken, to the fraction of a second, as the camera's clock said it: EXIF's
/// `DateTimeOriginal` ("2024:07:01 10:00:00") with its `SubSecTimeOriginal` ("25").
///
/// It orders a deck of photos by capture time (a burst's frames a few hundredths of a second apart stay in
/// order) and names the capture for people. EXIF gives no time zone here, so it is kept as the parts the camera
/// wrote: two photos from one camera compare as its clock did.
public struct CaptureTime: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// The fraction of the second, in 0..<1 (0 when the camera doesn't say).
    public let fraction: Double

    /// Reads EXIF's "YYYY:MM:DD HH:MM:SS" and the digits of a sub-second tag; nil for anything else, among them
    /// the "0000:00:00 00:00:00" of a camera whose clock was never set. A date alone ("2024:07:01") is midnight.
    public init?(exif dateTime: String, subSeconds: String? = nil) {
        let text = dateTime.utf8.prefix(40)
        let digits = text.split(whereSeparator: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "T") })
            .map { part in part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && part.count <= 4 ? Int(Substring(part)) : nil }
        guard digits.count == 3 || digits.count >= 6, digits.prefix(6).allSatisfy({ $0 != nil }) else { return nil }
        let parts = digits.prefix(6).map { $0 ?? 0 }
        let (year, month, day) = (parts[0], parts[1], parts[2])
        let (hour, minute, second) = parts.count == 6 ? (parts[3], parts[4], parts[5]) : (0, 0, 0)
        guard (1...9999).contains(year), (1...12).contains(month), (1...CaptureTime.days(inMonth: month, of: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        // "25" is 0.25 s: the digits are a decimal fraction. Spaces pad some cameras' values; at most 9 digits count.
        let fractionDigits = (subSeconds ?? "").utf8.filter { $0 != UInt8(ascii: " ") && $0 != 0 }
        if !fractionDigits.isEmpty, fractionDigits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            var value = 0.0
            var scale = 0.1
            for digit in fractionDigits.prefix(9) {
                value += Double(digit - UInt8(ascii: "0")) * scale
                scale /= 10
            }
            fraction = value
        } else {
            fraction = 0
        }
    }

    /// Seconds from 1 January of year 1 on the camera's clock: for ordering and for the time between two shots.
    public var secondsSinceEpoch: Double {
        Double(Self.daysSinceYearOne(year: year, month: month, day: day)) * 86_400 + Double(hour * 3_600 + minute * 60 + second) + fraction
    }

    /// The day as cards show it ("1 Jul 2024").
    public var dayText: String {
        DayLabel.text(year: year, month: month, day: day)
    }

    /// The day and the time on the camera's clock, to the hundredth of a second when the camera says
    /// ("1 Jul 2024, 10:00:00.25"), as a burst's frames are told apart.
    public var text: String {
        var time = String(format: "%02ld:%02ld:%02ld", hour, minute, second)
        let hundredths = Int((fraction * 100).rounded(.down))
        if hundredths > 0 { time += String(format: ".%02ld", hundredths) }
        return String(format: tr("%1$@, %2$@"), dayText, time)
    }

    public static func < (lhs: CaptureTime, rhs: CaptureTime) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }

    /// Days in `month` of `year`, in the Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1 January of year 1 to the given day (Howard Hinnant's days-from-civil, shifted).
    static func daysSinceYearOne(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra
    }
}
