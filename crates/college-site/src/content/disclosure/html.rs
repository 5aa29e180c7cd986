//! `/disclosure` as HTML, in its ten sections, and each item on its own page
//! (`/disclosure/<slug>`): each with the day it last changed, its text,
//! its committee's members and how to reach them, and its documents; an item never published
//! says so. The fee structure also lists each course's fee from the course's own page, so the
//! two cannot differ. Each item's parts are drawn by [`super::parts_html`]; every text goes in
//! through [`html!`], escaped.

use super::committees::Roster;
use super::items::{DISCLOSURE_PATH, item_path, section_of};
use super::location_html::map_and_links;
use super::parts_html::{course_fees, field_html, updated};
use super::sections::{SECTIONS, Section};
use super::service::Entry;
use crate::content::courses::service::LiveCourse;
use crate::content::items::fields::NOT_APPLICABLE;
use crate::content::render::markdown::ImageSet;
use crate::{
    grievances::NEW_GRIEVANCE_PATH,
    web::html::{Html, html},
};

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
