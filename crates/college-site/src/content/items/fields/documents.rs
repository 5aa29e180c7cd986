//! An item's documents as editors write them, one per line: its words, then, each optional, the
//! year it covers and the last day it is valid, then where it leads, all apart by bars:
//! `Audited accounts | 2024-25 | until 2026-03-31 | /files/12-ab34.pdf`. A document of a
//! year goes into the item's archive once a newer year is published; one past its last day is
//! shown as expired, never as current.

use std::fmt;

use super::links::{Link, NO_BAR, checked};
use crate::dates::parse_iso_day;

/// Documents one item lists at most: as many as it may carry files.
pub const MAX_DOCUMENTS: usize = 20;

/// The year a document covers: a financial year (`2024-25`, April to March) or a calendar
/// year (`2024`). Years sort by when they start; in the same starting year, the financial year
/// (which ends later) after the calendar one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DocumentYear {
    start: i64,
    financial: bool,
}

impl fmt::Display for DocumentYear {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.financial {
            write!(out, "{}-{:02}", self.start, (self.start + 1) % 100)
        } else {
            write!(out, "{}", self.start)
        }
    }
}

/// A document: its link, the year it covers and the last day it is valid, as (year, month,
/// day), when the editor gave them.
#[derive(Debug, PartialEq, Eq)]
pub struct Document<'a> {
    pub link: Link<'a>,
    pub year: Option<DocumentYear>,
    pub valid_until: Option<(i64, i64, i64)>,
}

const TOO_MANY: &str = "Keep to 20 documents.";
const NOT_A_YEAR: &str = "Write the year a document covers as a financial year, like 2024-25, or a calendar year, like 2024.";
const NOT_A_DAY: &str =
    "Write the last day a document is valid as until and the day, like until 2026-03-31.";
const TWICE: &str = "Give a document one year and one last day at most.";

/// The documents of `value`, one per line, or what is wrong with the first line that is not one.
pub fn parse(value: &str) -> Result<Vec<Document<'_>>, &'static str> {
    let lines: Vec<&str> = value
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if lines.len() > MAX_DOCUMENTS {
        return Err(TOO_MANY);
    }
    lines.into_iter().map(document).collect()
}

/// One line. Between the words and the address, a part that starts with a digit is a year and
/// one that starts with "until" (or "valid until") a last day; any other part belongs to the
/// words, as it did before documents had years (`Fees | BCom | /files/1.pdf`).
fn document(line: &str) -> Result<Document<'_>, &'static str> {
    let Some((mut words, href)) = line.rsplit_once('|') else {
        return Err(NO_BAR);
    };
    let (mut year, mut valid_until) = (None, None);
    while let Some((before, part)) = words.rsplit_once('|') {
        let part = part.trim();
        let lower = part.to_ascii_lowercase();
        let until = lower
            .strip_prefix("valid until")
            .or_else(|| lower.strip_prefix("until"));
        let twice = if part.starts_with(|c: char| c.is_ascii_digit()) {
            year.replace(document_year(part).ok_or(NOT_A_YEAR)?)
                .is_some()
        } else if let Some(day) = until {
            let day = parse_iso_day(day.trim()).ok_or(NOT_A_DAY)?;
            valid_until.replace(day).is_some()
        } else {
            break;
        };
        if twice {
            return Err(TWICE);
        }
        words = before;
    }
    Ok(Document {
        link: checked(words, href)?,
        year,
        valid_until,
    })
}

/// `2024-25` (the second year the next one's last two digits) or `2024`, from 1900 on.
fn document_year(text: &str) -> Option<DocumentYear> {
    let number = |digits: &str| {
        digits
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| digits.parse::<i64>().ok())?
    };
    let (start, financial) = match text.split_once('-') {
        Some((first, second)) if first.len() == 4 && second.len() == 2 => {
            let (start, end) = (number(first)?, number(second)?);
            ((start + 1) % 100 == end).then_some((start, true))?
        }
        None if text.len() == 4 => (number(text)?, false),
        _ => return None,
    };
    (1900..=2200)
        .contains(&start)
        .then_some(DocumentYear { start, financial })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_may_carry_its_year_and_last_day() {
        let documents = parse(
            "Audited accounts | 2024-25 | until 2026-03-31 | /files/1-a.pdf\n\
             Annual report | 2023 | /files/2-b.pdf\n\
             Fees | BCom | valid until 2027-01-01 | /files/3-c.pdf\n\
             Plain | https://college.example/x.pdf",
        )
        .expect("documents");
        let years: Vec<String> = documents
            .iter()
            .map(|document| {
                document
                    .year
                    .map(|year| year.to_string())
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(years, ["2024-25", "2023", "", ""]);
        assert_eq!(documents[0].link.label, "Audited accounts");
        assert_eq!(documents[0].valid_until, Some((2026, 3, 31)));
        // A part that is neither a year nor a last day belongs to the words, as before.
        assert_eq!(documents[2].link.label, "Fees | BCom");
        assert_eq!(documents[2].valid_until, Some((2027, 1, 1)));
        assert_eq!(documents[3].link.href, "https://college.example/x.pdf");
    }

    #[test]
    fn a_year_that_is_neither_financial_nor_calendar_is_refused() {
        for wrong in ["2024-2025", "2024-26", "24-25", "202", "1850", "2024-2"] {
            assert_eq!(
                parse(&format!("Report | {wrong} | /files/1.pdf")),
                Err(NOT_A_YEAR),
                "{wrong}"
            );
        }
        assert_eq!(
            parse("Report | until 31-03-2026 | /files/1.pdf"),
            Err(NOT_A_DAY)
        );
        assert_eq!(parse("Report | 2024 | 2025 | /files/1.pdf"), Err(TWICE));
        assert_eq!(parse("Report 2024-25 /files/1.pdf"), Err(NO_BAR));
        assert!(parse("Run | 2024 | javascript:alert(1)").is_err());
    }

    #[test]
    fn years_sort_by_when_they_start() {
        let year = |text| document_year(text).expect("a year");
        assert!(year("2024-25") > year("2024"));
        assert!(year("2024") > year("2023-24"));
        assert_eq!(year("1999-00").to_string(), "1999-00");
        assert!(parse(&"A | 2024 | /a\n".repeat(MAX_DOCUMENTS)).is_ok());
        assert_eq!(parse(&"A | /a\n".repeat(MAX_DOCUMENTS + 1)), Err(TOO_MANY));
    }
}
