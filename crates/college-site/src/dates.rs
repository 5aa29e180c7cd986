//! Dates as the site writes them for people and files: ISO 8601 in UTC, from the Unix
//! milliseconds the store keeps, and the college's own calendar day for the pages visitors read.

/// India Standard Time, the college's clock: UTC+05:30 all year (India keeps no summer time).
const COLLEGE_UTC_OFFSET_SECONDS: i64 = 5 * 3600 + 30 * 60;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The college's calendar day of a moment, as a reader says it: `26 November 2026`.
pub fn college_day(millis: i64) -> String {
    day_words(college_date(millis))
}

/// The college's calendar day of a moment for a `<time datetime>`: `2026-11-26`.
pub fn college_iso_day(millis: i64) -> String {
    let (year, month, day) = college_date(millis);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The college's calendar day of a moment, as (year, month, day).
pub fn college_date(millis: i64) -> (i64, i64, i64) {
    let seconds = millis.div_euclid(1000) + COLLEGE_UTC_OFFSET_SECONDS;
    civil_from_days(seconds.div_euclid(86_400))
}

/// Unix milliseconds as ISO 8601 in UTC, to the second: `2026-11-24T09:05:00Z`.
pub fn iso_8601(millis: i64) -> String {
    let seconds = millis.div_euclid(1000);
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A calendar day an editor typed as `2027-05-31`, if there is one, as (year, month, day).
pub fn parse_iso_day(text: &str) -> Option<(i64, i64, i64)> {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = text.get(range)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (year >= 1900 && (1..=days_in_month).contains(&day)).then_some((year, month, day))
}

/// A calendar day as a reader says it: `31 May 2027`.
pub fn day_words((year, month, day): (i64, i64, i64)) -> String {
    format!("{day} {}", month_year_words((year, month, day)))
}

/// A calendar day's month as a reader says it: `June 2012`.
pub fn month_year_words((year, month, _): (i64, i64, i64)) -> String {
    let month_name = usize::try_from(month - 1)
        .ok()
        .and_then(|index| MONTHS.get(index))
        .copied()
        .unwrap_or_default();
    format!("{month_name} {year}")
}

/// A moment as the college's clock shows it, to the minute: `2026-11-27 15:45`.
pub fn college_date_time(millis: i64) -> String {
    let seconds = millis.div_euclid(1000) + COLLEGE_UTC_OFFSET_SECONDS;
    let minute = seconds.rem_euclid(86_400) / 60;
    format!(
        "{} {:02}:{:02}",
        college_iso_day(millis),
        minute / 60,
        minute % 60
    )
}

/// The first moment of a day of the college's calendar, in Unix milliseconds.
pub fn college_midnight((year, month, day): (i64, i64, i64)) -> i64 {
    // Howard Hinnant's days_from_civil.
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    (days * 86_400 - COLLEGE_UTC_OFFSET_SECONDS) * 1000
}

/// A moment as part of a file name, in UTC, sorting by time: `20261124T161500Z`.
pub fn compact_iso_8601(millis: i64) -> String {
    iso_8601(millis).replace(['-', ':'], "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_iso_8601_in_utc() {
        assert_eq!(iso_8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso_8601(1_764_000_000_000), "2025-11-24T16:00:00Z");
        assert_eq!(iso_8601(951_782_400_000), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn the_college_day_is_indian_standard_time() {
        // 2026-11-25T18:29:59Z is 23:59:59 in India; a second later the 26th has begun there.
        assert_eq!(college_day(1_795_631_399_000), "25 November 2026");
        assert_eq!(college_day(1_795_631_400_000), "26 November 2026");
        assert_eq!(college_iso_day(1_795_631_400_000), "2026-11-26");
        assert_eq!(college_day(0), "1 January 1970");
    }

    #[test]
    fn days_typed_by_editors_are_real_days() {
        assert_eq!(parse_iso_day("2027-05-31"), Some((2027, 5, 31)));
        assert_eq!(parse_iso_day("2028-02-29"), Some((2028, 2, 29)));
        assert_eq!(day_words((2027, 5, 31)), "31 May 2027");
        for wrong in [
            "2027-02-29",
            "2027-13-01",
            "2027-04-31",
            "2027-5-31",
            "31-05-2027",
            "2027-05-3x",
            "+027-05-31",
            "0999-01-01",
        ] {
            assert_eq!(parse_iso_day(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn a_college_day_starts_at_its_midnight_in_india() {
        let start = college_midnight((2026, 11, 26));
        assert_eq!(college_iso_day(start), "2026-11-26");
        assert_eq!(college_iso_day(start - 1), "2026-11-25");
        assert_eq!(iso_8601(start), "2026-11-25T18:30:00Z");
        assert_eq!(
            college_date_time(start + 15 * 3_600_000 + 45 * 60_000),
            "2026-11-26 15:45"
        );
        assert_eq!(
            college_iso_day(college_midnight((2028, 2, 29))),
            "2028-02-29"
        );
    }

    #[test]
    fn file_name_stamps_are_utc_and_sort_by_time() {
        assert_eq!(compact_iso_8601(1_796_000_523_000), "20261130T010203Z");
        assert_eq!(compact_iso_8601(0), "19700101T000000Z");
    }
}
