//! Who may see a student's grievance pages, and how they are answered: the signed-in
//! student with a verified email (a visitor is sent to sign in and brought back), only their
//! own grievances (anyone else's is the 404 page), as pages never kept or indexed.

use axum::{
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html as HtmlAnswer, IntoResponse, Redirect, Response},
};

use super::page_parts::{Reading, Said};
use super::pages;
use crate::accounts::session::{
    second_step::must_set_up, service::current_session, signed_in_page::login_path,
};
use crate::content::disclosure::service::live_text;
use crate::content::render::template;
use crate::error_chain::Chain;
use crate::http::state::AppState;
use crate::store::{Account, Grievance, now_millis};
use crate::web::{assets, html::Html};

const DESCRIPTION: &str = "File a grievance with the college and follow it to its decision.";

/// A page for its student only: never kept, never indexed.
pub fn private_page(status: StatusCode, title: &str, main: &Html) -> Response {
    let mut response =
        (status, HtmlAnswer(template::page(title, DESCRIPTION, main))).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    headers.append(header::VARY, HeaderValue::from_static("Cookie"));
    response
}

pub fn unavailable(error: &(dyn std::error::Error + 'static)) -> Response {
    tracing::warn!(error = %Chain(error), "grievances: the store cannot be reached");
    let main = crate::web::html::html!(
        r#"<div class="section container"><h1>Please try again in a moment</h1><p>The college’s records cannot be reached just now. Nothing you wrote was lost: go back and send it again.</p></div>"#
    );
    private_page(StatusCode::SERVICE_UNAVAILABLE, "Please try again", &main)
}

/// The signed-in student with a verified email, or the answer for anyone else.
pub async fn student(
    state: &AppState,
    headers: &HeaderMap,
    here: &str,
) -> Result<Account, Response> {
    let sign_in = || Redirect::to(&login_path(here)).into_response();
    let Some(token) = state.cookies.read(headers) else {
        return Err(sign_in());
    };
    let session = match current_session(&state.store, &token).await {
        Ok(Some(session)) => session,
        Ok(None) => return Err(sign_in()),
        Err(error) => return Err(unavailable(&error)),
    };
    match must_set_up(&state.store, &session).await {
        // Staff who have not set up their second step finish that first, as everywhere.
        Ok(true) => return Err(sign_in()),
        Ok(false) => {}
        Err(error) => return Err(unavailable(&error)),
    }
    if session.account.email_verified_at.is_none() {
        return Err(private_page(
            StatusCode::FORBIDDEN,
            "Verify your email first",
            &pages::verify_first_page(),
        ));
    }
    Ok(session.account)
}

/// Whether `number` is written as the college numbers grievances (`GRV-2026-0042`).
pub fn is_number(number: &str) -> bool {
    let mut parts = number.split('-');
    parts.next() == Some("GRV")
        && parts
            .next()
            .is_some_and(|year| year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()))
        && parts.next().is_some_and(|place| {
            (4..=9).contains(&place.len()) && place.bytes().all(|b| b.is_ascii_digit())
        })
        && parts.next().is_none()
}

/// The student's own grievance numbered `number`; anyone else's, or none, is the 404 page.
pub async fn own_grievance(
    state: &AppState,
    account: &Account,
    number: &str,
    headers: &HeaderMap,
) -> Result<Grievance, Response> {
    if !is_number(number) {
        return Err(assets::not_found(headers));
    }
    match state.store.grievance(number).await {
        // Another student's grievance is, to this one, no grievance at all.
        Ok(Some(grievance)) if grievance.account_id.as_deref() == Some(account.id.as_str()) => {
            Ok(grievance)
        }
        Ok(_) => Err(assets::not_found(headers)),
        Err(error) => Err(unavailable(&error)),
    }
}

/// The student's page of `grievance`, saying `said` first.
pub async fn show(
    state: &AppState,
    grievance: &Grievance,
    said: Said,
    status: StatusCode,
) -> Response {
    let entries = match state.store.grievance_entries(grievance.id, false).await {
        Ok(entries) => entries,
        Err(error) => return unavailable(&error),
    };
    // Who to appeal to, once there is a decision to appeal.
    let ombudsperson = if grievance.status == "decided" {
        match live_text(&state.store, "grievance-redressal", "ombudsperson").await {
            Ok(text) => text,
            Err(error) => return unavailable(&error),
        }
    } else {
        None
    };
    let files = match state.store.grievance_files(grievance.id).await {
        Ok(files) => files,
        Err(error) => return unavailable(&error),
    };
    let reading = Reading {
        now: now_millis(),
        ombudsperson: ombudsperson.as_deref(),
        max_file_bytes: state.config.uploads.max_file_bytes,
    };
    let main = pages::grievance_page(grievance, (&entries, &files), said, reading);
    let title = format!("Grievance {}", grievance.number);
    private_page(status, &title, &main)
}
