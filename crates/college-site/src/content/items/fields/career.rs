//! A career as editors write it, one record per line: appointments (`Assistant Professor |
//! Commerce | Full-time | 2015-07-01 | 2019-06-30`, the end left out while it lasts) and
//! qualifications (`PhD | Commerce | Gujarat University | 2014`). What a directory, a profile
//! or a regulator's table says of a person (the designation today, the year of joining, the
//! years of experience, the highest degree) is worked out from these records, never typed.

use crate::dates::parse_iso_day;

/// A calendar day as (year, month, day), which orders as the calendar does.
pub type Day = (i64, i64, i64);

/// Records one field holds at most: a long career, not a CV.
pub const MAX_RECORDS: usize = 12;
/// The longest part of a record (a designation, a university).
const MAX_PART_CHARS: usize = 100;

/// On what terms a person holds an appointment: what NIRF and NAAC ask of each teacher.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Terms {
    FullTime,
    Contract,
    PartTime,
}

impl Terms {
    pub fn words(self) -> &'static str {
        match self {
            Terms::FullTime => "Full-time",
            Terms::Contract => "Contract",
            Terms::PartTime => "Part-time",
        }
    }

    fn read(text: &str) -> Option<Self> {
        let letters: String = text
            .chars()
            .filter(char::is_ascii_alphabetic)
            .collect::<String>()
            .to_ascii_lowercase();
        match letters.as_str() {
            "fulltime" | "permanent" | "regular" => Some(Terms::FullTime),
            "contract" | "contractual" | "adhoc" | "temporary" => Some(Terms::Contract),
            "parttime" | "visiting" | "guest" => Some(Terms::PartTime),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appointment<'a> {
    pub designation: &'a str,
    pub department: &'a str,
    pub terms: Terms,
    pub from: Day,
    /// The last day of it; none while it lasts.
    pub to: Option<Day>,
}

impl Appointment<'_> {
    /// Whether the appointment holds on `day`.
    pub fn holds_on(&self, day: Day) -> bool {
        self.from <= day && self.to.is_none_or(|to| day <= to)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualification<'a> {
    pub degree: &'a str,
    pub subject: &'a str,
    pub university: &'a str,
    pub year: Option<i64>,
}

fn parts(line: &str) -> Vec<&str> {
    line.split('|').map(str::trim).collect()
}

fn records(value: &str) -> Result<Vec<&str>, &'static str> {
    let lines: Vec<&str> = value
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if lines.len() > MAX_RECORDS {
        return Err("Keep to 12 lines.");
    }
    Ok(lines)
}

fn fits(part: &str) -> bool {
    !part.is_empty() && part.chars().count() <= MAX_PART_CHARS
}

/// The appointments of `value`, or what is wrong with the first line that is not one.
pub fn appointments(value: &str) -> Result<Vec<Appointment<'_>>, &'static str> {
    records(value)?.into_iter().map(appointment).collect()
}

fn appointment(line: &str) -> Result<Appointment<'_>, &'static str> {
    const SHAPE: &str = "Write each appointment as designation | department | Full-time, Contract or Part-time | from | to (leave out the end while it lasts), like: Assistant Professor | Commerce | Full-time | 2015-07-01";
    let parts = parts(line);
    let (designation, department, terms, from, to) = match parts.as_slice() {
        [designation, department, terms, from] => (*designation, *department, *terms, *from, ""),
        [designation, department, terms, from, to] => {
            (*designation, *department, *terms, *from, *to)
        }
        _ => return Err(SHAPE),
    };
    if !fits(designation) || !fits(department) {
        return Err(
            "Give each appointment a designation and a department, each under 100 characters.",
        );
    }
    let terms = Terms::read(terms).ok_or("Say whether it is Full-time, Contract or Part-time.")?;
    let day = |text: &str| {
        parse_iso_day(text).ok_or("Write each day as year-month-day, like 2015-07-01.")
    };
    let from = day(from)?;
    let to = if to.is_empty() { None } else { Some(day(to)?) };
    if to.is_some_and(|to| to < from) {
        return Err("An appointment cannot end before it begins.");
    }
    Ok(Appointment {
        designation,
        department,
        terms,
        from,
        to,
    })
}

/// The qualifications of `value`, or what is wrong with the first line that is not one.
pub fn qualifications(value: &str) -> Result<Vec<Qualification<'_>>, &'static str> {
    records(value)?.into_iter().map(qualification).collect()
}

fn qualification(line: &str) -> Result<Qualification<'_>, &'static str> {
    let parts = parts(line);
    let (degree, subject, university, year) = match parts.as_slice() {
        [degree, subject, university] => (*degree, *subject, *university, ""),
        [degree, subject, university, year] => (*degree, *subject, *university, *year),
        _ => {
            return Err(
                "Write each qualification as degree | subject | university or body | year, like: PhD | Commerce | Gujarat University | 2014",
            );
        }
    };
    if !fits(degree) || !fits(subject) || !fits(university) {
        return Err(
            "Give each qualification a degree, a subject and a university, each under 100 characters.",
        );
    }
    let year = if year.is_empty() {
        None
    } else {
        let year: i64 = year
            .parse()
            .ok()
            .filter(|year| (1940..=2100).contains(year))
            .ok_or("Write the year with four digits, like 2014.")?;
        Some(year)
    };
    Ok(Qualification {
        degree,
        subject,
        university,
        year,
    })
}

/// How high a qualification stands: a doctorate above an MPhil above a master's above a
/// bachelor's. NET, SET and the like are tests of eligibility, not degrees: they rank lowest.
pub fn degree_rank(degree: &str) -> u8 {
    let letters: String = degree
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    if is_eligibility_test(degree) {
        0
    } else if letters.starts_with("phd") || letters.starts_with("dlitt") || letters == "dsc" {
        5
    } else if letters.starts_with("mphil") {
        4
    } else if letters.starts_with('m') || letters.starts_with("pg") || letters == "ca" {
        3
    } else if letters.starts_with('b') {
        2
    } else {
        1
    }
}

/// Whether `degree` is a test of eligibility to teach (UGC NET, a state's SET or SLET, JRF).
pub fn is_eligibility_test(degree: &str) -> bool {
    let letters: String = degree
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    [
        "net", "ugcnet", "set", "slet", "jrf", "netjrf", "gset", "mhset",
    ]
    .contains(&letters.as_str())
}

/// Whole months from `from` to `to` (a month counts once its day comes round).
fn months_between(from: Day, to: Day) -> i64 {
    let months = (to.0 - from.0) * 12 + (to.1 - from.1) - i64::from(to.2 < from.2);
    months.max(0)
}

/// The day after `day`.
fn next_day((year, month, day): Day) -> Day {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 31,
    };
    if day < days {
        (year, month, day + 1)
    } else if month < 12 {
        (year, month + 1, 1)
    } else {
        (year + 1, 1, 1)
    }
}

/// Months of the appointments up to `day` (both ends counted), each month counted once where
/// they overlap, and one appointment ending the day before the next begins counted as one.
pub fn experience_months(appointments: &[Appointment<'_>], day: Day) -> i64 {
    // Each as the day it began and the day after it ended, so that spans that meet merge.
    let mut spans: Vec<(Day, Day)> = appointments
        .iter()
        .filter(|appointment| appointment.from <= day)
        .map(|appointment| {
            let last = appointment.to.map_or(day, |to| to.min(day));
            (appointment.from, next_day(last))
        })
        .collect();
    spans.sort();
    let mut merged: Vec<(Day, Day)> = Vec::new();
    for (from, after) in spans {
        match merged.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(after),
            _ => merged.push((from, after)),
        }
    }
    merged
        .iter()
        .map(|(from, after)| months_between(*from, *after))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appointments_are_read_with_their_terms_and_days() {
        let read = appointments(
            "Lecturer | Commerce | contractual | 2012-06-15 | 2015-06-30\nAssistant Professor|Commerce|Full time|2015-07-01",
        )
        .expect("appointments");
        assert_eq!(read[0].terms, Terms::Contract);
        assert_eq!(read[0].to, Some((2015, 6, 30)));
        assert_eq!(read[1].designation, "Assistant Professor");
        assert_eq!(read[1].to, None);
        assert!(read[1].holds_on((2026, 11, 28)));
        assert!(!read[0].holds_on((2026, 11, 28)));
        for refused in [
            "Lecturer | Commerce | Full-time",
            "Lecturer | Commerce | Sometimes | 2012-06-15",
            "Lecturer | Commerce | Full-time | 2012-02-30",
            "Lecturer | Commerce | Full-time | 2015-01-01 | 2014-12-31",
            " | Commerce | Full-time | 2015-01-01",
        ] {
            assert!(appointments(refused).is_err(), "{refused}");
        }
        assert!(appointments(&"A | B | Contract | 2020-01-01\n".repeat(MAX_RECORDS + 1)).is_err());
    }

    #[test]
    fn experience_counts_overlapping_months_once() {
        let read = appointments(
            "Lecturer | Commerce | Contract | 2012-06-15 | 2015-06-30\nVisiting | Commerce | Part-time | 2014-01-01 | 2016-06-14\nAssistant Professor | Commerce | Full-time | 2016-06-15",
        )
        .expect("appointments");
        // 15 June 2012 to 28 November 2026, without a gap: 14 years and 5 months.
        assert_eq!(experience_months(&read, (2026, 11, 28)), 14 * 12 + 5);
        assert_eq!(next_day((2024, 2, 28)), (2024, 2, 29));
        assert_eq!(next_day((2023, 2, 28)), (2023, 3, 1));
        assert_eq!(next_day((2026, 12, 31)), (2027, 1, 1));
        // Before the first appointment there is none.
        assert_eq!(experience_months(&read, (2010, 1, 1)), 0);
    }

    #[test]
    fn degrees_rank_a_doctorate_first_and_tests_last() {
        let read = qualifications(
            "M.Com | Accountancy | Gujarat University | 2008\nUGC NET | Commerce | UGC | 2010\nPh.D. | Commerce | MSU Baroda | 2014\nB.Com | Accountancy | Gujarat University",
        )
        .expect("qualifications");
        let highest = read
            .iter()
            .max_by_key(|q| degree_rank(q.degree))
            .expect("one");
        assert_eq!(highest.degree, "Ph.D.");
        assert!(is_eligibility_test(read[1].degree));
        assert_eq!(read[3].year, None);
        assert!(qualifications("PhD | Commerce | MSU | 14").is_err());
        assert!(qualifications("PhD | Commerce").is_err());
    }
}
