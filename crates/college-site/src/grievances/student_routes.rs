//! The student's side, as plain pages with native forms (they work with JavaScript off):
//! `GET /grievances/new` (the process, then the form), `POST /grievances` (files it: stored
//! with its mails in one transaction, then the student is sent to it), `GET /grievances` (their
//! own) and `GET /grievances/<number>` (one of their own; anyone else's is the 404 page). A
//! signed-out visitor is sent to sign in and brought back; an unverified email is asked for
//! first, since the college must be able to write.

use axum::{
    Router,
    extract::{Path, RawQuery, Request, State},
    http::{HeaderMap, StatusCode, Uri},
    response::{IntoResponse, Redirect, Response},
    routing::get,
};

use super::clock::{Holidays, day_of, filing_dues};
use super::domain::{
    FilingField, FilingForm, FilingProblem, MAX_OPEN_PER_ACCOUNT, MAX_PER_DAY_PER_ACCOUNT,
    ValidFiling,
};
use super::page_parts::Said;
use super::pages;
use super::paths::{GRIEVANCES_PATH, NEW_GRIEVANCE_PATH, grievance_path};
use super::student_access::{own_grievance, private_page, show, student, unavailable};
use super::{attachments, committee_mails, form, mails};
use crate::accounts::greeting::{mail_to, name_to_greet};
use crate::dates::college_midnight;
use crate::http::{client_ip::ClientIp, state::AppState};
use crate::rate_limit::ClientNet;
use crate::store::{
    Account, DailyAllowance, GrievanceFiled, NewGrievance, NewGrievanceFile, StoreError, now_millis,
};
use crate::web::security::is_same_origin;

/// Grievances filed from one address in a day: a computer lab's students share one.
const MAX_PER_DAY_PER_ADDRESS: i64 = 30;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(GRIEVANCES_PATH, get(list))
        .route("/grievances/{number}", get(one))
}

/// The routes whose posts carry files: their body limit is larger.
pub fn file_router() -> Router<AppState> {
    Router::new()
        .route(NEW_GRIEVANCE_PATH, get(new_form).post(file))
        .route(
            "/grievances/{number}/files/{file}",
            get(super::file_download::student_download),
        )
}

async fn new_form(State(state): State<AppState>, headers: HeaderMap) -> Response {
    if let Err(answer) = student(&state, &headers, NEW_GRIEVANCE_PATH).await {
        return answer;
    }
    let max_file_bytes = state.config.uploads.max_file_bytes;
    let main = form::filing_page(&FilingForm::default(), &[], max_file_bytes);
    private_page(StatusCode::OK, "File a grievance", &main)
}

async fn list(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let account = match student(&state, &headers, GRIEVANCES_PATH).await {
        Ok(account) => account,
        Err(answer) => return answer,
    };
    match state.store.grievances_of(&account.id).await {
        Ok(grievances) => private_page(
            StatusCode::OK,
            "My grievances",
            &pages::list_page(&grievances),
        ),
        Err(error) => unavailable(&error),
    }
}

async fn one(
    State(state): State<AppState>,
    Path(number): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let account = match student(&state, &headers, uri.path()).await {
        Ok(account) => account,
        Err(answer) => return answer,
    };
    let grievance = match own_grievance(&state, &account, &number, &headers).await {
        Ok(grievance) => grievance,
        Err(answer) => return answer,
    };
    let said = match query.as_deref() {
        Some("filed") => Said::Filed,
        Some("replied") => Said::Replied,
        Some("appealed") => Said::Appealed,
        _ => Said::Nothing,
    };
    show(&state, &grievance, said, StatusCode::OK).await
}

/// The form again, with the student's text and what to fix.
fn refused(
    state: &AppState,
    status: StatusCode,
    form: &FilingForm,
    problems: &[FilingProblem],
) -> Response {
    let main = form::filing_page(form, problems, state.config.uploads.max_file_bytes);
    private_page(status, "Error: File a grievance", &main)
}

fn whole_form_problem(message: &str) -> Vec<FilingProblem> {
    vec![FilingProblem {
        field: None,
        message: message.to_owned(),
    }]
}

/// Files a grievance from the form's post (`POST /grievances/new`): its text and files are
/// checked, then it is stored with its mails, and the student is sent to it.
async fn file(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    request: Request,
) -> Response {
    if !is_same_origin(&headers, state.config.public_origin.as_deref()) {
        tracing::info!("refused a cross-site grievance");
        return private_page(
            StatusCode::FORBIDDEN,
            "Forbidden",
            &crate::web::html::html!(
                r#"<div class="section container"><h1>Forbidden</h1><p>A grievance can only be filed from the college website itself.</p></div>"#
            ),
        );
    }
    // Signed in before the body is read: a stranger's post is never held in memory.
    let account = match student(&state, &headers, NEW_GRIEVANCE_PATH).await {
        Ok(account) => account,
        Err(answer) => return answer,
    };
    let posted = attachments::read_post(request, state.config.uploads.max_file_bytes).await;
    let form = FilingForm {
        category: posted.text("category"),
        happened: posted.text("happened"),
        asked_for: posted.text("askedFor"),
        share_name: posted.text("shareName"),
    };
    let valid = match (form.validate(), posted.problem) {
        (Ok(valid), None) => valid,
        (checked, files_problem) => {
            let mut problems = checked.err().unwrap_or_default();
            let files_problem = files_problem.or_else(|| {
                (!posted.files.is_empty()).then(|| {
                    "Your files were not kept while the form has problems: choose them again."
                        .to_owned()
                })
            });
            problems.extend(files_problem.map(|message| FilingProblem {
                field: Some(FilingField::Files),
                message,
            }));
            return refused(&state, StatusCode::UNPROCESSABLE_ENTITY, &form, &problems);
        }
    };
    let files = match attachments::checked(posted.files).await {
        Ok(files) => files,
        Err(message) => {
            let problem = FilingProblem {
                field: Some(FilingField::Files),
                message,
            };
            return refused(&state, StatusCode::UNPROCESSABLE_ENTITY, &form, &[problem]);
        }
    };
    match store_filing(&state, &account, valid, files, ClientNet::from(ip)).await {
        Ok(GrievanceFiled::Filed(number)) => {
            state.outbox.mail_added();
            let to = format!("{}?filed", grievance_path(&number));
            Redirect::to(&to).into_response()
        }
        Ok(GrievanceFiled::TooManyOpen) => refused(
            &state,
            StatusCode::UNPROCESSABLE_ENTITY,
            &form,
            &whole_form_problem(&format!(
                "You have {MAX_OPEN_PER_ACCOUNT} grievances open, the most at once. Add to one of them under My grievances, or file this one once the college has decided one."
            )),
        ),
        Ok(GrievanceFiled::TooManyToday) => refused(
            &state,
            StatusCode::TOO_MANY_REQUESTS,
            &form,
            &whole_form_problem(&format!(
                "You have filed {MAX_PER_DAY_PER_ACCOUNT} grievances today, the most in a day. Your text is kept below: file it tomorrow, or add it to one you filed."
            )),
        ),
        Ok(GrievanceFiled::TooManyFromAddress) => refused(
            &state,
            StatusCode::TOO_MANY_REQUESTS,
            &form,
            &whole_form_problem(
                "Too many grievances were filed from your network today. Your text is kept below: file it tomorrow, or from another network.",
            ),
        ),
        Ok(GrievanceFiled::Files(refusal)) => refused(
            &state,
            StatusCode::UNPROCESSABLE_ENTITY,
            &form,
            &[FilingProblem {
                field: Some(FilingField::Files),
                message: attachments::refusal(refusal),
            }],
        ),
        Err(error) => unavailable(&error),
    }
}

async fn store_filing(
    state: &AppState,
    account: &Account,
    valid: ValidFiling,
    files: Vec<NewGrievanceFile>,
    network: ClientNet,
) -> Result<GrievanceFiled, StoreError> {
    let now = now_millis();
    let holidays = state.store.college_holidays().await?;
    let holidays = Holidays::from_iso_days(holidays.iter().map(String::as_str));
    let (refer_by, report_by) = filing_dues(now, &holidays);
    let today = day_of(now);
    let name = name_to_greet(&state.store, account).await?;
    let grievance = NewGrievance {
        account_id: account.id.clone(),
        student_email: account.email_key.clone(),
        student_name: name.clone().unwrap_or_else(|| account.email_key.clone()),
        category: valid.category.clone(),
        happened: valid.happened,
        asked_for: valid.asked_for,
        share_name: valid.share_name,
        received_at: now,
        refer_by,
        report_by,
        year: today.0,
        client_ip: network.address().to_string(),
        files,
    };
    let origin = state.site_origin.as_deref();
    let reply_to = &state.config.contact_inbox;
    let members = committee_mails::recipients(&state.store).await?;
    let category = valid.category;
    // Written once the store has given the grievance its number.
    let mails = move |number: &str| {
        let filed = mails::Filed {
            number,
            category: &category,
            received_at: now,
            refer_by,
            report_by,
        };
        let subject = format!("Your grievance {number} is filed");
        let student = mail_to(account, name.clone(), reply_to, &subject, |_| {
            mails::acknowledgement(&filed, origin)
        });
        let mut all = vec![student];
        all.extend(members.iter().map(|member| {
            committee_mails::to_member(
                member,
                reply_to,
                &format!("Grievance {number} arrived"),
                &mails::arrived(&filed, origin),
            )
        }));
        all
    };
    let allowance = DailyAllowance {
        per_account: MAX_PER_DAY_PER_ACCOUNT,
        per_address: MAX_PER_DAY_PER_ADDRESS,
        day_start: college_midnight(today),
    };
    let bounds = attachments::bounds(state.config.uploads.budget_bytes);
    state
        .store
        .file_grievance(&grievance, MAX_OPEN_PER_ACCOUNT, allowance, bounds, &mails)
        .await
}
