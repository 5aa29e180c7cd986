//! What each of the committee's actions changes in a grievance: the change itself, the entry
//! it leaves in the grievance's history, and what the student is told (none: nothing).

use axum::http::StatusCode;
use serde::Deserialize;

use base64::Engine;

use super::attachments;
use super::clock::{Holidays, appeal_by, report_by_after_referral};
use super::domain::{FilingField, text_with_lines};
use super::hearing::hearing_time;
use crate::http::error::ApiError;
use crate::store::{Grievance, GrievanceChange, NewGrievanceFile};

const MAX_MESSAGE_CHARS: usize = 5_000;

/// A change, its entry's kind and text, and the words the student's mail begins with.
pub type Planned = (GrievanceChange, &'static str, String, Option<&'static str>);

#[derive(Debug, Deserialize, Default)]
#[serde(default)]
pub struct ActInput {
    text: String,
    day: String,
    time: String,
    place: String,
    /// A document sent with a message or the decision (the decision as a PDF).
    document: Option<DocumentInput>,
}

/// A file as the committee's room sends it: its name and its bytes in base64.
#[derive(Debug, Deserialize, Default)]
#[serde(default)]
pub struct DocumentInput {
    name: String,
    data: String,
}

/// The document sent with `action`, checked by its bytes as a student's files are; none when
/// none was sent. Only a message and the decision carry one: the student reads both.
pub async fn document_of(
    action: &str,
    input: &mut ActInput,
    max_file_bytes: usize,
) -> Result<Vec<NewGrievanceFile>, ApiError> {
    let Some(document) = input.document.take() else {
        return Ok(Vec::new());
    };
    if !matches!(action, "message" | "decision") {
        return Err(refused(
            "document",
            "Only a message or the decision can carry a document.",
        ));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(document.data.as_bytes())
        .map_err(|_| {
            refused(
                "document",
                "The document did not arrive whole: choose it again.",
            )
        })?;
    if bytes.is_empty() {
        return Err(refused(
            "document",
            "The document is empty: choose it again.",
        ));
    }
    if bytes.len() > max_file_bytes {
        return Err(refused(
            "document",
            format!(
                "The document is larger than {} MB: save a smaller copy.",
                max_file_bytes / (1024 * 1024)
            ),
        ));
    }
    let checked = attachments::checked(vec![(document.name, bytes.into())])
        .await
        .map_err(|message| refused("document", message))?;
    Ok(checked)
}

pub fn refused(field: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid-grievance-change",
        message,
    )
    .for_field(field)
}

/// The text of a note, a message or a decision, checked as a filing's text is.
fn text_of(input: &ActInput, empty: &str) -> Result<String, ApiError> {
    text_with_lines(&input.text, FilingField::Happened, MAX_MESSAGE_CHARS, empty)
        .map_err(|problem| refused("text", problem.message))
}

fn unknown_action() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no-such-grievance-action",
        "The committee can refer, note, message, hearing, decision or close.",
    )
}

/// What `action` makes of `grievance` at `now`, with `input`.
pub fn change_for(
    action: &str,
    input: &ActInput,
    grievance: &Grievance,
    holidays: &Holidays,
    now: i64,
) -> Result<Planned, ApiError> {
    Ok(match action {
        "refer" => (
            GrievanceChange::Refer {
                report_by: report_by_after_referral(now, holidays).min(grievance.report_by),
            },
            "status",
            "referred".to_owned(),
            None,
        ),
        "note" => (
            GrievanceChange::Entry,
            "note",
            text_of(input, "Write the note.")?,
            None,
        ),
        "message" => (
            GrievanceChange::Entry,
            "committee",
            text_of(input, "Write the message to the student.")?,
            Some("The grievance committee wrote to you about your grievance."),
        ),
        "hearing" => {
            let (at, place) = hearing_time(&input.day, &input.time, &input.place, now)
                .map_err(|(field, message)| refused(field, message))?;
            (
                GrievanceChange::Hearing { at, place },
                "status",
                "hearing".to_owned(),
                Some("The grievance committee set the hearing of your grievance."),
            )
        }
        "decision" => (
            GrievanceChange::Decide {
                decision: text_of(input, "Write the committee's decision.")?,
                appeal_by: appeal_by(now),
            },
            "status",
            "decided".to_owned(),
            Some("The grievance committee decided on your grievance."),
        ),
        "close" => (GrievanceChange::Close, "status", "closed".to_owned(), None),
        _ => return Err(unknown_action()),
    })
}
