//! What a student does with a grievance after filing it, by plain form posts: add to it while
//! the college works on it, with up to three documents (`POST /grievances/<number>/reply`: the
//! committee is told, without the words), and record an appeal to the ombudsperson after the
//! decision (`POST /grievances/<number>/appeal`). A refused post shows the page again, its text
//! kept.

use axum::{
    Form, Router,
    extract::{Path, Request, State, rejection::FormRejection},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Redirect, Response},
    routing::post,
};
use serde::Deserialize;

use super::attachments;
use super::clock::day_of;
use super::committee_mails;
use super::committee_routes::MAX_ENTRIES;
use super::domain::{FilingField, text_with_lines};
use super::page_parts::Said;
use super::paths::grievance_path;
use super::student_access::{own_grievance, private_page, show, student, unavailable};
use crate::accounts::greeting::name_to_greet;
use crate::dates::{college_midnight, parse_iso_day};
use crate::http::state::AppState;
use crate::store::{
    Account, Grievance, GrievanceChange, GrievanceUpdate, GrievanceUpdated, NewGrievanceEntry,
    NewGrievanceFile, now_millis,
};
use crate::web::{html::html, security::is_same_origin};

const MAX_REPLY_CHARS: usize = 5_000;

pub fn router() -> Router<AppState> {
    Router::new().route("/grievances/{number}/appeal", post(appeal))
}

/// The routes whose posts carry files: their body limit is larger.
pub fn file_router() -> Router<AppState> {
    Router::new().route("/grievances/{number}/reply", post(reply))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct AppealForm {
    appealed_on: String,
}

/// The signed-in student and their grievance `number`, for a post from this site.
async fn acting(
    state: &AppState,
    number: &str,
    headers: &HeaderMap,
) -> Result<(Account, Grievance), Response> {
    if !is_same_origin(headers, state.config.public_origin.as_deref()) {
        return Err(private_page(
            StatusCode::FORBIDDEN,
            "Forbidden",
            &html!(
                r#"<div class="section container"><h1>Forbidden</h1><p>This form can only be sent from the college website itself.</p></div>"#
            ),
        ));
    }
    let account = student(state, headers, &grievance_path(number)).await?;
    let grievance = own_grievance(state, &account, number, headers).await?;
    Ok((account, grievance))
}

/// The page again, saying what is wrong with `field` and keeping `kept`.
async fn refuse(
    state: &AppState,
    grievance: &Grievance,
    (field, message, kept): (&'static str, String, String),
) -> Response {
    let said = Said::Problem {
        field,
        message,
        kept,
    };
    show(state, grievance, said, StatusCode::UNPROCESSABLE_ENTITY).await
}

async fn reply(
    State(state): State<AppState>,
    Path(number): Path<String>,
    headers: HeaderMap,
    request: Request,
) -> Response {
    // Signed in, and theirs, before the body is read.
    let (account, grievance) = match acting(&state, &number, &headers).await {
        Ok(acting) => acting,
        Err(answer) => return answer,
    };
    let posted = attachments::read_post(request, state.config.uploads.max_file_bytes).await;
    let text = posted.text("text");
    if let Some(problem) = posted.problem {
        return refuse(&state, &grievance, ("replyFiles", problem, text)).await;
    }
    let body = match text_with_lines(
        &text,
        FilingField::Happened,
        MAX_REPLY_CHARS,
        "Write what you would like to add.",
    ) {
        Ok(body) => body,
        Err(problem) => return refuse(&state, &grievance, ("reply", problem.message, text)).await,
    };
    let files = match attachments::checked(posted.files).await {
        Ok(files) => files,
        Err(message) => return refuse(&state, &grievance, ("replyFiles", message, text)).await,
    };
    let change = (GrievanceChange::Entry, "student", body);
    record(&state, (&account, &grievance), change, &files, text).await
}

async fn appeal(
    State(state): State<AppState>,
    Path(number): Path<String>,
    headers: HeaderMap,
    form: Result<Form<AppealForm>, FormRejection>,
) -> Response {
    let (account, grievance) = match acting(&state, &number, &headers).await {
        Ok(acting) => acting,
        Err(answer) => return answer,
    };
    let form = form.map(|Form(form)| form).unwrap_or_default();
    let now = now_millis();
    let decided = day_of(grievance.decided_at.unwrap_or(now));
    let Some(day) =
        parse_iso_day(form.appealed_on.trim()).filter(|day| *day >= decided && *day <= day_of(now))
    else {
        let message = "Choose the day you appealed: on or after the decision, and not after today.";
        return refuse(
            &state,
            &grievance,
            ("appealedOn", message.to_owned(), String::new()),
        )
        .await;
    };
    let change = GrievanceChange::Appeal {
        on: college_midnight(day),
    };
    let planned = (change, "status", "appealed".to_owned());
    record(&state, (&account, &grievance), planned, &[], String::new()).await
}

/// Makes the student's change with its `files`, tells the committee (never the words), and
/// sends the student back to the grievance; `kept` is the text to show again if it is refused.
async fn record(
    state: &AppState,
    (account, grievance): (&Account, &Grievance),
    (change, kind, body): (GrievanceChange, &'static str, String),
    files: &[NewGrievanceFile],
    kept: String,
) -> Response {
    let field = if kind == "student" {
        "reply"
    } else {
        "appealedOn"
    };
    let author_name = match name_to_greet(&state.store, account).await {
        Ok(name) => name.unwrap_or_else(|| account.email_key.clone()),
        Err(error) => return unavailable(&error),
    };
    let entry = NewGrievanceEntry {
        at: now_millis(),
        kind: kind.to_owned(),
        author_name,
        body,
    };
    let members = match committee_mails::recipients(&state.store).await {
        Ok(members) => members,
        Err(error) => return unavailable(&error),
    };
    let number = &grievance.number;
    let what = if kind == "student" {
        "added to"
    } else {
        "recorded an appeal on"
    };
    let mails: Vec<_> = members
        .iter()
        .map(|member| {
            committee_mails::to_member(
                member,
                &state.config.contact_inbox,
                &format!("Grievance {number}: the student wrote"),
                &format!("The student {what} grievance {number}. Read it in the staff area.\n"),
            )
        })
        .collect();
    let update = GrievanceUpdate {
        change,
        entry: &entry,
        audit: None,
        mails: &mails,
        files,
        bounds: attachments::bounds(state.config.uploads.budget_bytes),
        max_entries: MAX_ENTRIES,
    };
    let refused = match state.store.update_grievance(grievance.id, &update).await {
        Ok(GrievanceUpdated::Done) => {
            state.outbox.mail_added();
            let said = if kind == "student" {
                "replied"
            } else {
                "appealed"
            };
            return Redirect::to(&format!("{}?{said}", grievance_path(number))).into_response();
        }
        Ok(GrievanceUpdated::MovedOn) => {
            let said = Said::Problem {
                field,
                message: "This grievance has moved on since the page was loaded: read where it stands now.".to_owned(),
                kept,
            };
            return show(state, grievance, said, StatusCode::CONFLICT).await;
        }
        Ok(GrievanceUpdated::Full) => (
            field,
            format!(
                "This grievance holds {MAX_ENTRIES} entries, the most it keeps: write to the committee instead."
            ),
        ),
        Ok(GrievanceUpdated::Files(refusal)) => ("replyFiles", attachments::refusal(refusal)),
        Err(error) => return unavailable(&error),
    };
    refuse(state, grievance, (refused.0, refused.1, kept)).await
}
