//! `GET /api/content/people.csv`: the faculty list in the columns NIRF's and NAAC's faculty
//! tables ask for, for the academic year (1 July to 30 June) that holds `?on=` (today when not
//! given): every teacher with the college on any day of it, those who left during it too, as
//! the office's records have them (each person's newest revision).

use axum::{
    body::{Body, Bytes},
    extract::{Query, State},
    http::header,
    response::{IntoResponse, Response},
};
use serde::Deserialize;

use super::career::Career;
use super::person::{Person, today};
use super::service;
use crate::content::error::ContentError;
use crate::content::items::fields::career::Day;
use crate::{
    csv::csv_line,
    dates::parse_iso_day,
    http::{error::ApiError, state::AppState},
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::Version,
};

const HEADER: [&str; 14] = [
    "Name",
    "Designation",
    "Department",
    "Highest degree",
    "Subject",
    "University",
    "Year",
    "NET/SET/PhD",
    "Date of joining",
    "Date of leaving",
    "Full-time or contract",
    "Experience in months",
    "Official email",
    "Profile",
];
/// Lines sent together.
const LINES_PER_CHUNK: usize = 200;

#[derive(Debug, Deserialize)]
pub struct ExportParams {
    on: Option<String>,
}

fn iso((year, month, day): Day) -> String {
    format!("{year:04}-{month:02}-{day:02}")
}

/// The academic year that holds `day`: 1 July to 30 June.
fn academic_year((year, month, _): Day) -> (Day, Day) {
    let start = if month >= 7 { year } else { year - 1 };
    ((start, 7, 1), (start + 1, 6, 30))
}

/// Whether `person` was with the college on some day of `from` to `to`.
fn served_within(career: &Career, (from, to): (Day, Day)) -> bool {
    let joined = career.joined_on().is_some_and(|joined| joined <= to);
    let stayed = career.left_on.is_none_or(|left| left > from);
    joined && stayed
}

/// `person`'s line, when they were with the college within `year`.
fn line(person: &Person, year: (Day, Day)) -> Option<String> {
    let career = person.career();
    if !person.teaches() || !served_within(&career, year) {
        return None;
    }
    // As of the year's end, or the day they left if that came first.
    let on = career.left_on.map_or(year.1, |left| left.min(year.1));
    let post = career.appointment_on(on);
    let degree = career.highest_degree();
    let year = degree
        .as_ref()
        .and_then(|degree| degree.year)
        .map(|year| year.to_string())
        .unwrap_or_default();
    let cells = [
        person.name().to_owned(),
        post.as_ref()
            .map(|post| post.designation.to_owned())
            .unwrap_or_default(),
        post.as_ref()
            .map(|post| post.department.to_owned())
            .unwrap_or_default(),
        degree
            .as_ref()
            .map(|degree| degree.degree.to_owned())
            .unwrap_or_default(),
        degree
            .as_ref()
            .map(|degree| degree.subject.to_owned())
            .unwrap_or_default(),
        degree
            .as_ref()
            .map(|degree| degree.university.to_owned())
            .unwrap_or_default(),
        year,
        career.eligibility(),
        career.joined_on().map(iso).unwrap_or_default(),
        career.left_on.map(iso).unwrap_or_default(),
        post.as_ref()
            .map(|post| post.terms.words().to_owned())
            .unwrap_or_default(),
        career.experience_months(on).to_string(),
        person.text("email").to_owned(),
        super::html::person_path(&person.slug),
    ];
    Some(csv_line(cells.iter().map(String::as_str)))
}

pub async fn faculty_csv(
    State(state): State<AppState>,
    editor: Editor,
    Query(params): Query<ExportParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let on = match params.on.as_deref() {
        None | Some("") => today(),
        Some(day) => parse_iso_day(day).ok_or_else(|| {
            ContentError::Field("on", "Write the day as year-month-day, like 2026-06-30.")
        })?,
    };
    let year = academic_year(on);
    let people = service::people(&state.store, Version::Head)
        .await
        .map_err(ContentError::from)?;
    // By name: each line with its sort key, so that nobody's career is read twice.
    let mut named: Vec<(String, String)> = people
        .iter()
        .filter_map(|(_, person)| Some((person.name().to_lowercase(), line(person, year)?)))
        .collect();
    named.sort_unstable();
    let mut lines = vec![csv_line(HEADER.into_iter())];
    lines.extend(named.into_iter().map(|(_, line)| line));
    let chunks: Vec<Result<Bytes, std::convert::Infallible>> = lines
        .chunks(LINES_PER_CHUNK)
        .map(|chunk| Ok(Bytes::from(chunk.concat())))
        .collect();
    let name = format!("faculty-{}-{}.csv", year.0.0, (year.1.0) % 100);
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        Body::from_stream(futures_util::stream::iter(chunks)),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_academic_year_runs_from_july_to_june() {
        assert_eq!(academic_year((2026, 11, 28)), ((2026, 7, 1), (2027, 6, 30)));
        assert_eq!(academic_year((2026, 6, 30)), ((2025, 7, 1), (2026, 6, 30)));
    }
}
