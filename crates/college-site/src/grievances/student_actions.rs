//! What a student does with a grievance after filing it, by plain form posts: add to it while
//! the college works on it (`POST /grievances/<number>/reply`: the committee is told, without
//! the words), and record an appeal to the ombudsperson after the decision
//! (`POST /grievances/<number>/appeal`). A refused post shows the page again, its text kept.

use axum::{
    Form, Router,
    extract::{Path, State, rejection::FormRejection},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Redirect, Response},
    routing::post,
};
use serde::Deserialize;

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
use crate::store::{GrievanceChange, GrievanceUpdate, NewGrievanceEntry, now_millis};
use crate::web::{html::html, security::is_same_origin};

const MAX_REPLY_CHARS: usize = 5_000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/grievances/{number}/reply", post(reply))
        .route("/grievances/{number}/appeal", post(appeal))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct ActionForm {
    text: String,
    appealed_on: String,
}

fn from_another_site() -> Response {
    private_page(
        StatusCode::FORBIDDEN,
        "Forbidden",
        &html!(
            r#"<div class="section container"><h1>Forbidden</h1><p>This form can only be sent from the college website itself.</p></div>"#
        ),
    )
}

async fn reply(
    state: State<AppState>,
    path: Path<String>,
    headers: HeaderMap,
    form: Result<Form<ActionForm>, FormRejection>,
) -> Response {
    act(state, path, headers, form, "reply").await
}

async fn appeal(
    state: State<AppState>,
    path: Path<String>,
    headers: HeaderMap,
    form: Result<Form<ActionForm>, FormRejection>,
) -> Response {
    act(state, path, headers, form, "appealedOn").await
}

async fn act(
    State(state): State<AppState>,
    Path(number): Path<String>,
    headers: HeaderMap,
    form: Result<Form<ActionForm>, FormRejection>,
    field: &'static str,
) -> Response {
    if !is_same_origin(&headers, state.config.public_origin.as_deref()) {
        return from_another_site();
    }
    let here = grievance_path(&number);
    let account = match student(&state, &headers, &here).await {
        Ok(account) => account,
        Err(answer) => return answer,
    };
    let grievance = match own_grievance(&state, &account, &number, &headers).await {
        Ok(grievance) => grievance,
        Err(answer) => return answer,
    };
    let form = form.map(|Form(form)| form).unwrap_or_default();
    let now = now_millis();
    let refuse = |message: String, kept: String| Said::Problem {
        field,
        message,
        kept,
    };
    let (change, kind, body, done) = if field == "reply" {
        match text_with_lines(
            &form.text,
            FilingField::Happened,
            MAX_REPLY_CHARS,
            "Write what you would like to add.",
        ) {
            Ok(text) => (GrievanceChange::Entry, "student", text, Said::Replied),
            Err(problem) => {
                let said = refuse(problem.message, form.text.clone());
                return show(&state, &grievance, said, StatusCode::UNPROCESSABLE_ENTITY).await;
            }
        }
    } else {
        let decided = day_of(grievance.decided_at.unwrap_or(now));
        match parse_iso_day(form.appealed_on.trim())
            .filter(|day| *day >= decided && *day <= day_of(now))
        {
            Some(day) => (
                GrievanceChange::Appeal {
                    on: college_midnight(day),
                },
                "status",
                "appealed".to_owned(),
                Said::Appealed,
            ),
            None => {
                let said = refuse(
                    "Choose the day you appealed: on or after the decision, and not after today."
                        .to_owned(),
                    String::new(),
                );
                return show(&state, &grievance, said, StatusCode::UNPROCESSABLE_ENTITY).await;
            }
        }
    };
    match state.store.grievance_entries(grievance.id, true).await {
        Ok(entries) if entries.len() >= MAX_ENTRIES => {
            let said = refuse(
                format!(
                    "This grievance holds {MAX_ENTRIES} entries, the most it keeps: write to the committee instead."
                ),
                form.text,
            );
            return show(&state, &grievance, said, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
        Ok(_) => {}
        Err(error) => return unavailable(&error),
    }
    let author_name = match name_to_greet(&state.store, &account).await {
        Ok(name) => name.unwrap_or_else(|| account.email_key.clone()),
        Err(error) => return unavailable(&error),
    };
    let entry = NewGrievanceEntry {
        at: now,
        kind: kind.to_owned(),
        author_name,
        body,
    };
    // The committee is told that the student wrote, never what.
    let members = match committee_mails::recipients(&state.store).await {
        Ok(members) => members,
        Err(error) => return unavailable(&error),
    };
    let what = if field == "reply" {
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
    };
    match state.store.update_grievance(grievance.id, &update).await {
        Ok(true) => {
            state.outbox.mail_added();
            let said = if done == Said::Replied {
                "replied"
            } else {
                "appealed"
            };
            Redirect::to(&format!("{here}?{said}")).into_response()
        }
        Ok(false) => {
            let said = refuse(
                "This grievance has moved on since the page was loaded: read where it stands now."
                    .to_owned(),
                form.text,
            );
            show(&state, &grievance, said, StatusCode::CONFLICT).await
        }
        Err(error) => unavailable(&error),
    }
}
