//! The courses as HTML: each course's page, the list at `/courses`, Home's cards, and what
//! search engines read of a course (schema.org `Course` in JSON-LD, Open Graph). Every text
//! goes in through [`html!`], escaped, and the Markdown fields are made safe by
//! [`markdown::to_safe_html`].

use serde_json::json;

use super::fields::{fee_per_year, text};
use super::money::rupees;
use super::service::LiveCourse;
use crate::content::items::fields::{links, phone_digits, values};
use crate::content::render::markdown;
use crate::dates;
use crate::web::html::{Html, html, json_for_script};

pub fn course_path(slug: &str) -> String {
    format!("/courses/{slug}")
}

/// The text of the course's field `key` (escaped where it goes in).
fn field<'a>(course: &'a LiveCourse, key: &str) -> &'a str {
    text(&course.fields, key)
}

/// The fee as the page says it: `Rs 45,000 a year`.
fn fee_words(course: &LiveCourse) -> String {
    fee_per_year(&course.fields).map_or_else(String::new, |fee| format!("{} a year", rupees(fee)))
}

/// The course's page, the enquiry form (`enquiry`) at its end.
pub fn page(course: &LiveCourse, enquiry: &Html) -> Html {
    let phone = field(course, "contactPhone");
    html!(
        concat!(
            r#"<article class="section container course" aria-labelledby="course-heading">"#,
            r#"<p class="course__code">{code}</p>"#,
            r#"<h1 id="course-heading">{name}</h1>"#,
            r#"<p class="lead">{summary}</p>"#,
            r#"<dl class="course-facts">"#,
            r#"<div><dt>Duration</dt><dd>{duration}</dd></div>"#,
            r#"<div><dt>Seats</dt><dd>{seats}</dd></div>"#,
            r#"<div><dt>Fee</dt><dd>{fee}</dd></div>"#,
            r#"</dl>"#,
            r#"<p class="course__actions"><a class="button" href="{apply}">Apply on the GCAS portal</a> "#,
            r##"<a class="button button--outline" href="#enquire">Ask us about {code}</a></p>"##,
            r#"<section aria-labelledby="eligibility"><h2 id="eligibility">Who can apply</h2><p>{eligibility}</p></section>"#,
            r#"<section aria-labelledby="fees"><h2 id="fees">Fees</h2><p class="course__fee">{fee}</p><p>{includes}</p>"#,
            r#"<h3>Fee refund policy</h3>{refund}</section>"#,
            r#"<section aria-labelledby="dates"><h2 id="dates">Key dates</h2>{dates}</section>"#,
            r#"<section aria-labelledby="subjects"><h2 id="subjects">Subjects</h2>{subjects}</section>"#,
            r#"<section aria-labelledby="apply"><h2 id="apply">How to apply</h2>{how}"#,
            r#"<p><a href="{apply}">Go to the GCAS portal</a></p>"#,
            r#"<h3>Documents to keep ready</h3>{documents}"#,
            r#"<h3>Questions?</h3><p>{contact}: <a href="tel:{tel}">{phone}</a> or <a href="mailto:{email}">{email}</a>.</p>"#,
            r#"</section>{downloads}{enquiry}</article>"#,
        ),
        code = field(course, "code"),
        name = field(course, "name"),
        enquiry = enquiry,
        summary = field(course, "summary"),
        duration = field(course, "duration"),
        seats = field(course, "seats"),
        fee = fee_words(course),
        apply = field(course, "applyAddress"),
        eligibility = field(course, "eligibility"),
        includes = field(course, "feeIncludes"),
        refund = markdown::to_safe_html(field(course, "refundPolicy")),
        dates = key_dates(course),
        subjects = markdown::to_safe_html(field(course, "subjects")),
        how = markdown::to_safe_html(field(course, "howToApply")),
        documents = markdown::to_safe_html(field(course, "documents")),
        contact = field(course, "contactName"),
        tel = phone_digits(phone),
        phone = phone,
        email = field(course, "contactEmail"),
        downloads = downloads(course),
    )
}

fn key_dates(course: &LiveCourse) -> Html {
    let Ok(dated) = values::dated_lines(field(course, "keyDates")) else {
        return Html::new();
    };
    let items: Html = dated
        .iter()
        .map(|date| {
            let (year, month, day) = date.day;
            html!(
                r#"<li><time datetime="{year:04}-{month:02}-{day:02}">{}</time> {}</li>"#,
                dates::day_words(date.day),
                date.words,
                year = year,
                month = month,
                day = day,
            )
        })
        .collect();
    html!(r#"<ul class="course-dates">{}</ul>"#, items)
}

fn downloads(course: &LiveCourse) -> Html {
    let value = field(course, "downloads");
    if value.is_empty() {
        return Html::new();
    }
    html!(
        r#"<section aria-labelledby="downloads"><h2 id="downloads">Syllabus and prospectus</h2><ul>{}</ul></section>"#,
        links::list_items(value)
    )
}

/// What a search result and a shared link say of the course.
pub fn description(course: &LiveCourse) -> String {
    let fee = fee_words(course);
    let summary = text(&course.fields, "summary");
    if fee.is_empty() {
        summary.to_owned()
    } else {
        format!("{summary} {fee}.")
    }
}

/// What goes in the page's head for search engines and shared links: schema.org `Course`, the
/// fee as an offer in rupees, and Open Graph. `origin` is the site's own (none: relative).
pub fn head(course: &LiveCourse, college: &str, origin: &str) -> Html {
    let url = format!("{origin}{}", course_path(&course.slug));
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "Course",
        "name": text(&course.fields, "name"),
        "courseCode": text(&course.fields, "code"),
        "description": text(&course.fields, "summary"),
        "url": url,
        "provider": { "@type": "CollegeOrUniversity", "name": college, "url": format!("{origin}/") },
        "hasCourseInstance": { "@type": "CourseInstance", "courseMode": "Onsite" },
    });
    if let Some(fee) = fee_per_year(&course.fields) {
        data["offers"] = json!({
            "@type": "Offer",
            "category": "Fees",
            "price": fee,
            "priceCurrency": "INR",
            "description": "Fee per year",
        });
    }
    html!(
        concat!(
            r#"<meta property="og:type" content="website"><meta property="og:title" content="{title}">"#,
            r#"<meta property="og:description" content="{description}"><meta property="og:url" content="{url}">"#,
            r#"<meta property="og:site_name" content="{college}">"#,
            r#"<script type="application/ld+json">{data}</script>"#,
        ),
        title = field(course, "name"),
        description = description(course),
        url = url,
        college = college,
        data = json_for_script(&data),
    )
}

/// A course as a card: on Home and at `/courses`. `heading` is the card's heading level.
pub fn card(course: &LiveCourse, heading: &str) -> Html {
    html!(
        concat!(
            r#"<article class="card course-card" aria-labelledby="{id}">"#,
            r#"<{heading} id="{id}" class="course-card__code">{code}</{heading}>"#,
            r#"<p class="course-card__name">{name}</p>"#,
            r#"<p class="course-card__duration">{duration} · {fee}</p>"#,
            r#"<p class="course-card__description">{summary}</p>"#,
            r#"<a href="{path}" class="button course-card__action">Fees and how to apply<span class="visually-hidden"> for {code}</span></a>"#,
            r##"<a href="{path}#enquire" class="course-card__enquire">Enquire about {code}</a>"##,
            r#"</article>"#,
        ),
        id = format!("course-{}", course.slug),
        heading = heading,
        code = field(course, "code"),
        path = course_path(&course.slug),
        name = field(course, "name"),
        duration = field(course, "duration"),
        fee = fee_words(course),
        summary = field(course, "summary"),
    )
}

/// Home's cards, one per course shown.
pub fn cards(courses: &[LiveCourse]) -> Html {
    courses.iter().map(|course| card(course, "h3")).collect()
}

/// `/courses`: every course shown, as cards.
pub fn list(courses: &[LiveCourse]) -> Html {
    let cards: Html = courses.iter().map(|course| card(course, "h2")).collect();
    html!(
        concat!(
            r#"<section class="section container" aria-labelledby="courses-heading">"#,
            r#"<h1 id="courses-heading">Courses</h1>"#,
            r#"<p class="lead">Three-year degrees, with admission through the state's GCAS portal. Each course's page has its fees, its dates and how to apply.</p>"#,
            r#"<div class="card-grid">{cards}</div></section>"#,
        ),
        cards = cards
    )
}
