//! The regulation's clock, on the college's calendar: a grievance is referred to the
//! committee within 15 days of its receipt; the committee reports within 15 working days of
//! the referral; a student may appeal within 15 days of the decision. Working days skip
//! Sundays and the holidays an editor lists. Each due day is kept as the moment it ends, so
//! that "overdue" is one comparison in the database.

use std::collections::BTreeSet;

use crate::dates::{college_date, college_midnight, parse_iso_day};

/// A calendar day as (year, month, day).
pub type Day = (i64, i64, i64);

pub const REFER_WITHIN_DAYS: i64 = 15;
pub const REPORT_WITHIN_WORKING_DAYS: i64 = 15;
pub const APPEAL_WITHIN_DAYS: i64 = 15;

const DAY_MS: i64 = 86_400_000;

/// The college's holidays, which working days skip.
#[derive(Debug, Clone, Default)]
pub struct Holidays(BTreeSet<Day>);

impl Holidays {
    /// From days written `YYYY-MM-DD`; any other text is passed over.
    pub fn from_iso_days<'a>(days: impl IntoIterator<Item = &'a str>) -> Self {
        Self(days.into_iter().filter_map(parse_iso_day).collect())
    }

    pub fn is_working_day(&self, day: Day) -> bool {
        weekday(day) != 0 && !self.0.contains(&day)
    }
}

/// 0 for Sunday to 6 for Saturday.
fn weekday(day: Day) -> i64 {
    // 1 January 1970 was a Thursday (4).
    let days = (college_midnight(day) + 19_800_000).div_euclid(DAY_MS);
    (days + 4).rem_euclid(7)
}

pub fn day_of(millis: i64) -> Day {
    college_date(millis)
}

pub fn add_days(day: Day, days: i64) -> Day {
    college_date(college_midnight(day) + days * DAY_MS + DAY_MS / 2)
}

/// The `count`th working day after `day`.
pub fn add_working_days(day: Day, count: i64, holidays: &Holidays) -> Day {
    let mut at = day;
    let mut left = count;
    while left > 0 {
        at = add_days(at, 1);
        if holidays.is_working_day(at) {
            left -= 1;
        }
    }
    at
}

/// The working days after `from` up to and including `to` (0 when `to` is `from` or before).
pub fn working_days_until(from: Day, to: Day, holidays: &Holidays) -> i64 {
    let mut count = 0;
    let mut at = from;
    while at < to {
        at = add_days(at, 1);
        if holidays.is_working_day(at) {
            count += 1;
        }
    }
    count
}

/// The moment `day` ends: what a due day is kept as.
pub fn end_of(day: Day) -> i64 {
    college_midnight(add_days(day, 1))
}

/// The due day a kept moment stands for.
pub fn due_day(end: i64) -> Day {
    college_date(end - 1)
}

/// The days by which a grievance received at `received_at` must be referred and reported on,
/// as kept: reported within 15 working days of the last day to refer it (a referral made
/// earlier brings the report forward).
pub fn filing_dues(received_at: i64, holidays: &Holidays) -> (i64, i64) {
    let refer_by = add_days(day_of(received_at), REFER_WITHIN_DAYS);
    let report_by = add_working_days(refer_by, REPORT_WITHIN_WORKING_DAYS, holidays);
    (end_of(refer_by), end_of(report_by))
}

/// The day by which the committee must report on a grievance referred at `referred_at`.
pub fn report_by_after_referral(referred_at: i64, holidays: &Holidays) -> i64 {
    end_of(add_working_days(
        day_of(referred_at),
        REPORT_WITHIN_WORKING_DAYS,
        holidays,
    ))
}

/// The last day to appeal a decision made at `decided_at`.
pub fn appeal_by(decided_at: i64) -> i64 {
    end_of(add_days(day_of(decided_at), APPEAL_WITHIN_DAYS))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sundays_and_holidays_are_not_working_days() {
        // 29 November 2026 is a Sunday; 26 January is Republic Day.
        assert_eq!(weekday((2026, 11, 29)), 0);
        assert_eq!(weekday((2026, 11, 28)), 6);
        let holidays = Holidays::from_iso_days(["2027-01-26", "not a day"]);
        assert!(!holidays.is_working_day((2026, 11, 29)));
        assert!(!holidays.is_working_day((2027, 1, 26)));
        assert!(holidays.is_working_day((2027, 1, 27)));
    }

    #[test]
    fn working_days_skip_sundays_and_holidays() {
        let none = Holidays::default();
        // From Friday 27 November: Saturday 28 is one, Sunday 29 is skipped, Monday 30 is two.
        assert_eq!(add_working_days((2026, 11, 27), 2, &none), (2026, 11, 30));
        let diwali = Holidays::from_iso_days(["2026-11-30"]);
        assert_eq!(add_working_days((2026, 11, 27), 2, &diwali), (2026, 12, 1));
        // Across a month and a year.
        assert_eq!(add_days((2026, 12, 25), 15), (2027, 1, 9));
        assert_eq!(working_days_until((2026, 11, 27), (2026, 11, 30), &none), 2);
        assert_eq!(working_days_until((2026, 11, 27), (2026, 11, 27), &none), 0);
    }

    #[test]
    fn a_grievance_has_its_days_from_the_day_it_arrives() {
        // Received on Monday 2 November 2026 at 23:00 in the college (17:30 UTC).
        let received = college_midnight((2026, 11, 2)) + 23 * 3_600_000;
        let (refer_by, report_by) = filing_dues(received, &Holidays::default());
        assert_eq!(due_day(refer_by), (2026, 11, 17));
        // Fifteen working days after Tuesday 17 November, two Sundays skipped.
        assert_eq!(due_day(report_by), (2026, 12, 4));
        // Due until the day's very end.
        assert_eq!(refer_by, college_midnight((2026, 11, 18)));
        let referred = college_midnight((2026, 11, 5)) + 3_600_000;
        assert_eq!(
            due_day(report_by_after_referral(referred, &Holidays::default())),
            (2026, 11, 23)
        );
        assert_eq!(due_day(appeal_by(referred)), (2026, 11, 20));
    }
}
