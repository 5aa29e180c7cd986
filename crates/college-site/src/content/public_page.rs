//! A content page as the browser gets it: the web app's prerendered shell
//! (`_templates/content.html`, written by the web build) with the page's title, its
//! description and its main HTML at the marked places, and the same HTML again in the
//! page-state island, from which the app hydrates without fetching anything.

use serde_json::{Map, Value, json};

use super::fields::{Fields, PageSchema};
use super::pages::text as page_text;
use crate::web::{
    assets,
    html::{escape_html, json_for_script},
};

const TEMPLATE_PATH: &str = "_templates/content.html";
/// Home, as prerendered, with room for the latest notices.
const HOME_PATH: &str = "index.html";
const LATEST_SLOT: &str = "<!--latest-notices-->";
/// And for the courses' cards.
const COURSE_CARDS_SLOT: &str = "<!--course-cards-->";
const TITLE_SLOT: &str = "%%CONTENT_TITLE%%";
const DESCRIPTION_SLOT: &str = "%%CONTENT_DESCRIPTION%%";
const MAIN_SLOT: &str = "<!--server-content-->";
/// Where the feed is announced to browsers and feed readers.
const FEED_LINK: &str = r#"<link rel="alternate" type="application/atom+xml" title="Notices" href="/notices/feed.xml">"#;

/// The whole page around `main`, which must be safe HTML already.
pub fn page(title: &str, description: &str, main: &str) -> String {
    page_with_head(title, description, "", main)
}

/// As [`page`], with `head` (safe HTML: structured data, Open Graph) at the end of its head.
pub fn page_with_head(title: &str, description: &str, head: &str, main: &str) -> String {
    let template = assets::text(TEMPLATE_PATH);
    fill(
        template.as_deref().unwrap_or(FALLBACK_TEMPLATE),
        title,
        description,
        &format!("{FEED_LINK}{head}"),
        main,
    )
}

/// Fills the slots where the template has them: each is found in the template itself, so
/// nothing an editor wrote can be taken for one.
fn fill(template: &str, title: &str, description: &str, head: &str, main: &str) -> String {
    let title = escape_html(title);
    let description = escape_html(description);
    let island = island(&json!({ "content": { "html": main } }));
    fill_slots(
        template,
        &[
            (TITLE_SLOT, title.as_str()),
            (DESCRIPTION_SLOT, description.as_str()),
            (MAIN_SLOT, main),
            ("</head>", head),
            ("</body>", island.as_str()),
        ],
    )
}

/// What Home shows from the store beside its own text: the section of the latest notices (or
/// nothing) and the courses' cards.
pub struct HomeParts<'a> {
    pub latest: &'a str,
    pub course_cards: &'a str,
}

/// Home with its `parts` and its published `fields` (none: as built), and all of them again
/// in its island for the app to hydrate with. None when the web app was not built.
pub fn home(parts: &HomeParts<'_>, page: &PageSchema, fields: Option<&Fields>) -> Option<String> {
    let template = assets::text(HOME_PATH)?;
    let mut state = Map::new();
    state.insert(
        "content".to_owned(),
        json!({ "latest": parts.latest, "courses": parts.course_cards }),
    );
    let template = with_fields(&template, page, fields, &mut state);
    let island = island(&Value::Object(state));
    Some(fill_slots(
        &template,
        &[
            (LATEST_SLOT, parts.latest),
            (COURSE_CARDS_SLOT, parts.course_cards),
            ("</head>", FEED_LINK),
            ("</body>", island.as_str()),
        ],
    ))
}

/// One of the site's pages as built (`about/index.html`) with its `fields`, which its island
/// carries too, and `note` (an editor's preview note, or nothing). None when the web app was
/// not built.
pub fn site_page(page: &PageSchema, fields: &Fields, note: &str) -> Option<String> {
    let template = assets::text(&format!("{}/index.html", page.path.trim_start_matches('/')))?;
    let mut state = Map::new();
    let template = with_fields(&template, page, Some(fields), &mut state);
    let island = island(&Value::Object(state));
    Some(with_note(
        fill_slots(&template, &[("</body>", island.as_str())]),
        note,
    ))
}

/// `html` with `note` first in its body, outside the part the app hydrates.
pub fn with_note(html: String, note: &str) -> String {
    if note.is_empty() {
        return html;
    }
    let body_start = html
        .find("<body")
        .and_then(|at| html[at..].find('>').map(|end| at + end + 1))
        .unwrap_or(0);
    let (head, body) = html.split_at(body_start);
    format!("{head}{note}{body}")
}

/// `template` with the page's fields in their places, and their part added to `state`.
fn with_fields(
    template: &str,
    page: &PageSchema,
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

fn island(state: &serde_json::Value) -> String {
    format!(
        r#"<script type="application/json" id="page-state">{}</script>"#,
        json_for_script(state)
    )
}

/// Puts each text at the first place its slot is in `template`; a slot that is a closing tag
/// (`</head>`) stays, the text going before it, and any other slot goes.
fn fill_slots(template: &str, texts: &[(&str, &str)]) -> String {
    let mut slots: Vec<(usize, &str, &str)> = texts
        .iter()
        .filter_map(|&(slot, text)| template.find(slot).map(|at| (at, slot, text)))
        .collect();
    slots.sort_by_key(|(at, _, _)| *at);
    let extra: usize = texts.iter().map(|(_, text)| text.len()).sum();
    let mut page = String::with_capacity(template.len() + extra);
    let mut from = 0;
    for (at, slot, text) in slots {
        page.push_str(&template[from..at]);
        page.push_str(text);
        from = if slot.starts_with("</") {
            at
        } else {
            at + slot.len()
        };
    }
    page.push_str(&template[from..]);
    page
}

/// Used only when the web app was not built (a server built without `web/dist`).
const FALLBACK_TEMPLATE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>%%CONTENT_TITLE%%</title>
<meta name="description" content="%%CONTENT_DESCRIPTION%%">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main id="main"><!--server-content--></main></body></html>"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_filled_once_and_text_cannot_pose_as_a_slot() {
        let page = fill(
            FALLBACK_TEMPLATE,
            "Exams <b> %%CONTENT_DESCRIPTION%%",
            "Dates & rooms <!--server-content-->",
            FEED_LINK,
            "<p>The timetable</p></script><script>alert(1)</script>",
        );
        assert!(page.contains("<title>Exams &lt;b&gt; %%CONTENT_DESCRIPTION%%</title>"));
        assert!(page.contains(
            r#"<meta name="description" content="Dates &amp; rooms &lt;!--server-content--&gt;">"#
        ));
        assert!(page.contains(r#"<main id="main"><p>The timetable</p>"#));
        assert!(page.contains(FEED_LINK));
        // The island cannot be closed early by the HTML it carries.
        let island = &page[page.find(r#"id="page-state">"#).expect("island")..];
        let island = &island[..island.find("</script>").expect("island end")];
        assert!(!island.contains('<'));
        assert!(island.contains(r"\u003c/script\u003e"));
        assert!(page.ends_with("</script></body></html>"));
    }

    #[test]
    fn home_gets_its_latest_notices_in_the_page_and_in_the_island() {
        let template = r#"<html><head></head><body><div class="home-notices"><!--latest-notices--></div></body></html>"#;
        let latest = r#"<section class="latest"><a href="/notices/exams">Exams</a></section>"#;
        let island = island(&json!({ "content": { "latest": latest } }));
        let page = fill_slots(
            template,
            &[
                (LATEST_SLOT, latest),
                ("</head>", FEED_LINK),
                ("</body>", &island),
            ],
        );
        assert!(page.contains(&format!(r#"<div class="home-notices">{latest}</div>"#)));
        assert!(page.contains(&format!("{FEED_LINK}</head>")));
        assert!(
            page.contains(r#"\u003ca href=\"/notices/exams\"\u003e"#),
            "{page}"
        );
        assert!(!page.contains(LATEST_SLOT));
    }
}
