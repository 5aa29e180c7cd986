//! `/api/college-holidays`: the college's holidays, which the grievance clock's working days
//! skip, kept by an editor as lines (`2027-01-26 Republic Day`). The whole list is saved at
//! once; each save is in the audit log.

use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
};
use serde::Deserialize;
use serde_json::json;

use crate::dates::parse_iso_day;
use crate::http::{
    client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
    state::AppState,
};
use crate::roles::{actor::StaffActor, guard::Editor};
use crate::staff::limit::within_staff_limit;
use crate::store::AuditAction;
use crate::text::unfit_for_a_name;

pub const HOLIDAYS_API: &str = "/api/college-holidays";
/// Holidays kept at most: several years' worth.
const MAX_HOLIDAYS: usize = 300;
const MAX_NAME_CHARS: usize = 100;

pub fn router() -> Router<AppState> {
    Router::new().route(HOLIDAYS_API, get(list).put(replace))
}

fn as_lines(holidays: &[(String, String)]) -> String {
    holidays
        .iter()
        .map(|(day, name)| format!("{day} {name}"))
        .collect::<Vec<_>>()
        .join("\n")
}

async fn list(State(state): State<AppState>, editor: Editor) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let holidays = state
        .store
        .holiday_list()
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?;
    Ok((
        no_store(),
        Json(json!({ "text": as_lines(&holidays), "count": holidays.len() })),
    )
        .into_response())
}

#[derive(Debug, Deserialize)]
struct HolidaysInput {
    text: String,
}

fn refused(message: String) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid-holidays",
        message,
    )
    .for_field("text")
}

/// The lines as holidays, in order and once each, or what is wrong with the first bad line.
pub fn read_lines(text: &str) -> Result<Vec<(String, String)>, ApiError> {
    let mut holidays: Vec<(String, String)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (day, name) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let name = name.trim();
        let Some((year, month, date)) = parse_iso_day(day) else {
            return Err(refused(format!(
                "Line {}: begin with the day as year-month-day, like 2027-01-26 Republic Day.",
                index + 1
            )));
        };
        if unfit_for_a_name(name) || name.chars().count() > MAX_NAME_CHARS {
            return Err(refused(format!(
                "Line {}: write the holiday's name in plain words, {MAX_NAME_CHARS} characters at most.",
                index + 1
            )));
        }
        holidays.push((format!("{year:04}-{month:02}-{date:02}"), name.to_owned()));
    }
    // By day, a day written twice keeping its first name.
    holidays.sort_by(|one, other| one.0.cmp(&other.0));
    holidays.dedup_by(|later, earlier| later.0 == earlier.0);
    if holidays.len() > MAX_HOLIDAYS {
        return Err(refused(format!(
            "Keep {MAX_HOLIDAYS} holidays at most: remove the past years'."
        )));
    }
    Ok(holidays)
}

async fn replace(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    SameOriginJson(input): SameOriginJson<HolidaysInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let holidays = read_lines(&input.text)?;
    let actor = StaffActor::of(&state.store, &editor.0, ip)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?;
    let audit = actor.entry(
        AuditAction::HolidaysChanged,
        None,
        format!("{} holidays", holidays.len()),
    );
    state
        .store
        .replace_holidays(&holidays, &audit)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?;
    Ok((
        no_store(),
        Json(json!({ "text": as_lines(&holidays), "count": holidays.len() })),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holidays_are_lines_of_a_day_and_a_name() {
        let read = read_lines("2027-01-26 Republic Day\n\n 2026-11-08   Diwali \n2027-01-26 Again")
            .expect("fine");
        assert_eq!(
            read,
            [
                ("2026-11-08".to_owned(), "Diwali".to_owned()),
                ("2027-01-26".to_owned(), "Republic Day".to_owned())
            ]
        );
        assert!(read_lines("26/01/2027 Republic Day").is_err());
        assert!(read_lines("2027-01-26 Republic\u{202E} Day").is_err());
    }
}
