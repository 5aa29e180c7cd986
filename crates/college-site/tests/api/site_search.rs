//! The site's search at `/search`, a page that works without JavaScript, on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set): it finds a disclosure item by a member's name
//! and role, a notice by its text (from the store, however old), a course and a lesson; it says
//! when nothing matches; a query is escaped on the page; an unreadable query string searches
//! for nothing rather than failing; one address's searches are bounded.

use reqwest::StatusCode;
use serde_json::json;

use super::content_api::{app, create};
use super::content_public::{get, publish};
use super::disclosure::{ANTI_RAGGING, save};
use crate::common::{Backend, require_built_web_app};

crate::on_both_backends!(
    the_search_finds_the_colleges_pages_notices_and_lessons_without_javascript
);

async fn the_search_finds_the_colleges_pages_notices_and_lessons_without_javascript(
    backend: Backend,
) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let (status, saved) = save(&app, &editor, "anti-ragging", &ANTI_RAGGING).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    app.staff_post(
        "/api/content/disclosure/anti-ragging/publish",
        &editor,
        json!({ "revision": saved["page"]["head"] }),
    )
    .await;
    let notice = create(&app, &editor, "BCA semester 3 exam timetable").await;
    publish(&app, &editor, notice, 1).await;

    // The form alone, with no query.
    let (status, page, headers) = get(&app, "/search").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains(
            r#"<form class="field site-search__form" role="search" action="/search" method="get">"#
        ),
        "{page}"
    );
    assert_eq!(headers["x-robots-tag"], "noindex");

    // A member of the anti-ragging squad, by name and role: the item's own page.
    let (status, page, _) = get(&app, "/search?q=anil+WARDEN").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("1 result for “anil WARDEN”."), "{page}");
    assert!(
        page.contains(
            r#"<h2><a href="/disclosure/anti-ragging">Anti-ragging committee and squad</a></h2>"#
        ),
        "{page}"
    );
    assert!(page.contains(r#"value="anil WARDEN""#), "{page}");

    // A notice by a word of its text; a lesson by its subject.
    let (_, page, _) = get(&app, "/search?q=timetable%20accounts").await;
    assert!(
        page.contains(">BCA semester 3 exam timetable</a>"),
        "{page}"
    );
    assert!(
        page.contains(r#"<p class="site-search__kind">Notice</p>"#),
        "{page}"
    );
    let (_, page, _) = get(&app, "/search?q=useState").await;
    assert!(
        page.contains(r#"<p class="site-search__kind">Lesson</p>"#),
        "{page}"
    );

    // Nothing matches: said, with the query escaped.
    let (status, page, _) = get(&app, "/search?q=%3Cscript%3Ezzqx").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("Nothing on the site matches “&lt;script&gt;zzqx”."),
        "{page}"
    );
    assert!(!page.contains("<script>zzqx"), "{page}");

    // A query string that cannot be read is no query.
    let (status, page, _) = get(&app, "/search?q=%ZZ&q=a&q").await;
    assert_eq!(status, StatusCode::OK, "{page}");

    // One address's searches are bounded: past the burst, 429 with the wait in words.
    let mut last = StatusCode::OK;
    for _ in 0..130 {
        last = get(&app, "/search?q=fees").await.0;
        if last == StatusCode::TOO_MANY_REQUESTS {
            break;
        }
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
    let (_, page, headers) = get(&app, "/search?q=fees").await;
    assert!(
        page.contains("Too many searches from your connection."),
        "{page}"
    );
    assert!(headers.contains_key("retry-after"));
}
