//! Notices over HTTP, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set): an editor's
//! draft, edit, publish and restore, and what is refused and why.

use crate::common::{Backend, TestApp};
use college_site::store::{AuditQuery, now_millis};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    an_edit_of_a_published_notice_stays_unseen_until_published,
    the_history_restores_an_old_revision_as_a_new_one,
    bad_notices_and_times_get_clear_errors,
);

pub async fn app(backend: Backend) -> Option<TestApp> {
    TestApp::spawn(backend, |c| c.limits.auth_per_minute = 1_000).await
}

pub fn notice(title: &str) -> Value {
    json!({ "title": title, "body": "## Timetable\n\n| Day | Paper |\n|---|---|\n| Mon | Accounts |", "category": "exams", "pinned": false })
}

/// Creates a notice as `editor`; answers its id.
pub async fn create(app: &TestApp, editor: &str, title: &str) -> i64 {
    let (status, body) = app
        .staff_call(
            Method::POST,
            "/api/content/notices",
            Some(editor),
            notice(title),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["notice"]["id"].as_i64().expect("id")
}

/// The titles visitors would see now.
pub async fn live_titles(app: &TestApp) -> Vec<String> {
    let (notices, _) = app
        .store
        .published_notices("en", None, now_millis(), 0, 50)
        .await
        .expect("listed");
    notices.into_iter().map(|n| n.title).collect()
}

async fn an_edit_of_a_published_notice_stays_unseen_until_published(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "BCA semester 3 exam timetable").await;
    let opened = app
        .staff_get(&format!("/api/content/notices/{id}"), &editor)
        .await;
    assert_eq!(opened["notice"]["state"], "draft");
    assert_eq!(
        opened["notice"]["path"],
        "/notices/bca-semester-3-exam-timetable"
    );
    assert!(
        opened["notice"]["html"]
            .as_str()
            .unwrap()
            .contains("<td>Accounts</td>"),
        "the preview is the page's HTML: {opened}"
    );
    assert!(live_titles(&app).await.is_empty(), "a draft is never shown");

    app.staff_post(
        &format!("/api/content/notices/{id}/publish"),
        &editor,
        json!({"revision": 1}),
    )
    .await;
    assert_eq!(live_titles(&app).await, ["BCA semester 3 exam timetable"]);

    let (status, saved) = app
        .staff_call(
            Method::PUT,
            &format!("/api/content/notices/{id}"),
            Some(&editor),
            json!({"base": 1, "title": "BCA semester 3 exam timetable (revised)", "body": "Moved to Monday.", "category": "exams"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(saved["notice"]["unpublishedChanges"], true);
    assert_eq!(saved["notice"]["state"], "published");
    assert_eq!(
        live_titles(&app).await,
        ["BCA semester 3 exam timetable"],
        "the live one stays"
    );

    // A second editor still on revision 1 is told, and loses nothing already saved.
    let (status, stale) = app
        .staff_call(
            Method::PUT,
            &format!("/api/content/notices/{id}"),
            Some(&editor),
            json!({"base": 1, "title": "Old tab", "body": "", "category": "exams"}),
        )
        .await;
    assert_eq!(
        (status, stale["error"]["code"].as_str()),
        (StatusCode::CONFLICT, Some("stale"))
    );

    app.staff_post(
        &format!("/api/content/notices/{id}/publish"),
        &editor,
        json!({"revision": 2}),
    )
    .await;
    assert_eq!(
        live_titles(&app).await,
        ["BCA semester 3 exam timetable (revised)"]
    );
    let (entries, _) = app
        .store
        .audit_page(&AuditQuery {
            offset: 0,
            limit: 10,
            ..AuditQuery::default()
        })
        .await
        .unwrap();
    let published: Vec<&str> = entries
        .iter()
        .map(|e| e.action.as_str())
        .filter(|a| *a == "content-published")
        .collect();
    assert_eq!(published.len(), 2, "each publish is in the audit log");
    assert!(entries[0].target.contains("(revision 2)"));
    assert_eq!(
        entries[0].actor_email.as_deref(),
        Some("editor@example.com")
    );
}

async fn the_history_restores_an_old_revision_as_a_new_one(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Holiday list").await;
    for (base, title) in [(1, "Holiday list 2027"), (2, "Holidays (draft)")] {
        let (status, _) = app
            .staff_call(
                Method::PUT,
                &format!("/api/content/notices/{id}"),
                Some(&editor),
                json!({"base": base, "title": title, "body": "x", "category": "holidays"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let history = app
        .staff_get(&format!("/api/content/notices/{id}/revisions"), &editor)
        .await;
    let numbers: Vec<i64> = history["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["number"].as_i64().unwrap())
        .collect();
    assert_eq!(numbers, [3, 2, 1]);
    let first = app
        .staff_get(&format!("/api/content/notices/{id}/revisions/1"), &editor)
        .await;
    assert_eq!(first["revision"]["title"], "Holiday list");
    assert!(
        first["revision"]["body"]
            .as_str()
            .unwrap()
            .contains("Accounts")
    );

    let restored = app
        .staff_post(
            &format!("/api/content/notices/{id}/revisions/2/restore"),
            &editor,
            json!({"base": 3}),
        )
        .await;
    assert_eq!(
        (
            restored["notice"]["head"].as_i64(),
            restored["notice"]["title"].as_str()
        ),
        (Some(4), Some("Holiday list 2027"))
    );
    let history = app
        .staff_get(&format!("/api/content/notices/{id}/revisions"), &editor)
        .await;
    assert_eq!(history["revisions"][0]["restoredFrom"], 2);
    assert_eq!(
        history["revisions"].as_array().unwrap().len(),
        4,
        "nothing is overwritten"
    );
    let (status, missing) = app
        .staff_call(
            Method::POST,
            &format!("/api/content/notices/{id}/revisions/99/restore"),
            Some(&editor),
            json!({"base": 4}),
        )
        .await;
    assert_eq!(
        (status, missing["error"]["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("not-found"))
    );
}

async fn bad_notices_and_times_get_clear_errors(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let post = |body: Value| {
        let app = &app;
        let editor = editor.clone();
        async move {
            app.staff_call(Method::POST, "/api/content/notices", Some(&editor), body)
                .await
        }
    };
    let cases = [
        (
            json!({"title": "  ", "body": "x", "category": "exams"}),
            "title",
            "Give the notice a title.",
        ),
        (
            json!({"title": "x".repeat(201), "body": "x", "category": "exams"}),
            "title",
            "Keep the title under 200 characters.",
        ),
        (
            json!({"title": "A\u{202E}B", "body": "x", "category": "exams"}),
            "title",
            "The title holds a character that cannot be shown: type it again.",
        ),
        (
            json!({"title": "Ok", "body": "a\u{0}b", "category": "exams"}),
            "body",
            "The text holds a character that cannot be shown: paste it again as plain text.",
        ),
        (
            json!({"title": "Ok", "body": "x".repeat(50_001), "category": "exams"}),
            "body",
            "The notice is too long: keep it under 50,000 characters, or attach a document.",
        ),
        (
            json!({"title": "Ok", "body": "x", "category": "gossip"}),
            "category",
            "Choose a category: General, Exams, Admissions, Events or Holidays.",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = post(body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(
            (
                answer["error"]["field"].as_str(),
                answer["error"]["message"].as_str()
            ),
            (Some(field), Some(message))
        );
    }
    let (status, _) = post(json!({"title": 5})).await;
    assert!(
        status.is_client_error(),
        "a malformed body is the client's error: {status}"
    );
    assert!(
        app.store
            .items_page(
                college_site::store::ContentKind::Notice,
                &Default::default()
            )
            .await
            .unwrap()
            .1
            == 0,
        "nothing was stored"
    );

    let id = create(&app, &editor, "Ok").await;
    let now = now_millis();
    let publish = |body: Value| {
        let app = &app;
        let editor = editor.clone();
        async move {
            app.staff_call(
                Method::POST,
                &format!("/api/content/notices/{id}/publish"),
                Some(&editor),
                body,
            )
            .await
        }
    };
    let (status, answer) = publish(json!({"revision": 1, "publishAt": now - 60_000})).await;
    assert_eq!(
        (status, answer["error"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("publishAt"))
    );
    let (status, answer) =
        publish(json!({"revision": 1, "publishAt": now + 60_000, "expiresAt": now + 30_000})).await;
    assert_eq!(
        (status, answer["error"]["field"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("expiresAt"))
    );
    let (status, _) = publish(json!({"revision": 7})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for path in [
        "/api/content/notices/abc",
        "/api/content/notices/99999999999999999999",
        "/api/content/notices/42",
    ] {
        let (status, answer) = app
            .staff_call(Method::GET, path, Some(&editor), Value::Null)
            .await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("not-found")),
            "{path}"
        );
    }
}
