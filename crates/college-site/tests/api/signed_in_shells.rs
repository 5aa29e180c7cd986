//! The signed-in pages whose frame the server picks: `/join` with its form for a code in the
//! first HTML, every `/join/CODE` with the shell that looks up the class; a teacher's `/teach`
//! with the frame of their classes, anyone else's with the shell that waits. On SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set).

use crate::common::{Backend, TestApp};
use reqwest::{StatusCode, header};

crate::on_both_backends!(
    the_form_paints_at_once_and_a_join_link_looks_up_its_class,
    only_a_teacher_is_served_the_frame_of_their_classes,
);

async fn the_form_paints_at_once_and_a_join_link_looks_up_its_class(backend: Backend) {
    crate::common::require_built_web_app();
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let student = app.signed_in("asha@example.com").await;

    for path in ["/join", "/join/"] {
        let html = page(&app, path, &student).await;
        assert!(html.contains("<h1>Join a class</h1>"), "{path}: {html}");
        assert!(
            html.contains("Enter the class code</label>"),
            "{path}: {html}"
        );
        assert!(!html.contains("Looking up the class"), "{path}");
    }
    for path in ["/join/K7MXQ3PR", "/join/k7mx-q3pr/", "/join/_code"] {
        let html = page(&app, path, &student).await;
        assert!(html.contains("<h1>Join a class</h1>"), "{path}: {html}");
        assert!(html.contains("Looking up the class…"), "{path}: {html}");
        assert!(!html.contains("<form"), "{path}: no form for a code");
    }

    // Signed out, either is the sign-in page's first, and brings the visitor back.
    let response = app.get_signed_in("/join/K7MXQ3PR", "").await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        response.headers()[header::LOCATION],
        "/login?returnTo=%2Fjoin%2FK7MXQ3PR"
    );
    app.stop().await;
}

async fn only_a_teacher_is_served_the_frame_of_their_classes(backend: Backend) {
    crate::common::require_built_web_app();
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let teacher = app.teacher("meera@example.com").await;
    let student = app.signed_in("asha@example.com").await;

    for path in ["/teach", "/teach/"] {
        let html = page(&app, path, &teacher).await;
        assert!(html.contains(">Your classes</h2>"), "{path}: {html}");
        assert!(html.contains(">Create a class</h2>"), "{path}: {html}");

        let html = page(&app, path, &student).await;
        assert!(html.contains("Loading your classes…"), "{path}: {html}");
        assert!(
            !html.contains("Create a class"),
            "{path}: no teacher's frame for a student"
        );
    }
    // A class's page waits for its class, whoever asks (the API answers only its teacher).
    for cookie in [&teacher, &student] {
        let html = page(&app, "/teach/some-class", cookie).await;
        assert!(html.contains("Loading your classes…"), "{html}");
        assert!(!html.contains("Create a class"));
    }
    let response = app.get_signed_in("/teach", "").await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        response.headers()[header::LOCATION],
        "/login?returnTo=%2Fteach"
    );
    app.stop().await;
}

async fn page(app: &TestApp, path: &str, cookie: &str) -> String {
    let response = app.get_signed_in(path, cookie).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
    response.text().await.expect("html")
}
