//! A content page as the browser gets it: the web app's prerendered shell
//! (`_templates/content.html`, written by the web build) with the page's title, its
//! description and its main HTML at the marked places, and the same HTML again in the
//! page-state island, from which the app hydrates without fetching anything.

use serde_json::json;

use crate::web::{
    assets,
    html::{escape_html, json_for_script},
};

const TEMPLATE_PATH: &str = "_templates/content.html";
const TITLE_SLOT: &str = "%%CONTENT_TITLE%%";
const DESCRIPTION_SLOT: &str = "%%CONTENT_DESCRIPTION%%";
const MAIN_SLOT: &str = "<!--server-content-->";
/// Where the feed is announced to browsers and feed readers.
const FEED_LINK: &str = r#"<link rel="alternate" type="application/atom+xml" title="Notices" href="/notices/feed.xml">"#;

/// The whole page around `main`, which must be safe HTML already.
pub fn page(title: &str, description: &str, main: &str) -> String {
    let template = assets::text(TEMPLATE_PATH);
    fill(
        template.as_deref().unwrap_or(FALLBACK_TEMPLATE),
        title,
        description,
        main,
    )
}

/// Fills the slots where the template has them: each is found in the template itself, so
/// nothing an editor wrote can be taken for one.
fn fill(template: &str, title: &str, description: &str, main: &str) -> String {
    let island = format!(
        r#"<script type="application/json" id="page-state">{}</script>"#,
        json_for_script(&json!({ "content": { "html": main } }))
    );
    let title = escape_html(title);
    let description = escape_html(description);
    let mut slots: Vec<(usize, &str, &str)> = [
        (TITLE_SLOT, title.as_str()),
        (DESCRIPTION_SLOT, description.as_str()),
        (MAIN_SLOT, main),
        ("</head>", FEED_LINK),
        ("</body>", island.as_str()),
    ]
    .into_iter()
    .filter_map(|(slot, text)| template.find(slot).map(|at| (at, slot, text)))
    .collect();
    slots.sort_by_key(|(at, _, _)| *at);

    let mut page = String::with_capacity(template.len() + main.len() * 2 + island.len());
    let mut from = 0;
    for (at, slot, text) in slots {
        page.push_str(&template[from..at]);
        page.push_str(text);
        // The head's and the body's closing tags stay; the slots go.
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
}
