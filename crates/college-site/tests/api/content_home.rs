//! Home's latest notices, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set): the
//! newest three visitors can read, pinned first, in the page as a browser with JavaScript off
//! gets it and in its island; none at all on a fresh site; a change shown at the next visit.

use super::content_api::{app, create};
use super::content_public::{get, publish};
use crate::common::{Backend, require_built_web_app};
use reqwest::StatusCode;
use serde_json::json;

crate::on_both_backends!(home_shows_the_latest_three_notices);

/// Where each of `titles` is on `page`, in the order given (panics on one missing).
fn positions(page: &str, titles: &[&str]) -> Vec<usize> {
    titles
        .iter()
        .map(|title| {
            page.find(&format!(">{title}</a>"))
                .unwrap_or_else(|| panic!("{title} is not on Home"))
        })
        .collect()
}

async fn home_shows_the_latest_three_notices(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let (status, home, _) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        home.contains(r#"<div class="home-notices"></div>"#),
        "{home}"
    );
    assert!(!home.contains("Latest notices"));
    assert!(home.contains(r#""latest":"""#), "{home}");

    let editor = app.staff_member("editor@example.com", "editor").await;
    let titles = ["Fees due", "Library hours", "Sports day", "Exam timetable"];
    let mut ids = Vec::new();
    for title in titles {
        let id = create(&app, &editor, title).await;
        publish(&app, &editor, id, 1).await;
        ids.push(id);
    }
    let (_, home, _) = get(&app, "/").await;
    let shown = positions(&home, &["Exam timetable", "Sports day", "Library hours"]);
    assert!(shown.is_sorted(), "newest first: {shown:?}");
    assert!(!home.contains(">Fees due</a>"), "only three");
    assert!(home.contains(r#"<a href="/notices">All notices</a>"#));
    assert!(
        home.contains(r#"\u003ca href=\"/notices/exam-timetable\"\u003eExam timetable"#),
        "the island carries the same HTML"
    );

    // Taken down, the newest leaves Home at the next visit, and the fourth comes back; the
    // address the offline copy keeps Home under answers the same page.
    let (status, _) = app
        .staff_call(
            reqwest::Method::POST,
            &format!("/api/content/notices/{}/unpublish", ids[3]),
            Some(&editor),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    for path in ["/", "/?offline"] {
        let (status, home, _) = get(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        positions(&home, &["Sports day", "Library hours", "Fees due"]);
        assert!(!home.contains(">Exam timetable</a>"), "{path}");
    }
}
