//! `POST /courses/<slug>/enquiry`: the native form post of a course's enquiry form, and
//! `/courses/<slug>/enquiry-sent`, what the visitor reads once it is stored. Treated as the
//! contact form is: only from the site's own pages, bots answered as if accepted, the per-IP
//! limit, stored with its mail in one transaction, and a refused post answered with the course's
//! page, the visitor's text kept and each problem named.

use axum::{
    Form, Router,
    extract::{Path, State, rejection::FormRejection},
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
};
use lettre::message::Mailbox;

use super::enquiry::{EnquiryForm, ValidEnquiry};
use super::routes::{from_another_site, retry_after, too_soon};
use crate::{
    content::courses::{
        enquiry_form::{EnquiryProblem, EnquiryValues},
        fields::text,
        page as course_page,
        service::{self as courses, LiveCourse},
    },
    content::publishing::rules::is_slug,
    content::render::blocking::off_the_request_thread,
    error_chain::Chain,
    http::{client_ip::ClientIp, state::AppState},
    store::{NewEnquiry, NewMail, now_millis},
    web::{assets, html},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/courses/{slug}/enquiry", post(post_enquiry))
        .route("/courses/{slug}/enquiry-sent", get(sent))
}

fn sent_path(slug: &str) -> String {
    format!("/courses/{slug}/enquiry-sent")
}

#[tracing::instrument(name = "enquiry", skip_all, fields(ip = %client))]
async fn post_enquiry(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(slug): Path<String>,
    headers: HeaderMap,
    form: Result<Form<EnquiryForm>, FormRejection>,
) -> Response {
    if let Some(refused) = from_another_site(&state, &headers) {
        return refused;
    }
    let course = match live_course(&state, &slug).await {
        Ok(Some(course)) => course,
        Ok(None) => return assets::not_found(&headers),
        Err(response) => return response,
    };
    let form = match form {
        Ok(Form(form)) => form,
        Err(rejection) => return rejection.into_response(),
    };
    if form.is_bot() {
        tracing::info!("honeypot filled in; enquiry dropped");
        return Redirect::to(&sent_path(&slug)).into_response();
    }
    let enquiry = match form.validate() {
        Ok(enquiry) => enquiry,
        Err(problems) => {
            return refused(
                &state,
                StatusCode::UNPROCESSABLE_ENTITY,
                &course,
                form.values(),
                problems,
            )
            .await;
        }
    };
    if let Err(wait) = state.contact_limiter.check(&client.into()) {
        let (message, seconds) = too_soon(wait, "send the enquiry again");
        let problem = EnquiryProblem {
            field: None,
            message,
        };
        let response = refused(
            &state,
            StatusCode::TOO_MANY_REQUESTS,
            &course,
            form.values(),
            vec![problem],
        )
        .await;
        return retry_after(response, seconds);
    }
    let code = text(&course.fields, "code").to_owned();
    let (stored, mail) = stored_enquiry(&state, &course, &code, enquiry, client.to_string());
    match state.store.save_enquiry(&stored, &mail).await {
        Ok(id) => {
            tracing::info!(contact_id = id, course = %slug, "enquiry stored");
            state.outbox.mail_added();
            Redirect::to(&sent_path(&slug)).into_response()
        }
        Err(error) => {
            tracing::error!(error = %Chain(&error), "cannot store an enquiry");
            let problem = EnquiryProblem {
                field: None,
                message: "Your enquiry could not be saved just now. Please try again in a minute; what you wrote is still here.".into(),
            };
            refused(
                &state,
                StatusCode::SERVICE_UNAVAILABLE,
                &course,
                form.values(),
                vec![problem],
            )
            .await
        }
    }
}

/// The course visitors can enquire about, or the answer to give instead.
async fn live_course(state: &AppState, slug: &str) -> Result<Option<LiveCourse>, Response> {
    if !is_slug(slug) {
        return Ok(None);
    }
    courses::live_course(&state.store, slug).await.map_err(|error| {
        tracing::error!(error = %Chain(&error), "cannot read the course");
        (
            StatusCode::SERVICE_UNAVAILABLE,
            [("retry-after", "5")],
            "The enquiry cannot be taken just now. Please try again in a moment; or call the college.",
        )
            .into_response()
    })
}

/// The enquiry to store, and the mail that tells the college of it (the visitor in Reply-To
/// when they gave an email).
fn stored_enquiry(
    state: &AppState,
    course: &LiveCourse,
    code: &str,
    enquiry: ValidEnquiry,
    client_ip: String,
) -> (NewEnquiry, NewMail) {
    let inbox = &state.config.contact_inbox;
    let reply_to = enquiry.email.as_ref().map_or_else(
        || inbox.to_string(),
        |email| Mailbox::new(Some(enquiry.name.clone()), email.clone()).to_string(),
    );
    let subject = format!("Enquiry about {code}");
    let how = [
        enquiry.phone.as_deref(),
        enquiry.email.as_ref().map(|e| e.as_ref()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" or ");
    let mail = NewMail {
        recipient: inbox.to_string(),
        reply_to,
        subject: format!("Website enquiry: {code}"),
        body: format!(
            "{name} asked about {course} through the website.\n\n\
             Reach them at: {how}\nBest time to call: {call}\nStudies now: {study}\n\n{message}\n",
            name = enquiry.name,
            course = text(&course.fields, "name"),
            call = enquiry.call_time,
            study = enquiry.current_study,
            message = enquiry.message,
        ),
    };
    let stored = NewEnquiry {
        name: enquiry.name,
        email: enquiry
            .email
            .map(|email| email.to_string())
            .unwrap_or_default(),
        phone: enquiry.phone,
        course: course.slug.clone(),
        subject,
        current_study: enquiry.current_study,
        call_time: enquiry.call_time,
        message: enquiry.message,
        client_ip: Some(client_ip),
        created_at: now_millis(),
    };
    (stored, mail)
}

/// The course's page again with the visitor's text and what is wrong with it; never cached.
/// Rendered off the request thread: refused posts come as fast as anyone sends them.
async fn refused(
    state: &AppState,
    status: StatusCode,
    course: &LiveCourse,
    values: EnquiryValues,
    problems: Vec<EnquiryProblem>,
) -> Response {
    let (course, origin) = (course.clone(), state.site_origin.clone());
    let page = off_the_request_thread(move || {
        course_page::whole_page(
            &course,
            origin.as_deref(),
            &html::Html::new(),
            &values,
            &problems,
        )
    })
    .await;
    match page {
        Some(page) => (status, [(header::CACHE_CONTROL, "no-store")], Html(page)).into_response(),
        None => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

async fn sent(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    headers: HeaderMap,
) -> Response {
    let course = match live_course(&state, &slug).await {
        Ok(Some(course)) => course,
        Ok(None) => return assets::not_found(&headers),
        Err(response) => return response,
    };
    (
        [(header::CACHE_CONTROL, "no-store")],
        Html(course_page::enquiry_sent(&course)),
    )
        .into_response()
}
