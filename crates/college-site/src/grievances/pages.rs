//! The student's own pages: `/grievances` (what they filed, with where each stands) and
//! `/grievances/<number>` (one grievance: its clock, its text and what has happened since).
//! Nothing here is public: each page is rendered for its student and never kept.

use super::clock::due_day;
use super::domain::{HARASSMENT, category_words, is_open, status_words};
use super::page_parts::{Reading, Said, file_links, paragraphs};
use super::paths::{GRIEVANCES_PATH, NEW_GRIEVANCE_PATH, grievance_path};
use crate::dates::{college_date_time, college_day, day_words};
use crate::store::{Grievance, GrievanceEntry, GrievanceFileRow};
use crate::web::html::{Html, html};

/// What the college must do next, and by when, in the student's words.
fn next_due(grievance: &Grievance) -> Html {
    match grievance.status.as_str() {
        "received" => html!(
            "Referred to the committee by {}",
            day_words(due_day(grievance.refer_by))
        ),
        "referred" | "hearing" => html!("Decided by {}", day_words(due_day(grievance.report_by))),
        "decided" => grievance.appeal_by.map_or_else(Html::new, |appeal_by| {
            html!("You may appeal until {}", day_words(due_day(appeal_by)))
        }),
        _ => Html::new(),
    }
}

pub fn list_page(grievances: &[Grievance]) -> Html {
    let rows: Html = grievances
        .iter()
        .map(|grievance| {
            html!(
                r#"<tr><th scope="row"><a href="{path}">{number}</a></th><td>{category}</td><td>{filed}</td><td>{status}</td><td>{due}</td></tr>"#,
                path = grievance_path(&grievance.number),
                number = grievance.number.as_str(),
                category = category_words(&grievance.category),
                filed = college_day(grievance.received_at),
                status = status_words(&grievance.status),
                due = next_due(grievance),
            )
        })
        .collect();
    let list = if grievances.is_empty() {
        html!("<p>You have not filed a grievance.</p>")
    } else {
        html!(
            r#"<div class="table-scroll" tabindex="0" role="region" aria-label="Your grievances"><table class="grievance-table"><thead><tr><th scope="col">Number</th><th scope="col">About</th><th scope="col">Filed on</th><th scope="col">Status</th><th scope="col">Next</th></tr></thead><tbody>{}</tbody></table></div>"#,
            rows
        )
    };
    html!(
        r#"<div class="section container grievance"><h1>My grievances</h1><p class="lead">Only you and the college’s grievance committee can read these.</p><p><a class="button" href="{new}">File a grievance</a></p>{list}</div>"#,
        new = NEW_GRIEVANCE_PATH,
        list = list,
    )
}

fn entry(number: &str, entry: &GrievanceEntry, files: &[GrievanceFileRow]) -> Html {
    let (who, what) = match entry.kind.as_str() {
        "status" => (
            "The college".to_owned(),
            html!("<p>Status: {}</p>", status_words(&entry.body)),
        ),
        "student" => ("You".to_owned(), paragraphs(&entry.body)),
        _ => (
            format!("{} for the committee", entry.author_name),
            paragraphs(&entry.body),
        ),
    };
    html!(
        r#"<li><p class="grievance-entry__meta">{who}, {at}</p>{what}{files}</li>"#,
        who = who,
        at = college_date_time(entry.at),
        what = what,
        files = file_links(number, entry.id, files),
    )
}

/// One grievance as its student reads it, with its entries and their files; `said` is what
/// the page says first (just filed, a reply added, or what is wrong with a reply or an appeal
/// just sent).
pub fn grievance_page(
    grievance: &Grievance,
    (entries, files): (&[GrievanceEntry], &[GrievanceFileRow]),
    said: Said,
    reading: Reading<'_>,
) -> Html {
    let just_filed = said == Said::Filed;
    let acknowledgement = if just_filed {
        html!(
            r#"<div class="notice-box" role="status"><h2>Your grievance is filed</h2><p>Its number is <strong>{}</strong>. We have sent it to you by email as well. Keep the number: it is how the college refers to your grievance.</p></div>"#,
            grievance.number.as_str()
        )
    } else {
        Html::new()
    };
    let harassment = if grievance.category == HARASSMENT {
        html!(
            r#"<p class="notice-box">A complaint of sexual harassment may also go to the college’s internal complaints committee, whose members and contact are listed in the <a href="/disclosure#internal-complaints">mandatory disclosure</a>.</p>"#
        )
    } else {
        Html::new()
    };
    let clock = if is_open(&grievance.status) {
        html!(
            "<dt>Referred to the committee by</dt><dd>{}</dd><dt>Decided by</dt><dd>{} at the latest</dd>",
            day_words(due_day(grievance.refer_by)),
            day_words(due_day(grievance.report_by)),
        )
    } else {
        Html::new()
    };
    let number = grievance.number.as_str();
    let history: Html = entries
        .iter()
        .map(|one| entry(number, one, files))
        .collect();
    // The decision's document comes with the entry that records the decision.
    let decision_files = entries
        .iter()
        .rev()
        .find(|one| one.kind == "status" && one.body == "decided")
        .map_or_else(Html::new, |decided| file_links(number, decided.id, files));
    let outcome = super::student_forms::outcome(grievance, &said, (decision_files, reading));
    html!(
        concat!(
            r#"<div class="section container grievance"><p><a href="{list}">My grievances</a></p>"#,
            "<h1>Grievance {number}</h1>{acknowledgement}{harassment}",
            r#"<dl class="grievance-facts"><dt>About</dt><dd>{category}</dd><dt>Status</dt><dd>{status}</dd><dt>Filed on</dt><dd>{filed}</dd>{clock}"#,
            "<dt>The department may see your name</dt><dd>{share}</dd></dl>",
            "<h2>What happened</h2>{happened}<h2>What you asked for</h2>{asked}",
            r#"{outcome}<h2>What has happened since</h2><ol class="grievance-history">{history}</ol></div>"#,
        ),
        list = GRIEVANCES_PATH,
        number = grievance.number.as_str(),
        acknowledgement = acknowledgement,
        harassment = harassment,
        category = category_words(&grievance.category),
        status = status_words(&grievance.status),
        filed = college_date_time(grievance.received_at),
        clock = clock,
        share = if grievance.share_name { "Yes" } else { "No" },
        happened = paragraphs(&grievance.happened),
        asked = paragraphs(&grievance.asked_for),
        outcome = outcome,
        history = history,
    )
}

/// For a student whose email is not yet verified: the college must be able to write to them.
pub fn verify_first_page() -> Html {
    html!(
        r#"<div class="section container grievance"><h1>Verify your email first</h1><p>The college writes to you about your grievance: its number, the hearing and the decision. Open the link we sent when you registered, or send a new one from <a href="/account">your account</a>, then come back to this page.</p></div>"#
    )
}
