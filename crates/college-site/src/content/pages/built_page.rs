//! The site's own pages as the web build made them (Home, About, Contact), with the texts
//! editors published put into their marked places and into their island, from which the app
//! hydrates; Home with its latest notices and the courses' cards beside.

use serde_json::{Map, Value, json};

use super::text as page_text;
use crate::content::items::fields::{Fields, ItemSchema};
use crate::content::render::template::{
    COURSE_CARDS_SLOT, HOME_PATH, LATEST_SLOT, feed_link, fill_slots, island, with_note,
};
use crate::web::{assets, html::Html};

/// What Home shows from the store beside its own text: the section of the latest notices (or
/// nothing) and the courses' cards.
pub struct HomeParts<'a> {
    pub latest: &'a Html,
    pub course_cards: &'a Html,
}

/// Home with its `parts` and its published `fields` (none: as built), and all of them again
/// in its island for the app to hydrate with. None when the web app was not built.
pub fn home(parts: &HomeParts<'_>, page: &ItemSchema, fields: Option<&Fields>) -> Option<String> {
    let template = assets::text(HOME_PATH)?;
    let mut state = Map::new();
    state.insert(
        "content".to_owned(),
        json!({ "latest": parts.latest.as_str(), "courses": parts.course_cards.as_str() }),
    );
    let template = with_fields(&template, page, fields, &mut state);
    let island = island(&Value::Object(state));
    Some(fill_slots(
        &template,
        &[
            (LATEST_SLOT, parts.latest),
            (COURSE_CARDS_SLOT, parts.course_cards),
            ("</head>", &feed_link()),
            ("</body>", &island),
        ],
    ))
}

/// One of the site's pages as built (`about/index.html`) with its `fields`, which its island
/// carries too, and `note` (an editor's preview note, or nothing). None when the web app was
/// not built.
pub fn site_page(page: &ItemSchema, fields: &Fields, note: &Html) -> Option<String> {
    let template = assets::text(&format!("{}/index.html", page.path.trim_start_matches('/')))?;
    let mut state = Map::new();
    let template = with_fields(&template, page, Some(fields), &mut state);
    let island = island(&Value::Object(state));
    Some(with_note(
        fill_slots(&template, &[("</body>", &island)]),
        note,
    ))
}

/// `template` with the page's fields in their places, and their part added to `state`.
fn with_fields(
    template: &str,
    page: &ItemSchema,
    fields: Option<&Fields>,
    state: &mut Map<String, Value>,
) -> String {
    let Some(fields) = fields else {
        return template.to_owned();
    };
    let (key, part) = page_text::island_part(page, fields);
    state.insert(key, part);
    page_text::fill(template, page, fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::html::html;

    #[test]
    fn home_gets_its_latest_notices_in_the_page_and_in_the_island() {
        let template = r#"<html><head></head><body><div class="home-notices"><!--latest-notices--></div></body></html>"#;
        let latest =
            html!(r#"<section class="latest"><a href="/notices/exams">Exams</a></section>"#);
        let island = island(&json!({ "content": { "latest": latest.as_str() } }));
        let page = fill_slots(
            template,
            &[
                (LATEST_SLOT, &latest),
                ("</head>", &feed_link()),
                ("</body>", &island),
            ],
        );
        assert!(page.contains(&format!(r#"<div class="home-notices">{latest}</div>"#)));
        assert!(page.contains(&format!("{}</head>", feed_link())));
        assert!(
            page.contains(r#"\u003ca href=\"/notices/exams\"\u003e"#),
            "{page}"
        );
        assert!(!page.contains(LATEST_SLOT));
    }
}
