//! The public statistics the disclosure's grievance item shows: per academic year (July to
//! June, the year a grievance arrived), how many were received, decided, decided within the
//! time limit, are pending and were appealed. Numbers only, computed from the records; never
//! a name or a word of a grievance.

use crate::dates::college_date;
use crate::store::GrievanceTallyRow;
use crate::web::html::{Html, html};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct YearCounts {
    /// The calendar year the academic year begins in (2026 for 2026-27).
    pub starts: i64,
    pub received: u32,
    pub decided: u32,
    pub decided_in_time: u32,
    pub pending: u32,
    pub appealed: u32,
}

fn academic_year(millis: i64) -> i64 {
    let (year, month, _) = college_date(millis);
    if month >= 7 { year } else { year - 1 }
}

/// The counts of each academic year with a grievance, the newest first.
pub fn tally(rows: &[GrievanceTallyRow]) -> Vec<YearCounts> {
    let mut years: Vec<YearCounts> = Vec::new();
    for row in rows {
        let starts = academic_year(row.received_at);
        let index = match years.iter().position(|year| year.starts == starts) {
            Some(index) => index,
            None => {
                years.push(YearCounts {
                    starts,
                    ..YearCounts::default()
                });
                years.len() - 1
            }
        };
        let year = &mut years[index];
        year.received += 1;
        if let Some(decided_at) = row.decided_at {
            year.decided += 1;
            if decided_at <= row.report_by {
                year.decided_in_time += 1;
            }
        }
        if row.status_open {
            year.pending += 1;
        }
        if row.appealed_at.is_some() {
            year.appealed += 1;
        }
    }
    years.sort_by_key(|year| std::cmp::Reverse(year.starts));
    years
}

/// The table under a heading of `level`, or a line saying none were received online yet.
pub fn table(years: &[YearCounts], level: u8) -> Html {
    if years.is_empty() {
        return html!("<p>No grievances have been filed online yet.</p>");
    }
    let rows: Html = years
        .iter()
        .map(|year| {
            html!(
                r#"<tr><th scope="row">{}-{:02}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
                year.starts,
                (year.starts + 1) % 100,
                year.received,
                year.decided,
                year.decided_in_time,
                year.pending,
                year.appealed
            )
        })
        .collect();
    html!(
        concat!(
            r#"<h{level}>Grievances filed online</h{level}><div class="table-scroll" tabindex="0" role="region" aria-label="Grievances filed online, by academic year">"#,
            r#"<table class="disclosure__table"><thead><tr><th scope="col">Academic year</th><th scope="col">Received</th><th scope="col">Decided</th>"#,
            r#"<th scope="col">Decided within the time limit</th><th scope="col">Pending</th><th scope="col">Appealed to the ombudsperson</th></tr></thead>"#,
            "<tbody>{rows}</tbody></table></div>",
        ),
        level = level,
        rows = rows
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::college_midnight;

    fn row(
        day: (i64, i64, i64),
        open: bool,
        decided: Option<i64>,
        appealed: bool,
    ) -> GrievanceTallyRow {
        let received_at = college_midnight(day);
        GrievanceTallyRow {
            received_at,
            status_open: open,
            decided_at: decided.map(|days| received_at + days * 86_400_000),
            report_by: received_at + 30 * 86_400_000,
            appealed_at: appealed.then_some(received_at + 50 * 86_400_000),
        }
    }

    #[test]
    fn each_academic_year_is_counted_from_july() {
        let years = tally(&[
            row((2025, 6, 30), false, Some(10), false),
            row((2025, 7, 1), false, Some(40), true),
            row((2026, 3, 1), true, None, false),
            row((2026, 8, 1), false, Some(5), false),
        ]);
        assert_eq!(
            years,
            [
                YearCounts {
                    starts: 2026,
                    received: 1,
                    decided: 1,
                    decided_in_time: 1,
                    pending: 0,
                    appealed: 0
                },
                YearCounts {
                    starts: 2025,
                    received: 2,
                    decided: 1,
                    decided_in_time: 0,
                    pending: 1,
                    appealed: 1
                },
                YearCounts {
                    starts: 2024,
                    received: 1,
                    decided: 1,
                    decided_in_time: 1,
                    pending: 0,
                    appealed: 0
                },
            ]
        );
        let shown = table(&years, 3).to_string();
        assert!(
            shown.contains("2025-26") && shown.contains("2024-25"),
            "{shown}"
        );
    }
}
