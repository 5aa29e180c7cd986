//! A person's page, `/people/<slug>`: their post, qualifications, experience, subjects, a short
//! bio, the college's way to reach them where it publishes one, their links and their career
//! at the college; and what search engines read of them (schema.org `Person` in JSON-LD, Open
//! Graph). Every text goes in through [`html!`], escaped; the bio is made safe Markdown.

use serde_json::json;

use super::html::{PEOPLE_PATH, Photos, contact_link, person_path, photo};
use super::person::Person;
use crate::content::disclosure::committees::Seat;
use crate::content::items::fields::career::Day;
use crate::content::items::fields::links;
use crate::content::render::markdown;
use crate::dates::month_year_words;
use crate::web::html::{Html, html, json_for_script};

/// `14 years 5 months`, `1 year`, `7 months`.
pub fn duration_words(months: i64) -> String {
    let (years, months) = (months / 12, months % 12);
    let part = |count: i64, one: &str, many: &str| match count {
        0 => None,
        1 => Some(format!("1 {one}")),
        count => Some(format!("{count} {many}")),
    };
    let words: Vec<String> = [
        part(years, "year", "years"),
        part(months, "month", "months"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if words.is_empty() {
        "Less than a month".to_owned()
    } else {
        words.join(" ")
    }
}

/// The person's post today in words: `Associate Professor, Commerce`.
pub fn post_words(person: &Person, day: Day) -> String {
    person.appointment_on(day).map_or_else(String::new, |post| {
        format!("{}, {}", post.designation, post.department)
    })
}

fn section(id: &str, heading: &str, body: Html) -> Html {
    if body.is_empty() {
        return Html::new();
    }
    html!(
        r#"<section aria-labelledby="{id}"><h2 id="{id}">{heading}</h2>{body}</section>"#,
        id = id,
        heading = heading,
        body = body
    )
}

fn qualifications(person: &Person) -> Html {
    let items: Html = person
        .qualifications()
        .iter()
        .map(|qualification| {
            let year = qualification
                .year
                .map_or_else(String::new, |year| format!(", {year}"));
            html!(
                "<li>{} in {}, {}{}</li>",
                qualification.degree,
                qualification.subject,
                qualification.university,
                year
            )
        })
        .collect();
    if items.is_empty() {
        Html::new()
    } else {
        html!(r#"<ul class="person__list">{}</ul>"#, items)
    }
}

fn career(person: &Person) -> Html {
    let mut appointments = person.appointments();
    appointments.sort_by_key(|appointment| std::cmp::Reverse(appointment.from));
    let items: Html = appointments
        .iter()
        .map(|appointment| {
            let until = appointment
                .to
                .map_or_else(|| "now".to_owned(), month_year_words);
            html!(
                "<li>{}, {} ({}): {} to {}</li>",
                appointment.designation,
                appointment.department,
                appointment.terms.words(),
                month_year_words(appointment.from),
                until
            )
        })
        .collect();
    html!(r#"<ul class="person__list">{}</ul>"#, items)
}

fn contact(person: &Person) -> Html {
    let lines: Html = person
        .published_contact()
        .into_iter()
        .map(|(how, value)| html!("<li>{}: {}</li>", how, contact_link(how, value)))
        .collect();
    if lines.is_empty() {
        Html::new()
    } else {
        html!(r#"<ul class="person__list">{}</ul>"#, lines)
    }
}

/// The committees the person sits on, each linked to its place on the disclosure.
fn committees(seats: &[Seat]) -> Html {
    let items: Html = seats
        .iter()
        .map(|seat| {
            html!(
                r#"<li><a href="{}">{}</a>, {}</li>"#,
                seat.path,
                seat.committee,
                seat.role
            )
        })
        .collect();
    if items.is_empty() {
        Html::new()
    } else {
        html!(r#"<ul class="person__list">{}</ul>"#, items)
    }
}

/// The profile's main part, `note` (a preview's) first, with the committees they sit on.
pub fn page(person: &Person, photos: &Photos, seats: &[Seat], day: Day, note: &Html) -> Html {
    let post = person.appointment_on(day);
    let facts: Html = [
        (
            "Department",
            post.as_ref().map(|post| post.department.to_owned()),
        ),
        (
            "Appointment",
            post.as_ref().map(|post| post.terms.words().to_owned()),
        ),
        (
            "With the college since",
            person.joined_on().map(month_year_words),
        ),
        (
            "Teaching experience",
            (person.teaches() && person.joined_on().is_some())
                .then(|| duration_words(person.experience_months(day))),
        ),
    ]
    .into_iter()
    .filter_map(|(term, value)| Some(html!("<div><dt>{}</dt><dd>{}</dd></div>", term, value?)))
    .collect();
    let subjects = person.text("subjects");
    let subjects = if subjects.is_empty() {
        Html::new()
    } else {
        html!("<p>{}</p>", subjects)
    };
    let bio = person.text("bio");
    let bio = if bio.is_empty() {
        Html::new()
    } else {
        markdown::to_safe_html(bio)
    };
    let link_items = links::list_items(person.text("links"));
    let link_list = if link_items.is_empty() {
        Html::new()
    } else {
        html!(r#"<ul class="person__list">{}</ul>"#, link_items)
    };
    html!(
        concat!(
            "{note}",
            r#"<article class="section container person" aria-labelledby="person-heading">"#,
            r#"<p class="person__back"><a href="{people}">Faculty and staff</a></p>"#,
            r#"<div class="person__header">{photo}<div>"#,
            r#"<h1 id="person-heading">{name}</h1><p class="lead">{designation}</p></div></div>"#,
            r#"<dl class="course-facts person__facts">{facts}</dl>"#,
            "{qualifications}{subjects}{bio}{committees}{contact}{links}{career}{updated}",
            "</article>",
        ),
        note = note,
        people = PEOPLE_PATH,
        photo = photo(person, photos, "(min-width: 48rem) 12rem, 8rem", true),
        name = person.name(),
        designation = post.as_ref().map_or("", |post| post.designation),
        facts = facts,
        qualifications = section("qualifications", "Qualifications", qualifications(person)),
        subjects = section("subjects", "Subjects taught", subjects),
        bio = section("about", "About", bio),
        committees = section("committees", "Committees", committees(seats)),
        contact = section("contact", "Contact", contact(person)),
        links = section("links", "Elsewhere", link_list),
        career = section("career", "At the college", career(person)),
        updated = updated(person),
    )
}

/// What search engines and shared links say of the person.
pub fn description(person: &Person, day: Day, college: &str) -> String {
    let post = post_words(person, day);
    if post.is_empty() {
        format!("{} at {college}.", person.name())
    } else {
        format!("{}: {post} at {college}.", person.name())
    }
}

/// schema.org `Person` (works for the college, their title, where they studied, their links)
/// and Open Graph. `origin` is the site's own (none: relative addresses).
pub fn head(person: &Person, photos: &Photos, day: Day, college: &str, origin: &str) -> Html {
    let url = format!("{origin}{}", person_path(&person.slug));
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "Person",
        "name": person.name(),
        "url": url,
        "worksFor": { "@type": "CollegeOrUniversity", "name": college, "url": format!("{origin}/") },
    });
    if let Some(post) = person.appointment_on(day) {
        data["jobTitle"] = json!(post.designation);
    }
    let universities: Vec<serde_json::Value> = person
        .qualifications()
        .iter()
        .filter(|qualification| !crate::content::items::fields::career::is_eligibility_test(qualification.degree))
        .map(|qualification| json!({ "@type": "CollegeOrUniversity", "name": qualification.university }))
        .collect();
    if !universities.is_empty() {
        data["alumniOf"] = json!(universities);
    }
    let same_as: Vec<&str> = links::parse(person.text("links"))
        .unwrap_or_default()
        .iter()
        .map(|link| link.href)
        .filter(|href| href.starts_with("https://"))
        .collect();
    if !same_as.is_empty() {
        data["sameAs"] = json!(same_as);
    }
    if person.shows_contact() {
        for (key, field) in [("email", "email"), ("telephone", "phone")] {
            if !person.text(field).is_empty() {
                data[key] = json!(person.text(field));
            }
        }
    }
    let image = photos
        .get(person.text("photo"))
        .and_then(|set| set.copies.last())
        .map(|(path, _)| format!("{origin}{path}"));
    let og_image = image.as_deref().map_or_else(Html::new, |image| {
        html!(r#"<meta property="og:image" content="{}">"#, image)
    });
    if let Some(image) = image {
        data["image"] = json!(image);
    }
    html!(
        concat!(
            r#"<meta property="og:type" content="profile"><meta property="og:title" content="{name}">"#,
            r#"<meta property="og:description" content="{description}"><meta property="og:url" content="{url}">"#,
            r#"<meta property="og:site_name" content="{college}">{image}"#,
            r#"<script type="application/ld+json">{data}</script>"#,
        ),
        name = person.name(),
        description = description(person, day, college),
        url = url,
        college = college,
        image = og_image,
        data = json_for_script(&data),
    )
}

/// When the record was last published, as the profile's foot says it.
pub fn updated(person: &Person) -> Html {
    person.live_since.map_or_else(Html::new, |since| {
        html!(
            r#"<p class="person__updated">Last updated {}.</p>"#,
            crate::dates::college_day(since)
        )
    })
}
