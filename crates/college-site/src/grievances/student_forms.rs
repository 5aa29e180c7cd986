//! The parts of a student's grievance page that change with where it stands: the hearing, the
//! decision and the appeal (with the last day to make it, and a form to record it), and,
//! while the college is working on it, a form to add to it. Native forms, like the filing.

use super::clock::due_day;
use super::domain::is_open;
use super::hearing::hearing_words;
use super::page_parts::{Reading, Said, files_field, paragraphs};
use super::paths::grievance_path;
use crate::dates::{college_day, college_iso_day, day_words};
use crate::store::Grievance;
use crate::web::html::{Html, html};

fn said_box(said: &Said) -> Html {
    let words = match said {
        Said::Replied => "Your reply is added. The committee has been told.",
        Said::Appealed => "Your appeal is recorded.",
        _ => return Html::new(),
    };
    html!(r#"<p class="notice-box" role="status">{}</p>"#, words)
}

/// The problem with the form named `field`, if that is the one refused, and the text to keep.
fn problem_for<'a>(said: &'a Said, field: &str) -> (Html, Html, &'a str) {
    match said {
        Said::Problem {
            field: refused,
            message,
            kept,
        } if *refused == field => (
            html!(
                r#"<p id="grievance-{field}-error" class="field__error" role="alert">{message}</p>"#,
                field = field,
                message = message.as_str(),
            ),
            html!(
                r#" aria-invalid="true" aria-describedby="grievance-{}-error" autofocus"#,
                field
            ),
            kept.as_str(),
        ),
        _ => (Html::new(), Html::new(), ""),
    }
}

fn reply_form(grievance: &Grievance, said: &Said, max_file_bytes: usize) -> Html {
    let (error, attributes, _) = problem_for(said, "reply");
    // The words are kept whichever part of the reply was refused.
    let kept = match said {
        Said::Problem { kept, .. } => kept.as_str(),
        _ => "",
    };
    let files_problem = match said {
        Said::Problem { field, message, .. } if *field == "replyFiles" => Some(message.as_str()),
        _ => None,
    };
    html!(
        concat!(
            r#"<section aria-labelledby="grievance-reply-heading"><h2 id="grievance-reply-heading">Add to your grievance</h2>"#,
            r#"<form method="post" action="{path}/reply" enctype="multipart/form-data" novalidate class="grievance-form"><div class="field">"#,
            r#"<label for="grievance-reply">Something the committee should know</label>{error}"#,
            r#"<textarea id="grievance-reply" name="text" rows="5" maxlength="5000"{attributes}>{kept}</textarea></div>"#,
            "{files}",
            r#"<button type="submit" class="button">Send</button></form></section>"#,
        ),
        path = grievance_path(&grievance.number),
        error = error,
        attributes = attributes,
        kept = kept,
        files = files_field(
            "grievance-reply-files",
            "Documents (if any)",
            files_problem,
            max_file_bytes
        ),
    )
}

fn appeal_form(
    grievance: &Grievance,
    said: &Said,
    (now, ombudsperson): (i64, Option<&str>),
) -> Html {
    let Some(appeal_by) = grievance.appeal_by else {
        return Html::new();
    };
    let whom = ombudsperson.map_or_else(
        || html!(r#"Their name and how to reach them are in the <a href="/disclosure#grievance-redressal">college’s disclosure</a>."#),
        |text| html!(r#"The ombudsperson: <strong>{}</strong> (as the <a href="/disclosure#grievance-redressal">college’s disclosure</a> gives them)."#, text),
    );
    let (error, attributes, _) = problem_for(said, "appealedOn");
    html!(
        concat!(
            r#"<section aria-labelledby="grievance-appeal-heading"><h2 id="grievance-appeal-heading">Not satisfied?</h2>"#,
            "<p>You may appeal to the ombudsperson of the university the college is affiliated to until <strong>{last}</strong>. {whom}</p>",
            "<p>Once you have appealed, record it here, so that the college knows.</p>",
            r#"<form method="post" action="{path}/appeal" novalidate class="grievance-form"><div class="field">"#,
            r#"<label for="grievance-appealedOn">The day you appealed</label>{error}"#,
            r#"<input id="grievance-appealedOn" name="appealedOn" type="date" value="{today}"{attributes}></div>"#,
            r#"<button type="submit" class="button">Record my appeal</button></form></section>"#,
        ),
        last = day_words(due_day(appeal_by)),
        whom = whom,
        path = grievance_path(&grievance.number),
        error = error,
        today = college_iso_day(now),
        attributes = attributes,
    )
}

/// The hearing, the decision (with its document's links) and the appeal as they stand, then
/// the form that fits.
pub fn outcome(
    grievance: &Grievance,
    said: &Said,
    (decision_files, reading): (Html, Reading<'_>),
) -> Html {
    let Reading {
        now, ombudsperson, ..
    } = reading;
    let hearing = match (grievance.hearing_at, &grievance.hearing_place) {
        (Some(at), Some(place)) => html!(
            r#"<h2>Hearing</h2><p>The committee hears you on <strong>{}</strong>. If you cannot come, say so below as soon as you can.</p>"#,
            hearing_words(at, place)
        ),
        _ => Html::new(),
    };
    let decision = match (&grievance.decision, grievance.decided_at) {
        (Some(decision), Some(at)) => html!(
            "<h2>Decision</h2><p>Decided on {}.</p>{}{}",
            college_day(at),
            paragraphs(decision),
            decision_files
        ),
        _ => Html::new(),
    };
    let appealed = grievance.appealed_at.map_or_else(Html::new, |at| {
        html!(
            "<p>You appealed to the ombudsperson on {}.</p>",
            college_day(at)
        )
    });
    let form = if is_open(&grievance.status) {
        reply_form(grievance, said, reading.max_file_bytes)
    } else if grievance.status == "decided" && grievance.appeal_by.is_some_and(|by| now < by) {
        appeal_form(grievance, said, (now, ombudsperson))
    } else {
        Html::new()
    };
    html!(
        "{}{}{}{}{}",
        said_box(said),
        hearing,
        decision,
        appealed,
        form
    )
}
