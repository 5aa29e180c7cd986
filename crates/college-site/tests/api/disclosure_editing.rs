//! Editing the mandatory disclosure, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
//! set): bad fields are named, a version left unfinished is refused at publishing by the name of
//! its field, an editor previews the newest versions (an unfinished draft as what visitors see)
//! and no one else can, and every endpoint answers each role as it should.

use super::content_api::app;
use super::content_public::get;
use super::disclosure::{ALL, ANTI_RAGGING, NOT_PUBLISHED, open, save};
use crate::common::{Backend, require_built_web_app};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    disclosure_fields_are_checked_and_only_an_editor_previews_the_drafts,
    every_disclosure_endpoint_answers_each_role_as_it_should,
);

async fn disclosure_fields_are_checked_and_only_an_editor_previews_the_drafts(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    for (field, value) in [
        ("members", "Dr Meera Shah"),
        ("members", "Dr Meera Shah | Chairperson | call after five"),
        ("members", &"A | B\n".repeat(21)),
        ("helpline", "call us"),
        ("email", "antiragging at college"),
        ("documents", "Form | javascript:alert(1)"),
        ("text", ""),
    ] {
        let mut changes = ANTI_RAGGING.to_vec();
        changes.push((field, value));
        let (status, answer) = save(&app, &editor, "anti-ragging", &changes).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}={value:?}"
        );
        assert_eq!(answer["error"]["field"], field, "{answer}");
    }
    let (status, _) = app
        .staff_call(
            Method::GET,
            "/api/content/disclosure/naac",
            Some(&editor),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no such item");

    let mut changes = ANTI_RAGGING.to_vec();
    changes[0] = ("text", "The <b>draft</b> rules");
    let (status, _) = save(&app, &editor, "anti-ragging", &changes).await;
    assert_eq!(status, StatusCode::OK);
    let preview = app.get_signed_in("/disclosure?preview", &editor).await;
    assert_eq!(preview.status(), StatusCode::OK);
    let preview = preview.text().await.expect("page");
    assert!(
        preview.contains("Preview of the newest versions."),
        "{preview}"
    );
    assert!(
        preview.contains("<p>The &lt;b&gt;draft&lt;/b&gt; rules</p>"),
        "made safe: {preview}"
    );
    assert_eq!(preview.matches(NOT_PUBLISHED).count(), ALL - 1);
    let (_, live, _) = get(&app, "/disclosure").await;
    assert!(
        !live.contains("The &lt;b&gt;draft"),
        "visitors see no draft"
    );
    let student = app.signed_in("student@example.com").await;
    let other = app.get_signed_in("/disclosure?preview", &student).await;
    assert_eq!(other.status(), StatusCode::NOT_FOUND);
    let (status, _, _) = get(&app, "/disclosure?preview").await;
    assert_eq!(
        status,
        StatusCode::SEE_OTHER,
        "a visitor is asked to sign in"
    );

    // Published with a heading of its own, the text's headings sit under the item's.
    changes[0] = ("text", "# Rules\n\nNo ragging, on or off the campus.");
    let (status, saved) = save(&app, &editor, "anti-ragging", &changes).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let head = saved["page"]["head"].clone();
    app.staff_post(
        "/api/content/disclosure/anti-ragging/publish",
        &editor,
        json!({ "revision": head }),
    )
    .await;
    let (_, live, _) = get(&app, "/disclosure").await;
    // Under its item (`h3`) in its section (`h2`).
    assert!(live.contains("<h4>Rules</h4>"), "{live}");
    assert!(live.contains("<p>No ragging, on or off the campus.</p>"));
    // Restored to the empty draft a fresh site starts with: refused at publishing by the
    // field to fill in, and previewed as what visitors see until then.
    let restored = app
        .staff_post(
            "/api/content/disclosure/anti-ragging/revisions/1/restore",
            &editor,
            json!({ "base": head }),
        )
        .await;
    let empty = restored["page"]["head"].clone();
    let (status, refused) = app
        .staff_call(
            Method::POST,
            "/api/content/disclosure/anti-ragging/publish",
            Some(&editor),
            json!({ "revision": empty }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused["error"]["message"],
        "This version leaves “The rules, and how to report ragging” empty or unfinished: fill it in and save before publishing."
    );
    let preview = app
        .get_signed_in("/disclosure?preview", &editor)
        .await
        .text()
        .await
        .expect("page");
    assert!(
        preview.contains("No ragging, on or off the campus."),
        "{preview}"
    );
    assert!(preview.contains("Last updated <time"), "{preview}");
}

async fn every_disclosure_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let roles = app.every_role().await;
    let mut fields = open(&app, &roles.editor, "anti-ragging").await["fields"].clone();
    for (key, value) in ANTI_RAGGING {
        fields[key] = json!(value);
    }
    let d = |rest: &str| format!("/api/content/disclosure/anti-ragging{rest}");
    let endpoints = vec![
        (
            Method::GET,
            "/api/content/disclosure".into(),
            Value::Null,
            StatusCode::OK,
        ),
        (Method::GET, d(""), Value::Null, StatusCode::OK),
        (
            Method::PUT,
            d(""),
            json!({ "base": 1, "fields": fields }),
            StatusCode::OK,
        ),
        (
            Method::POST,
            d("/publish"),
            json!({ "revision": 2 }),
            StatusCode::OK,
        ),
        (Method::POST, d("/reviewed"), json!({}), StatusCode::OK),
        (Method::GET, d("/revisions"), Value::Null, StatusCode::OK),
        (Method::GET, d("/revisions/1"), Value::Null, StatusCode::OK),
        (
            Method::POST,
            d("/revisions/1/restore"),
            json!({ "base": 2 }),
            StatusCode::OK,
        ),
        (Method::GET, d("/files"), Value::Null, StatusCode::OK),
        // JSON is not a PDF: the editor's upload is refused by its bytes.
        (
            Method::POST,
            d("/files"),
            json!({}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::DELETE,
            d("/files/1"),
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
    ];
    app.assert_only_role_passes(&roles, "editor", "not-an-editor", endpoints)
        .await;
    // An item is never taken down: the regulator asks for every one.
    let (status, _) = app
        .staff_call(
            Method::POST,
            &d("/unpublish"),
            Some(&roles.editor),
            json!({}),
        )
        .await;
    assert!(
        [StatusCode::METHOD_NOT_ALLOWED, StatusCode::NOT_FOUND].contains(&status),
        "{status}"
    );
}
