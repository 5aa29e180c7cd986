//! Input the database cannot take gets a clear 4xx on both backends, never a 5xx and never a
//! lost message: NUL and other control characters in messages, searches, ids and addresses;
//! bidirectional overrides in names; an address too long for the API.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::{
    common::{Backend, TestApp, auth_api::error_of, valid_form},
    on_both_backends,
};

on_both_backends!(
    a_nul_in_a_contact_message_is_refused_with_the_message_kept_on_the_page,
    nul_in_searches_ids_and_json_gets_a_4xx,
    names_that_turn_text_around_are_refused
);

async fn app(backend: Backend) -> Option<TestApp> {
    TestApp::spawn(backend, |config| {
        config.limits.auth_per_minute = 1_000;
        config.limits.contact_per_minute = 1_000;
    })
    .await
}

async fn a_nul_in_a_contact_message_is_refused_with_the_message_kept_on_the_page(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let mut form = valid_form();
    form.retain(|(field, _)| *field != "message");
    form.push(("message", "Is there a hostel?\u{0} Thank you."));
    let response = app.post_contact(&form).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let page = response.text().await.expect("page");
    assert!(
        page.contains("Your message: remove the control characters it holds (such as NUL)"),
        "{page}"
    );
    assert!(
        page.contains("Is there a hostel?"),
        "what was typed is kept"
    );
    assert!(
        app.store
            .contact_messages(10)
            .await
            .expect("read")
            .is_empty()
    );

    form.retain(|(field, _)| *field != "message");
    form.push(("message", "Is there a hostel?\r\n\tThank you."));
    assert_eq!(
        app.post_contact(&form).await.status(),
        StatusCode::SEE_OTHER
    );
}

async fn nul_in_searches_ids_and_json_gets_a_4xx(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let admin = app.staff_member("admin@example.com", "admin").await;
    for path in [
        "/api/staff/messages?q=asha%00",
        "/api/staff/people?q=%00",
        "/api/staff/people/uid%00x",
        "/api/staff/messages/1%00",
        "/api/classes/join/AB%00",
    ] {
        let (status, body) = app
            .staff_call(Method::GET, path, Some(&admin), Value::Null)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert_eq!(body["error"]["code"], "malformed-request", "{path}");
    }

    let ended = app
        .post_signed_in(
            "/api/account/sessions/end",
            &admin,
            json!({"id": "a\u{0}b"}),
        )
        .await;
    assert_eq!(error_of(ended).await.1, "session-not-found");

    let long = format!("/api/staff/people/{}", "x".repeat(10_000));
    let (status, body) = app
        .staff_call(Method::GET, &long, Some(&admin), Value::Null)
        .await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert_eq!(body["error"]["code"], "address-too-long");
}

async fn names_that_turn_text_around_are_refused(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let (status, code, message) = error_of(
        app.register("Asha \u{202E}gnp.exe", "asha@example.com")
            .await,
    )
    .await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input")
    );
    assert!(message.contains("U+202E"), "{message}");

    let mut form = valid_form();
    form.retain(|(field, _)| *field != "name");
    form.push(("name", "Asha \u{2067}Rao"));
    let page = app.post_contact(&form).await.text().await.expect("page");
    assert!(
        page.contains("Your name: remove the characters that change the direction of text"),
        "{page}"
    );

    let teacher = app.staff_member("teacher@example.com", "teacher").await;
    let created = app
        .post_signed_in(
            "/api/teach/classes",
            &teacher,
            json!({"name": "BCA \u{202E}1"}),
        )
        .await;
    assert_eq!(error_of(created).await.1, "invalid-name");
}
