//! Who may send and read enquiries, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
//! set): every enquiry endpoint of the staff area answers each role as it should, and a visitor
//! shares one allowance of forms per address between the contact and enquiry forms, told in
//! words and by Retry-After when to send again, their text kept.

use super::enquiries::{app, enquiry, post_enquiry};
use crate::common::{Backend, TestApp, require_built_web_app};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    every_enquiry_endpoint_answers_each_role_as_it_should,
    enquiries_share_the_contact_forms_allowance_and_say_when_to_try_again,
);

async fn every_enquiry_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    require_built_web_app();
    for course in ["bca", "bcom", "bca", "bba"] {
        assert_eq!(
            post_enquiry(&app, course, &enquiry()).await.status(),
            StatusCode::SEE_OTHER
        );
    }
    let id = app.store.contact_messages(1).await.expect("messages")[0].id;
    let student = app.signed_in("student@example.com").await;
    let teacher = app.staff_member("teacher@example.com", "teacher").await;
    let editor = app.staff_member("editor@example.com", "editor").await;
    let office = app.staff_member("office@example.com", "office").await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let endpoints: Vec<(Method, String, Value)> = vec![
        (
            Method::GET,
            "/api/staff/messages?kind=enquiry&course=bba".into(),
            Value::Null,
        ),
        (
            Method::GET,
            format!("/api/staff/messages/{id}"),
            Value::Null,
        ),
        (
            Method::POST,
            format!("/api/staff/messages/{id}/status"),
            json!({ "status": "contacted" }),
        ),
        (
            Method::POST,
            format!("/api/staff/messages/{id}/notes"),
            json!({ "text": "Rang back." }),
        ),
        (
            Method::GET,
            "/api/staff/messages.csv?kind=enquiry".into(),
            Value::Null,
        ),
    ];
    for (method, path, body) in endpoints {
        let (status, _) = app
            .staff_call(method.clone(), &path, None, body.clone())
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "visitor: {method} {path}");
        for (who, cookie) in [
            ("student", &student),
            ("teacher", &teacher),
            ("editor", &editor),
        ] {
            let (status, _) = app
                .staff_call(method.clone(), &path, Some(cookie), body.clone())
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {method} {path}");
        }
        for (who, cookie) in [("office", &office), ("admin", &admin)] {
            let (status, answer) = app
                .staff_call(method.clone(), &path, Some(cookie), body.clone())
                .await;
            assert_eq!(status, StatusCode::OK, "{who}: {method} {path}: {answer}");
            if path.starts_with("/api/staff/messages?") {
                // The course filter offers each course enquired about, once, in order.
                assert_eq!(answer["courses"], json!(["bba", "bca", "bcom"]), "{who}");
            }
        }
    }
}

async fn enquiries_share_the_contact_forms_allowance_and_say_when_to_try_again(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.contact_per_minute = 1).await else {
        return;
    };
    require_built_web_app();
    assert_eq!(
        app.post_contact(&crate::common::valid_form())
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    let response = post_enquiry(&app, "bca", &enquiry()).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let seconds: u64 = response.headers()["retry-after"]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    let page = response.text().await.expect("page");
    assert!(
        page.contains(&format!(
            "Please wait {seconds} seconds, then send the enquiry again."
        )),
        "{page}"
    );
    assert!(page.contains("12th Commerce"), "the visitor's text is kept");
}
