//! Markdown cannot freeze the server. Tried as an editor would: 49,000 `>` (inside the 50,000
//! characters a notice may have) took 64 s to render on the request threads; two previews at
//! once made `/healthz` take 38 s. Nesting is bounded where text is saved and previewed (a
//! clear 422 naming the field), and text stored deeper anyway is shown as plain text. On
//! SQLite and PostgreSQL (when TEST_DATABASE_URL is set).

use college_site::content::render::markdown::{MAX_NESTING, nesting_depth, to_safe_html};
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::{Backend, TestApp};

crate::on_both_backends!(deep_nesting_is_refused_where_it_is_saved_and_previewed);

async fn deep_nesting_is_refused_where_it_is_saved_and_previewed(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 1_000).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let quotes = format!("{} the end", ">".repeat(49_000));
    let lists: String = (0..40)
        .map(|level| format!("{}- level {level}\n", "  ".repeat(level)))
        .collect();
    for body in [quotes, lists] {
        let notice =
            json!({ "title": "Deep", "body": body, "category": "general", "pinned": false });
        for (path, input) in [
            ("/api/content/notices", notice),
            ("/api/content/preview", json!({ "body": body })),
        ] {
            let (status, answer) = app
                .staff_call(Method::POST, path, Some(&editor), input)
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {answer}");
            assert_eq!(answer["error"]["field"], "body", "{answer}");
            let message = answer["error"]["message"].as_str().expect("message");
            assert!(
                message.starts_with("Quotes or lists sit more than 16 deep"),
                "{message}"
            );
        }
    }
    // What a notice really nests still saves and previews.
    let usual = "> Quoted from the circular:\n>\n> - first\n>   - second\n>     1. third";
    let (status, answer) = app
        .staff_call(
            Method::POST,
            "/api/content/preview",
            Some(&editor),
            json!({ "body": usual }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(
        answer["html"]
            .as_str()
            .expect("html")
            .contains("<blockquote>")
    );
}

#[test]
fn text_stored_too_deep_is_shown_as_plain_text() {
    assert_eq!(nesting_depth("> a\n> > b\n- c\n  - d\n    - e"), 3);
    assert_eq!(nesting_depth("    code, indented\n        more code"), 0);
    let deep = format!("{} the end", ">".repeat(MAX_NESTING + 1));
    let html = to_safe_html(&deep).into_string();
    assert_eq!(
        html,
        format!("<p>{} the end</p>", "&gt;".repeat(MAX_NESTING + 1))
    );
}
