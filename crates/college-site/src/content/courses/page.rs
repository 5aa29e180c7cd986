//! A course's whole page as the browser gets it: the content template with the course's
//! title, description and data for search engines, its part of the page, and its enquiry form
//! (empty, or the visitor's again with what is wrong); and the page an enquiry ends on.

use super::enquiry_form::{self, EnquiryProblem, EnquiryValues};
use super::fields::text;
use super::html;
use super::service::LiveCourse;
use crate::content::render::template::{self, college_name};
use crate::web::html::{Html, html};

/// The course's page: `note` (a preview's) first, the form with `values` and `problems` last.
pub fn whole_page(
    course: &LiveCourse,
    origin: Option<&str>,
    note: &Html,
    values: &EnquiryValues,
    problems: &[EnquiryProblem],
) -> String {
    let name = text(&course.fields, "name");
    let form = enquiry_form::section(&course.slug, text(&course.fields, "code"), values, problems);
    let title = if problems.is_empty() {
        name.to_owned()
    } else {
        format!("Error: {name}")
    };
    template::page_with_head(
        &title,
        &html::description(course),
        &html::head(course, &college_name(), origin.unwrap_or_default()),
        &html!("{}{}", note, html::page(course, &form)),
    )
}

/// What a visitor reads once their enquiry is stored: that it is, and what happens next.
pub fn enquiry_sent(course: &LiveCourse) -> String {
    let main = html!(
        concat!(
            r#"<section class="section container course" aria-labelledby="sent-heading">"#,
            r#"<h1 id="sent-heading">Thank you: we have your enquiry about {code}</h1>"#,
            r#"<p class="lead">The admissions office will call or write to you within one working day (Monday to Saturday), at the time you chose.</p>"#,
            r#"<h2>Meanwhile</h2><ul>"#,
            r#"<li>Admission is through the state's GCAS portal: <a href="{apply}">register there</a> if you have not yet.</li>"#,
            r#"<li>Keep the documents ready that <a href="/courses/{slug}#apply">the course's page lists</a>.</li>"#,
            r#"</ul><p><a class="button" href="/courses/{slug}">Back to {code}</a></p></section>"#,
        ),
        code = text(&course.fields, "code"),
        slug = course.slug,
        apply = text(&course.fields, "applyAddress"),
    );
    template::page(
        &format!("Enquiry sent: {}", text(&course.fields, "name")),
        "Your enquiry reached the college's admissions office.",
        &main,
    )
}
