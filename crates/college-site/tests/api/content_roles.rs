//! Every content endpoint against every role, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set): a visitor gets 401, a student, a teacher, the office and an admin
//! without the editor role 403, an editor what the endpoint does. The draft's preview page the
//! same way, as a page: a sign-in for a visitor, the 404 page for anyone but an editor.

use crate::common::{Backend, TestApp, require_built_web_app};
use crate::content_api::{app, create, notice};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    every_content_endpoint_answers_each_role_as_it_should,
    only_an_editor_sees_a_draft_as_visitors_would,
);

async fn every_content_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let roles = app.every_role().await;
    let id = create(&app, &roles.editor, "Exam timetable").await;
    let n = |rest: &str| format!("/api/content/notices/{id}{rest}");
    let endpoints: Vec<(Method, String, Value, StatusCode)> = vec![
        (
            Method::GET,
            "/api/content/notices".into(),
            Value::Null,
            StatusCode::OK,
        ),
        (
            Method::POST,
            "/api/content/notices".into(),
            notice("Another"),
            StatusCode::CREATED,
        ),
        (Method::GET, n(""), Value::Null, StatusCode::OK),
        (
            Method::PUT,
            n(""),
            json!({"base": 1, "title": "Edited", "body": "x", "category": "exams"}),
            StatusCode::OK,
        ),
        (Method::GET, n("/revisions"), Value::Null, StatusCode::OK),
        (Method::GET, n("/revisions/1"), Value::Null, StatusCode::OK),
        (
            Method::POST,
            n("/revisions/1/restore"),
            json!({"base": 2}),
            StatusCode::OK,
        ),
        (
            Method::POST,
            n("/publish"),
            json!({"revision": 3}),
            StatusCode::OK,
        ),
        (Method::POST, n("/unpublish"), json!({}), StatusCode::OK),
        (
            Method::POST,
            "/api/content/preview".into(),
            json!({"body": "**hi**"}),
            StatusCode::OK,
        ),
        (Method::GET, n("/files"), Value::Null, StatusCode::OK),
        // JSON is not a file an editor may upload: refused for what it is.
        (
            Method::POST,
            n("/files?name=notes.txt"),
            json!({"not": "a file"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::DELETE,
            n("/files/999"),
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
        (Method::DELETE, n(""), Value::Null, StatusCode::NO_CONTENT),
    ];
    app.assert_only_role_passes(&roles, "editor", "not-an-editor", endpoints)
        .await;
}

async fn page(
    app: &TestApp,
    path: &str,
    cookie: Option<&str>,
) -> (StatusCode, header::HeaderMap, String) {
    let mut request = app.client.get(app.url(path));
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    let response = request.send().await.expect("request");
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.text().await.expect("body"))
}

async fn only_an_editor_sees_a_draft_as_visitors_would(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let office = app.staff_member("office@example.com", "office").await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Fee structure draft").await;
    let path = format!("/notices/preview/{id}");

    let (status, headers, html) = page(&app, &path, Some(&editor)).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert!(html.contains("<h1>Fee structure draft</h1>"), "{html}");
    assert!(html.contains("Preview of revision 1."), "{html}");
    assert!(
        html.contains("<title>Preview: Fee structure draft"),
        "{html}"
    );
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
    assert_eq!(headers["x-robots-tag"], "noindex");

    // A visitor is asked to sign in (and brought back); no one else learns the draft exists.
    let (status, headers, _) = page(&app, &path, None).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(
        headers[header::LOCATION],
        format!("/login?returnTo=%2Fnotices%2Fpreview%2F{id}").as_str()
    );
    for (who, cookie) in [("office", &office), ("admin", &admin)] {
        let (status, _, html) = page(&app, &path, Some(cookie)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{who}");
        assert!(!html.contains("Fee structure draft"), "{who}");
    }
    for odd in [
        "/notices/preview/999999",
        "/notices/preview/abc",
        "/notices/preview/-1",
    ] {
        let (status, _, _) = page(&app, odd, Some(&editor)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{odd}");
    }
    // Never published, so the visitors' own address has nothing.
    let (status, _, _) = page(&app, "/notices/fee-structure-draft", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
