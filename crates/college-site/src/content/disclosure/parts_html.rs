//! The parts of a disclosure item as visitors read them: the days it was published and
//! reviewed, and each of its fields by kind (text, members, a telephone directory, an address,
//! documents by year, a helpline), with the courses' fees under the fee structure. Every text
//! goes in through [`html!`], escaped, and the Markdown is made safe by
//! [`markdown::to_safe_html_from`].

use super::committees::Roster;
use super::documents_html::{documents_html, today};
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
    web::html::{Html, html},
};
use pulldown_cmark::HeadingLevel;

/// The day the item was last published and, when an editor has checked it since without a
/// change, the day they did: what a visitor weighs an item's age by.
pub(super) fn updated(since: i64, reviewed_at: Option<i64>) -> Html {
    match reviewed_at.filter(|&reviewed| reviewed > since) {
        Some(reviewed) => html!(
            r#"<p class="disclosure__updated">Last updated <time datetime="{}">{}</time>; reviewed <time datetime="{}">{}</time></p>"#,
            dates::college_iso_day(since),
            dates::college_day(since),
            dates::college_iso_day(reviewed),
            dates::college_day(reviewed),
        ),
        None => dated("Last updated", since),
    }
}

fn dated(words: &str, at: i64) -> Html {
    html!(
        r#"<p class="disclosure__updated">{} <time datetime="{}">{}</time></p>"#,
        words,
        dates::college_iso_day(at),
        dates::college_day(at),
    )
}

/// A committee's members under a heading of `level`, and the day they last changed.
fn members_html(value: &str, roster: &Roster, since: Option<i64>, level: u8) -> Html {
    let changed = roster
        .members_changed(value, since)
        .map_or_else(Html::new, |at| dated("Members last changed", at));
    html!(
        "<h{level}>Members</h{level}>{list}{changed}",
        level = level,
        list = members::list(value, &|slug| roster.resolve(slug)),
        changed = changed
    )
}

/// A field of an item, its headings at `level`.
pub(super) fn field_html(
    field: &Field,
    fields: &Fields,
    (roster, since): (&Roster, Option<i64>),
    level: u8,
) -> Html {
    let value = fields
        .get(field.key)
        .and_then(|value| value.as_str())
        .unwrap_or_default();
    if value.is_empty() {
        return Html::new();
    }
    match field.kind {
        // Under the item's own heading and beside its parts'.
        FieldKind::Text => markdown::to_safe_html_from(value, heading_level(level)),
        FieldKind::Members if field.key == "directory" => {
            members::directory(value, &|slug| roster.resolve(slug))
        }
        FieldKind::Members => members_html(value, roster, since, level),
        FieldKind::Lines => {
            let lines: Html = value
                .lines()
                .enumerate()
                .map(|(at, line)| match at {
                    0 => html!("{}", line),
                    _ => html!("<br>{}", line),
                })
                .collect();
            html!(r#"<p class="disclosure__address">{}</p>"#, lines)
        }
        // Drawn with the location's map and links (`location_html`).
        FieldKind::Photo | FieldKind::Coordinates => Html::new(),
        FieldKind::Paragraph if field.key == "mapDescription" => Html::new(),
        FieldKind::Links => html!(
            r#"<h{level}>Links</h{level}><ul class="disclosure__documents">{items}</ul>"#,
            level = level,
            items = links::list_items(value)
        ),
        FieldKind::Documents => documents_html(value, today(), level),
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
            html!(
                "<h{level}>Ombudsperson</h{level}><p>{value}</p>",
                level = level,
                value = value
            )
        }
        _ => html!("<p>{}</p>", value),
    }
}

/// The Markdown heading level of `level`.
fn heading_level(level: u8) -> HeadingLevel {
    match level {
        ..=2 => HeadingLevel::H2,
        3 => HeadingLevel::H3,
        _ => HeadingLevel::H4,
    }
}

/// Each course's fee per year, as its page says it, under a heading of `level`.
pub(super) fn course_fees(courses: &[LiveCourse], level: u8) -> Html {
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
            r#"<h{level}>Fee per year, by course</h{level}>"#,
            r#"<p>As each course's page gives it today.</p><ul class="disclosure__fees">{items}</ul>"#,
        ),
        level = level,
        items = items
    )
}
