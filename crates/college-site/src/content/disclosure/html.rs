//! `/disclosure` as HTML: every item in its order, each with the day it last changed, its text,
//! its committee's members and how to reach them, and its documents; an item never published
//! says so. The fee structure also lists each course's fee from the course's own page, so the
//! two cannot differ. Every text goes in through [`html!`], escaped, and the Markdown is made
//! safe by [`markdown::to_safe_html_from`].

use super::committees::Roster;
use super::service::Entry;
use crate::content::courses::{
    fields::{fee_per_year, text},
    html::course_path,
    money::rupees,
    service::LiveCourse,
};
use crate::content::items::fields::{Field, FieldKind, Fields, links, members, phone_digits};
use crate::content::render::markdown;
use crate::{
    dates,
    grievances::NEW_GRIEVANCE_PATH,
    web::html::{Html, html},
};
use pulldown_cmark::HeadingLevel;

/// What search engines and shared links say of the page.
pub const DESCRIPTION: &str = "What the UGC asks the college to publish: fees, the refund policy, the prospectus, the academic calendar, scholarships and the committees, with whom to reach.";

/// The page's main part; `roster` names the committees' members who are the college's people,
/// and `grievances` is the table of grievances filed online, for the grievance item.
pub fn page(entries: &[Entry], courses: &[LiveCourse], roster: &Roster, grievances: &Html) -> Html {
    let contents: Html = entries
        .iter()
        .map(|entry| {
            html!(
                r##"<li><a href="#{}">{}</a></li>"##,
                entry.schema.slug,
                entry.schema.name
            )
        })
        .collect();
    let items: Html = entries
        .iter()
        .map(|entry| item(entry, courses, roster, grievances))
        .collect();
    html!(
        concat!(
            r#"<article class="section container disclosure" aria-labelledby="disclosure-heading">"#,
            r#"<h1 id="disclosure-heading">Mandatory disclosure</h1>"#,
            r#"<p class="lead">What the University Grants Commission asks every college to publish, kept up to date by the college office. Each item says when it last changed.</p>"#,
            r#"<nav class="disclosure__contents" aria-labelledby="disclosure-contents"><h2 id="disclosure-contents">Contents</h2><ol>{contents}</ol></nav>"#,
            r#"{items}</article>"#,
        ),
        contents = contents,
        items = items,
    )
}

fn item(entry: &Entry, courses: &[LiveCourse], roster: &Roster, grievances: &Html) -> Html {
    let slug = entry.schema.slug;
    let updated = match (&entry.fields, entry.live_since) {
        (None, _) => Html::new(),
        // Only in an editor's preview.
        (Some(_), since) if entry.draft => html!(
            r#"<p class="disclosure__updated">{}: this is the newest version, dated when it is published.</p>"#,
            if since.is_some() {
                "Changes not published yet"
            } else {
                "Not published yet"
            }
        ),
        (Some(_), Some(since)) => updated(since),
        (Some(_), None) => Html::new(),
    };
    let body = match &entry.fields {
        Some(fields) => entry
            .schema
            .fields
            .iter()
            .map(|field| field_html(field, fields, roster, entry.live_since))
            .collect(),
        None => html!(concat!(
            r#"<p class="disclosure__missing">Not published yet. "#,
            r#"The college office can tell you meanwhile: <a href="/contact">write to us or call</a>.</p>"#,
        )),
    };
    let extra = match slug {
        "fee-structure" => course_fees(courses),
        // Filing is open whether or not the office has written the item yet.
        "grievance-redressal" => html!(
            r#"<p class="disclosure__action"><a class="button" href="{}">File a grievance online</a> Only you and the committee read it; you get its number at once, and follow it to the decision.</p>{}"#,
            NEW_GRIEVANCE_PATH,
            grievances.clone()
        ),
        _ => Html::new(),
    };
    html!(
        concat!(
            r#"<section id="{slug}" class="disclosure__item" aria-labelledby="{slug}-heading">"#,
            r#"<h2 id="{slug}-heading">{name}</h2>{updated}{body}{extra}</section>"#,
        ),
        slug = slug,
        name = entry.schema.name,
        updated = updated,
        extra = extra,
        body = body,
    )
}

fn updated(since: i64) -> Html {
    dated("Last updated", since)
}

fn dated(words: &str, at: i64) -> Html {
    html!(
        r#"<p class="disclosure__updated">{} <time datetime="{}">{}</time></p>"#,
        words,
        dates::college_iso_day(at),
        dates::college_day(at),
    )
}

/// A committee's members, and the day they last changed.
fn members_html(value: &str, roster: &Roster, since: Option<i64>) -> Html {
    let changed = roster
        .members_changed(value, since)
        .map_or_else(Html::new, |at| dated("Members last changed", at));
    html!(
        "<h3>Members</h3>{}{}",
        members::list(value, &|slug| roster.resolve(slug)),
        changed
    )
}

fn field_html(field: &Field, fields: &Fields, roster: &Roster, since: Option<i64>) -> Html {
    let value = fields
        .get(field.key)
        .and_then(|value| value.as_str())
        .unwrap_or_default();
    if value.is_empty() {
        return Html::new();
    }
    match field.kind {
        // Under the item's own heading (`h2`) and beside its parts' (`h3`).
        FieldKind::Text => markdown::to_safe_html_from(value, HeadingLevel::H3),
        FieldKind::Members => members_html(value, roster, since),
        FieldKind::Links | FieldKind::Documents => html!(
            r#"<h3>Documents</h3><ul class="disclosure__documents">{}</ul>"#,
            links::list_items(value)
        ),
        FieldKind::Phone => html!(
            r#"<p><strong>Helpline:</strong> <a href="tel:{}">{}</a></p>"#,
            phone_digits(value),
            value
        ),
        FieldKind::Email => html!(
            r#"<p>Write to the committee: <a href="mailto:{email}">{email}</a></p>"#,
            email = value
        ),
        FieldKind::Paragraph if field.key == "ombudsperson" => {
            html!("<h3>Ombudsperson</h3><p>{}</p>", value)
        }
        _ => html!("<p>{}</p>", value),
    }
}

/// Each course's fee per year, as its page says it.
fn course_fees(courses: &[LiveCourse]) -> Html {
    let items: Html = courses
        .iter()
        .filter_map(|course| {
            let fee = fee_per_year(&course.fields)?;
            Some(html!(
                r#"<li><a href="{}">{}</a>: {} a year. {}</li>"#,
                course_path(&course.slug),
                text(&course.fields, "name"),
                rupees(fee),
                text(&course.fields, "feeIncludes"),
            ))
        })
        .collect();
    if items.is_empty() {
        return Html::new();
    }
    html!(
        concat!(
            r#"<h3>Fee per year, by course</h3>"#,
            r#"<p>As each course's page gives it today.</p><ul class="disclosure__fees">{items}</ul>"#,
        ),
        items = items
    )
}
