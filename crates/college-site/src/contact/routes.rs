//! `POST /contact`: the native form post of the contact page.

use std::time::Duration;

use axum::{
    Form,
    extract::{State, rejection::FormRejection},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
};

use super::{
    form::{ContactForm, Problem},
    page, service,
};
use crate::{
    content,
    http::{client_ip::ClientIp, state::AppState},
    rate_limit::retry_after_secs,
    web::security::is_same_origin,
};

pub const THANKS_PATH: &str = "/contact/thanks";

/// What a visitor who sent several forms in a short time reads, ending with what to do `then`,
/// and the seconds to wait. One allowance per address serves the contact and enquiry forms.
pub fn too_soon(wait: Duration, then: &str) -> (String, u64) {
    let seconds = retry_after_secs(wait);
    let message = format!(
        "You have sent several messages in a short time. Please wait {seconds} seconds, then {then}."
    );
    (message, seconds)
}

/// `response`, telling the browser when to try again.
pub fn retry_after(mut response: Response, seconds: u64) -> Response {
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

#[tracing::instrument(name = "contact", skip_all, fields(ip = %client))]
pub async fn post_contact(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    form: Result<Form<ContactForm>, FormRejection>,
) -> Response {
    if let Some(refused) = from_another_site(&state, &headers) {
        return refused;
    }
    let form = match form {
        Ok(Form(form)) => form,
        // Wrong content type (415), too large (413) or undecodable (400/422): axum's answer
        // already names the problem.
        Err(rejection) => return rejection.into_response(),
    };
    if form.is_bot() {
        // Answered as if accepted, so the bot learns nothing; nothing is stored.
        tracing::info!("honeypot filled in; message dropped");
        return Redirect::to(THANKS_PATH).into_response();
    }
    let contact = match form.validate() {
        Ok(contact) => contact,
        Err(problems) => {
            return invalid_page(&state, StatusCode::UNPROCESSABLE_ENTITY, &form, &problems).await;
        }
    };
    if let Err(wait) = state.contact_limiter.check(&client.into()) {
        let (message, seconds) = too_soon(wait, "press Send again");
        let problem = Problem {
            field: None,
            message,
        };
        let response = invalid_page(&state, StatusCode::TOO_MANY_REQUESTS, &form, &[problem]).await;
        return retry_after(response, seconds);
    }
    match service::accept_message(
        &state.store,
        &state.config.contact_inbox,
        contact,
        Some(client.to_string()),
    )
    .await
    {
        Ok(id) => {
            tracing::info!(contact_id = id, "contact message stored");
            state.outbox.mail_added();
            Redirect::to(THANKS_PATH).into_response()
        }
        Err(error) => {
            tracing::error!(error = %crate::error_chain::Chain(&error), "cannot store a contact message");
            let problem = Problem {
                field: None,
                message: "Your message could not be saved just now. Please try again in a minute; what you wrote is still here.".into(),
            };
            invalid_page(&state, StatusCode::SERVICE_UNAVAILABLE, &form, &[problem]).await
        }
    }
}

/// The answer to a form posted from another site (the contact form, a course's enquiry form),
/// or none when the post comes from the college's own pages.
pub(super) fn from_another_site(state: &AppState, headers: &HeaderMap) -> Option<Response> {
    if is_same_origin(headers, state.config.public_origin.as_deref()) {
        return None;
    }
    tracing::info!("refused a cross-site post");
    Some(
        (
            StatusCode::FORBIDDEN,
            Html("<!doctype html><title>Forbidden</title><p>This form can only be sent from the college website itself.</p>"),
        )
            .into_response(),
    )
}

async fn invalid_page(
    state: &AppState,
    status: StatusCode,
    form: &ContactForm,
    problems: &[Problem],
) -> Response {
    // With the office's text, as the page itself has it.
    let text = content::pages::service::live_text(&state.store, "contact").await;
    (
        status,
        [(header::CACHE_CONTROL, "no-store")],
        Html(page::render_invalid(form, problems, text.as_ref())),
    )
        .into_response()
}
