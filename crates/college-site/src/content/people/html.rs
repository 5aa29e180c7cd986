//! `/people` as HTML: a search form that works without JavaScript (a GET form), then everyone
//! current, by department, each as a card (photo, name, designation, department, highest
//! degree). Every text goes in through [`html!`], escaped.

use std::collections::HashMap;

use super::person::Person;
use crate::content::items::fields::career::Day;
use crate::content::publishing::rules::slug_from;
use crate::content::render::markdown::ImageSet;
use crate::web::html::{Html, html};

pub const PEOPLE_PATH: &str = "/people";
/// What search engines and shared links say of the directory.
pub const DESCRIPTION: &str = "Who teaches at the college and who runs it, by department: designations, qualifications and subjects taught.";
/// Departments listed first, in this order; any other follows, teaching ones first.
const DEPARTMENTS_FIRST: [&str; 7] = [
    "Commerce",
    "Management",
    "Computer Applications",
    "Languages",
    "Administration",
    "Library",
    "Physical Education",
];
/// Cards shown before the photos wait until they are scrolled to.
const EAGER_PHOTOS: usize = 4;
/// The longest search kept.
pub const MAX_SEARCH_CHARS: usize = 80;

pub fn person_path(slug: &str) -> String {
    format!("{PEOPLE_PATH}/{slug}")
}

/// The photos of the people listed, by their photo's address.
pub type Photos = HashMap<String, ImageSet>;

/// What a visitor asked for: a department (by its address, `computer-applications`) and words
/// of a name, a designation or a subject.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub department: String,
    pub words: String,
}

impl Filter {
    pub fn is_empty(&self) -> bool {
        self.department.is_empty() && self.words.is_empty()
    }

    /// Whether `person` shows under this filter on `day`: with the college, and admitted by
    /// their post then (or, when nothing narrows the list, in the leadership).
    pub fn shows(&self, person: &Person, day: Day) -> bool {
        if !person.is_current(day) {
            return false;
        }
        if self.is_empty() {
            return true;
        }
        person
            .appointment_on(day)
            .is_some_and(|post| self.admits(person, post.department, post.designation))
    }

    fn admits(&self, person: &Person, department: &str, designation: &str) -> bool {
        let in_department =
            self.department.is_empty() || slug_from(department, "") == self.department;
        let words = self.words.to_lowercase();
        let mentions = words.split_whitespace().all(|word| {
            [
                person.name(),
                designation,
                department,
                person.text("subjects"),
            ]
            .iter()
            .any(|text| text.to_lowercase().contains(word))
        });
        in_department && mentions
    }
}

/// A current person as a card shows them.
pub struct Card<'a> {
    pub person: &'a Person,
    pub department: &'a str,
    pub designation: &'a str,
}

/// The people current on `day`, each with their post, in their departments' order, each
/// department's people in their order.
pub fn departments(people: &[Person], day: Day) -> Vec<(String, Vec<Card<'_>>)> {
    let mut groups: Vec<(String, Vec<Card<'_>>)> = Vec::new();
    let mut current: Vec<&Person> = people
        .iter()
        .filter(|person| person.is_current(day))
        .collect();
    current.sort_by_cached_key(|person| person.order_key());
    for person in current {
        let Some(post) = person.appointment_on(day) else {
            continue;
        };
        let card = Card {
            person,
            department: post.department,
            designation: post.designation,
        };
        match groups.iter_mut().find(|(name, _)| name == post.department) {
            Some((_, cards)) => cards.push(card),
            None => groups.push((post.department.to_owned(), vec![card])),
        }
    }
    groups.sort_by_cached_key(|(name, cards)| {
        let known = DEPARTMENTS_FIRST.iter().position(|first| first == name);
        let teaching = cards.iter().any(|card| card.person.teaches());
        (known.is_none(), !teaching, known, name.to_lowercase())
    });
    groups
}

/// The directory's main part: the form, the leadership (when nothing narrows the list), then
/// the departments the filter admits.
pub fn directory(
    groups: &[(String, Vec<Card<'_>>)],
    leaders: &Html,
    filter: &Filter,
    photos: &Photos,
) -> Html {
    let options: Html = groups
        .iter()
        .map(|(name, _)| {
            let slug = slug_from(name, "");
            if slug == filter.department {
                html!(r#"<option value="{}" selected>{}</option>"#, slug, name)
            } else {
                html!(r#"<option value="{}">{}</option>"#, slug, name)
            }
        })
        .collect();
    let mut shown = 0;
    let mut sections = Html::new();
    for (name, cards) in groups {
        let admitted: Vec<&Card<'_>> = cards
            .iter()
            .filter(|card| filter.admits(card.person, card.department, card.designation))
            .collect();
        if admitted.is_empty() {
            continue;
        }
        let id = format!("department-{}", slug_from(name, "other"));
        let items: Html = admitted
            .iter()
            .map(|card| {
                shown += 1;
                person_card(card, photos, shown <= EAGER_PHOTOS)
            })
            .collect();
        sections.push(html!(
            r#"<section class="people__department" aria-labelledby="{id}"><h2 id="{id}">{name}</h2><ul class="people-grid" role="list">{items}</ul></section>"#,
            id = id,
            name = name,
            items = items,
        ));
    }
    let outcome = if filter.is_empty() {
        Html::new()
    } else if shown == 0 {
        html!(
            r#"<p class="people__outcome" role="status">Nobody matches. <a href="/people">Show everyone</a></p>"#
        )
    } else {
        let noun = if shown == 1 {
            "person matches"
        } else {
            "people match"
        };
        html!(
            r#"<p class="people__outcome" role="status">{} {}. <a href="/people">Show everyone</a></p>"#,
            shown,
            noun
        )
    };
    html!(
        concat!(
            r#"<section class="section container people" aria-labelledby="people-heading">"#,
            r#"<h1 id="people-heading">Faculty and staff</h1>"#,
            r#"<p class="lead">Who teaches at the college and who runs it, by department.</p>"#,
            r#"<form class="people-search" method="get" action="/people" role="search" aria-label="Faculty and staff">"#,
            r#"<div class="field"><label for="people-words">Name or subject</label>"#,
            r#"<input id="people-words" name="q" type="search" value="{words}" maxlength="80" autocomplete="off"></div>"#,
            r#"<div class="field"><label for="people-department">Department</label>"#,
            r#"<select id="people-department" name="department"><option value="">Every department</option>{options}</select></div>"#,
            r#"<button class="button" type="submit">Find</button></form>"#,
            r#"{outcome}{leaders}{sections}</section>"#,
        ),
        leaders = if filter.is_empty() {
            leaders.clone()
        } else {
            Html::new()
        },
        words = filter.words,
        options = options,
        outcome = outcome,
        sections = sections,
    )
}

/// A way to reach a person as a link: `mailto:` for an email, `tel:` for a phone.
pub fn contact_link(how: &str, value: &str) -> Html {
    if how == "Email" {
        html!(r#"<a href="mailto:{value}">{value}</a>"#, value = value)
    } else {
        html!(
            r#"<a href="tel:{}">{}</a>"#,
            crate::content::items::fields::phone_digits(value),
            value
        )
    }
}

/// A person's photo at `size` (a CSS length it is shown at), or the neutral placeholder.
pub fn photo(person: &Person, photos: &Photos, size: &str, eager: bool) -> Html {
    let Some(set) = photos.get(person.text("photo")) else {
        return html!(
            r#"<span class="person-photo person-photo--none" aria-hidden="true"></span>"#
        );
    };
    let srcset: Vec<String> = set
        .copies
        .iter()
        .map(|(path, width)| format!("{path} {width}w"))
        .collect();
    let first = set.copies.first().map_or("", |(path, _)| path.as_str());
    let loading = if eager { "eager" } else { "lazy" };
    html!(
        r#"<img class="person-photo" src="{}" srcset="{}" sizes="{}" width="{}" height="{}" alt="" loading="{}" decoding="async">"#,
        first,
        srcset.join(", "),
        size,
        set.width,
        set.height,
        loading,
    )
}

fn person_card(card: &Card<'_>, photos: &Photos, eager: bool) -> Html {
    let person = card.person;
    let degree = person.highest_degree().map_or_else(Html::new, |degree| {
        html!(
            r#"<p class="person-card__degree">{}, {}</p>"#,
            degree.degree,
            degree.subject
        )
    });
    html!(
        concat!(
            r#"<li class="person-card">{photo}<div>"#,
            r#"<h3 class="person-card__name"><a href="{path}">{name}</a></h3>"#,
            r#"<p class="person-card__designation">{designation}</p>"#,
            r#"<p class="person-card__department">{department}</p>{degree}</div></li>"#,
        ),
        photo = photo(person, photos, "6rem", eager),
        path = person_path(&person.slug),
        name = person.name(),
        designation = card.designation,
        department = card.department,
        degree = degree,
    )
}
