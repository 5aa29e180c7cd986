//! Every content endpoint against every role, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set): a visitor gets 401, a student, a teacher, the office and an admin
//! without the editor role 403, an editor what the endpoint does.

use crate::common::Backend;
use crate::content_api::{app, create, notice};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(every_content_endpoint_answers_each_role_as_it_should);

async fn every_content_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let student = app.signed_in("student@example.com").await;
    let teacher = app.staff_member("teacher@example.com", "teacher").await;
    let office = app.staff_member("office@example.com", "office").await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Exam timetable").await;
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
        (Method::DELETE, n(""), Value::Null, StatusCode::NO_CONTENT),
    ];
    for (method, path, body, allowed) in endpoints {
        let (status, _) = app
            .staff_call(method.clone(), &path, None, body.clone())
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "visitor: {method} {path}");
        for (who, cookie) in [
            ("student", &student),
            ("teacher", &teacher),
            ("office", &office),
            ("admin", &admin),
        ] {
            let (status, answer) = app
                .staff_call(method.clone(), &path, Some(cookie), body.clone())
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {method} {path}");
            assert_eq!(
                answer["error"]["code"], "not-an-editor",
                "{who}: {method} {path}"
            );
        }
        let (status, answer) = app
            .staff_call(method.clone(), &path, Some(&editor), body)
            .await;
        assert_eq!(status, allowed, "editor: {method} {path}: {answer}");
    }
}
