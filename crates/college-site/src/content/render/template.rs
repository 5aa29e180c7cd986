//! A content page as the browser gets it: the web app's prerendered shell
//! (`_templates/content.html`, written by the web build) with the page's title, its
//! description and its main HTML at the marked places, and the same HTML again in the
//! page-state island, from which the app hydrates without fetching anything.

use serde_json::json;

use crate::web::{
    assets,
    html::{Html, html, json_for_script},
};

const TEMPLATE_PATH: &str = "_templates/content.html";
/// Home, as prerendered, with room for the latest notices.
pub(in crate::content) const HOME_PATH: &str = "index.html";
pub(in crate::content) const LATEST_SLOT: &str = "<!--latest-notices-->";
/// And for the courses' cards.
pub(in crate::content) const COURSE_CARDS_SLOT: &str = "<!--course-cards-->";
const TITLE_SLOT: &str = "%%CONTENT_TITLE%%";
const DESCRIPTION_SLOT: &str = "%%CONTENT_DESCRIPTION%%";
const MAIN_SLOT: &str = "<!--server-content-->";
/// Where the feed is announced to browsers and feed readers.
pub(in crate::content) fn feed_link() -> Html {
    html!(
        r#"<link rel="alternate" type="application/atom+xml" title="Notices" href="/notices/feed.xml">"#
    )
}

/// The whole page around `main`.
pub fn page(title: &str, description: &str, main: &Html) -> String {
    page_with_head(title, description, &Html::new(), main)
}

/// As [`page`], with `head` (structured data, Open Graph) at the end of its head.
pub fn page_with_head(title: &str, description: &str, head: &Html, main: &Html) -> String {
    let template = assets::text(TEMPLATE_PATH);
    fill(
        template.as_deref().unwrap_or(FALLBACK_TEMPLATE),
        title,
        description,
        &html!("{}{}", feed_link(), head),
        main,
    )
}

/// Fills the slots where the template has them: each is found in the template itself, so
/// nothing an editor wrote can be taken for one.
fn fill(template: &str, title: &str, description: &str, head: &Html, main: &Html) -> String {
    let island = island(&json!({ "content": { "html": main.as_str() } }));
    fill_slots(
        template,
        &[
            (TITLE_SLOT, &Html::text(title)),
            (DESCRIPTION_SLOT, &Html::text(description)),
            (MAIN_SLOT, main),
            ("</head>", head),
            ("</body>", &island),
        ],
    )
}

/// `html` with `note` first in its body, outside the part the app hydrates.
pub fn with_note(html: String, note: &Html) -> String {
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

pub(in crate::content) fn island(state: &serde_json::Value) -> Html {
    html!(
        r#"<script type="application/json" id="page-state">{}</script>"#,
        json_for_script(state)
    )
}

/// Puts each part at the first place its slot is in `template` (the web build's page); a slot
/// that is a closing tag (`</head>`) stays, the part going before it, and any other slot goes.
pub(in crate::content) fn fill_slots(template: &str, parts: &[(&str, &Html)]) -> String {
    let mut slots: Vec<(usize, &str, &Html)> = parts
        .iter()
        .filter_map(|&(slot, part)| template.find(slot).map(|at| (at, slot, part)))
        .collect();
    slots.sort_by_key(|(at, _, _)| *at);
    let extra: usize = parts.iter().map(|(_, part)| part.as_str().len()).sum();
    let mut page = String::with_capacity(template.len() + extra);
    let mut from = 0;
    for (at, slot, part) in slots {
        page.push_str(&template[from..at]);
        page.push_str(part.as_str());
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

/// The college's name, as the pages' structured data names it (the course's provider, where a
/// person works): the build writes it beside the starting courses.
pub fn college_name() -> String {
    assets::text("_meta/courses.json")
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|meta| Some(meta.get("college")?.as_str()?.to_owned()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_filled_once_and_text_cannot_pose_as_a_slot() {
        let page = fill(
            FALLBACK_TEMPLATE,
            "Exams <b> %%CONTENT_DESCRIPTION%%",
            "Dates & rooms <!--server-content-->",
            &feed_link(),
            // Whatever the main part holds, the island carries it safely.
            &Html::trusted("<p>The timetable</p></script><script>alert(1)</script>"),
        );
        assert!(page.contains("<title>Exams &lt;b&gt; %%CONTENT_DESCRIPTION%%</title>"));
        assert!(page.contains(
            r#"<meta name="description" content="Dates &amp; rooms &lt;!--server-content--&gt;">"#
        ));
        assert!(page.contains(r#"<main id="main"><p>The timetable</p>"#));
        assert!(page.contains(feed_link().as_str()));
        // The island cannot be closed early by the HTML it carries.
        let island = &page[page.find(r#"id="page-state">"#).expect("island")..];
        let island = &island[..island.find("</script>").expect("island end")];
        assert!(!island.contains('<'));
        assert!(island.contains(r"\u003c/script\u003e"));
        assert!(page.ends_with("</script></body></html>"));
    }
}
