// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A date as "21 Nov 2026" (as the user's language writes a day, month and year): the same in every time zone,
/// so a photo's subtitle is predictable.
enum DayLabel {
    /// Month abbreviations in the user's language (English, as GNOME Files shows them in the C locale, until the
    /// app installs its lookup, which it does before any deck is read): made once, as every card's date needs them.
    static let monthAbbreviations = [
        trp("month", "Jan"), trp("month", "Feb"), trp("month", "Mar"), trp("month", "Apr"), trp("month", "May"), trp("month", "Jun"),
        trp("month", "Jul"), trp("month", "Aug"), trp("month", "Sep"), trp("month", "Oct"), trp("month", "Nov"), trp("month", "Dec"),
    ]

    static let secondsPerDay = 86_400.0

    /// The UTC calendar day of `date`.
    static func text(for date: Date) -> String {
        let days = Int((date.timeIntervalSince1970 / secondsPerDay).rounded(.down))
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return text(year: year, month: month, day: day)
    }

    /// A calendar day given by its parts (a month of 1…12), as a camera writes it.
    static func text(year: Int, month: Int, day: Int) -> String {
        String(format: dayFormat, day, monthAbbreviations[month - 1], year)
    }

    /// Day, month and year in the order and with the marks the user's language writes them ("21 Nov 2026",
    /// "21. Nov. 2026"), made once like the months.
    // Translators: a card's date: %1$ld the day, %2$@ the month's abbreviation, %3$ld the year.
    static let dayFormat = tr("%1$ld %2$@ %3$ld")

    /// Year, month (1…12) and day of the proleptic Gregorian calendar for a count of days since 1970-01-01.
    ///
    /// Howard Hinnant's `civil_from_days` (chrono-Compatible Low-Level Date Algorithms): pure integer
    /// arithmetic, so no `Calendar`, locale or time-zone database is involved.
    static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let daysPerEra = 146_097  // 400 Gregorian years.
        let epochShift = 719_468  // Days from 0000-03-01 to 1970-01-01.
        let z = daysSinceEpoch + epochShift
        let era = (z >= 0 ? z : z - daysPerEra + 1) / daysPerEra
        let dayOfEra = z - era * daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 = March, so February's leap day comes last.
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
