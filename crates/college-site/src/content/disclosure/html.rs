//! `/disclosure` as HTML, in its ten sections, and each item on its own page
//! (`/disclosure/<slug>`): each with the day it last changed, its text,
//! its committee's members and how to reach them, and its documents; an item never published
//! says so. The fee structure also lists each course's fee from the course's own page, so the
//! two cannot differ. Every text goes in through [`html!`], escaped, and the Markdown is made
//! safe by [`markdown::to_safe_html_from`].

use super::committees::Roster;
use super::documents_html::{documents_html, today};
use super::items::{DISCLOSURE_PATH, item_path, section_of};
use super::location_html::map_and_links;
use super::sections::{SECTIONS, Section};
use super::service::Entry;
use crate::content::courses::{
    fields::{fee_per_year, text},
    html::course_path,
    money::rupees,
    service::LiveCourse,
};
use crate::content::items::fields::{
    Field, FieldKind, Fields, NOT_APPLICABLE, links, members, phone_digits,
};
use crate::content::render::markdown::{self, ImageSet};
use crate::{
    dates,
    grievances::NEW_GRIEVANCE_PATH,
    web::html::{Html, html},
};
use pulldown_cmark::HeadingLevel;

/// What search engines and shared links say of the page.
pub const DESCRIPTION: &str = "What the UGC asks the college to publish, in the ten sections of its guidelines: the institution, administration, academics, admissions and fees, research, student life, alumni, information, photographs and contact.";

/// What the page draws beside the items' own fields: the courses' fees, the committees'
/// members who are the college's people, and the table of grievances filed online.
pub struct Beside<'a> {
    pub courses: &'a [LiveCourse],
    pub roster: &'a Roster,
    pub grievances: &'a Html,
    /// The copies of the location's map image, when it has one.
    pub map: Option<&'a ImageSet>,
}

/// The page's main part: the ten sections, each with its items, after a table of contents.
pub fn page(entries: &[Entry], beside: &Beside<'_>) -> Html {
    let in_section = |section: &'static Section| {
        entries.iter().filter(move |entry| {
            section
                .items
                .iter()
                .any(|item| item.slug == entry.schema.slug)
        })
    };
    let contents: Html = SECTIONS
        .iter()
        .map(|section| {
            let items: Html = in_section(section)
                .map(|entry| {
                    html!(
                        r##"<li><a href="#{}">{}</a></li>"##,
                        entry.schema.slug,
                        entry.schema.name
                    )
                })
                .collect();
            html!(
                r##"<li><a href="#{}">{}</a><ol>{}</ol></li>"##,
                section.slug,
                section.name,
                items
            )
        })
        .collect();
    let sections: Html = SECTIONS
        .iter()
        .map(|section| {
            let items: Html = in_section(section)
                .map(|entry| item(entry, beside, 3))
                .collect();
            html!(
                r#"<section id="{slug}" class="disclosure__section" aria-labelledby="{slug}-heading"><h2 id="{slug}-heading">{name}</h2>{items}</section>"#,
                slug = section.slug,
                name = section.name,
                items = items,
            )
        })
        .collect();
    html!(
        concat!(
            r#"<article class="section container disclosure" aria-labelledby="disclosure-heading">"#,
            r#"<h1 id="disclosure-heading">Mandatory disclosure</h1>"#,
            r#"<p class="lead">What the University Grants Commission asks every college to publish, in the ten sections of its guidelines of 2024, kept up to date by the college office. Each item says when it last changed, and has an address of its own.</p>"#,
            r#"<nav class="disclosure__contents" aria-labelledby="disclosure-contents"><h2 id="disclosure-contents">Contents</h2><ol>{contents}</ol></nav>"#,
            r#"{sections}</article>"#,
        ),
        contents = contents,
        sections = sections,
    )
}

/// One item on a page of its own (`/disclosure/<slug>`), with the way back to its section.
pub fn item_page(entry: &Entry, beside: &Beside<'_>) -> Html {
    let section = section_of(entry.schema.slug).map_or_else(Html::new, |section| {
        html!(
            r#"<p class="disclosure__trail"><a href="{path}">Mandatory disclosure</a> › <a href="{path}#{slug}">{name}</a></p>"#,
            path = DISCLOSURE_PATH,
            slug = section.slug,
            name = section.name,
        )
    });
    html!(
        r#"<article class="section container disclosure">{}{}</article>"#,
        section,
        item(entry, beside, 1)
    )
}

/// An item under a heading of `level` (its parts one below).
fn item(entry: &Entry, beside: &Beside<'_>, level: u8) -> Html {
    let parts = level + 1;
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
        (Some(_), Some(since)) => updated(since, entry.reviewed_at),
        (Some(_), None) => Html::new(),
    };
    let not_applicable = entry.fields.as_ref().and_then(|fields| {
        let reason = fields.get(NOT_APPLICABLE)?.as_str()?;
        (!reason.is_empty()).then_some(reason)
    });
    let body = match (&entry.fields, not_applicable) {
        // Said plainly, with the college's reason, rather than left out.
        (_, Some(reason)) => html!(
            r#"<p class="disclosure__not-applicable"><strong>Not applicable.</strong> {}</p>"#,
            reason
        ),
        (Some(fields), None) => entry
            .schema
            .fields
            .iter()
            .map(|field| field_html(field, fields, (beside.roster, entry.live_since), parts))
            .collect(),
        (None, None) => html!(concat!(
            r#"<p class="disclosure__missing">Not published yet. "#,
            r#"The college office can tell you meanwhile: <a href="/contact">write to us or call</a>.</p>"#,
        )),
    };
    let extra = match slug {
        "fee-structure" => course_fees(beside.courses, parts),
        // Filing is open whether or not the office has written the item yet.
        "grievance-redressal" => html!(
            r#"<p class="disclosure__action"><a class="button" href="{}">File a grievance online</a> Only you and the committee read it; you get its number at once, and follow it to the decision.</p>{}"#,
            NEW_GRIEVANCE_PATH,
            beside.grievances.clone()
        ),
        "location" => match (&entry.fields, not_applicable) {
            (Some(fields), None) => map_and_links(fields, beside.map),
            _ => Html::new(),
        },
        _ => Html::new(),
    };
    // On the whole page the item's own address is a link; on its own page it is the page.
    let own = if level == 1 {
        Html::new()
    } else {
        html!(
            r#"<p class="disclosure__own">This item’s own address: <a href="{path}">{path}</a></p>"#,
            path = item_path(slug)
        )
    };
    html!(
        concat!(
            r#"<section id="{slug}" class="disclosure__item" aria-labelledby="{slug}-heading">"#,
            r#"<h{level} id="{slug}-heading">{name}</h{level}>{updated}{body}{extra}{own}</section>"#,
        ),
        slug = slug,
        level = level,
        name = entry.schema.name,
        updated = updated,
        extra = extra,
        body = body,
        own = own,
    )
}

/// The day the item was last published and, when an editor has checked it since without a
/// change, the day they did: what a visitor weighs an item's age by.
fn updated(since: i64, reviewed_at: Option<i64>) -> Html {
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
fn field_html(
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
fn course_fees(courses: &[LiveCourse], level: u8) -> Html {
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
