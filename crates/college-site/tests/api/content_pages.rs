//! The site's pages (Home, About, Contact) as the office edits them, on SQLite and on
//! PostgreSQL (when TEST_DATABASE_URL is set): a fresh site starts with the build's text as
//! revision 1; a draft stays off the page until it is published, and only an editor previews
//! it; a publish shows at the next visit, in the HTML and in the island; a restore brings an
//! older text back as a new revision; every endpoint answers each role as it should.

use super::content_api::{app, create};
use super::content_public::{get, publish as publish_notice};
use crate::common::{Backend, TestApp, require_built_web_app};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    the_search_finds_published_notices_and_pages_and_never_a_draft,
    a_fresh_site_starts_with_the_built_text_and_an_edit_shows_once_published,
    an_editor_previews_a_draft_page_and_no_one_else_can,
    page_fields_are_checked_and_links_follow_their_text,
    every_page_endpoint_answers_each_role_as_it_should,
);

async fn open(app: &TestApp, editor: &str, slug: &str) -> Value {
    app.open_item(editor, &format!("/api/content/pages/{slug}"))
        .await
}

/// Saves the page's fields with `changes` on top of its newest revision; answers the page.
async fn save(app: &TestApp, editor: &str, slug: &str, changes: &[(&str, &str)]) -> Value {
    let (status, answer) = app
        .save_item(editor, &format!("/api/content/pages/{slug}"), changes)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["page"].clone()
}

async fn publish(app: &TestApp, editor: &str, slug: &str, revision: &Value) {
    let (status, answer) = app
        .staff_call(
            Method::POST,
            &format!("/api/content/pages/{slug}/publish"),
            Some(editor),
            json!({ "revision": revision }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

async fn a_fresh_site_starts_with_the_built_text_and_an_edit_shows_once_published(
    backend: Backend,
) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let (status, answer) = app
        .staff_call(
            Method::GET,
            "/api/content/pages",
            Some(&editor),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let listed: Vec<(&str, &str)> = answer["pages"]
        .as_array()
        .expect("pages")
        .iter()
        .map(|page| {
            assert_eq!(page["updatedBy"], "The site as installed", "{page}");
            (
                page["slug"].as_str().expect("slug"),
                page["state"].as_str().expect("state"),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("home", "published"),
            ("about", "published"),
            ("contact", "published"),
            ("footer", "published")
        ]
    );
    let about = open(&app, &editor, "about").await;
    assert_eq!(about["fields"]["heading"], "Why join Riverside College?");
    assert_eq!(about["schema"][0]["key"], "heading");
    assert_eq!(about["schema"][0]["maxChars"], 120);

    let (status, html, _) = get(&app, "/about").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(r#"<h1 data-edit="about.heading">Why join Riverside College?</h1>"#),
        "{html}"
    );
    assert!(
        html.contains(r#""pages":{"about":{"#),
        "the island carries the fields"
    );

    // A draft changes nothing a visitor sees.
    let draft = save(
        &app,
        &editor,
        "about",
        &[("heading", "Why study at <Riverside> & stay?")],
    )
    .await;
    assert_eq!(draft["state"], "published");
    assert_eq!(draft["unpublishedChanges"], true);
    let (_, html, _) = get(&app, "/about").await;
    assert!(html.contains(">Why join Riverside College?</h1>"));
    assert!(!html.contains("Why study at"));

    publish(&app, &editor, "about", &draft["head"]).await;
    let (_, html, _) = get(&app, "/about").await;
    assert!(
        html.contains(
            r#"<h1 data-edit="about.heading">Why study at &lt;Riverside&gt; &amp; stay?</h1>"#
        ),
        "{html}"
    );
    assert!(
        html.contains(r#""heading":"Why study at \u003cRiverside\u003e \u0026 stay?""#),
        "the island holds the same text: {html}"
    );
    // Other pages keep theirs; the offline copy's address gets the same page.
    let (_, contact, _) = get(&app, "/contact").await;
    assert!(contact.contains(r#"<h1 data-edit="contact.heading">Contact us</h1>"#));
    let (_, offline, _) = get(&app, "/about?offline").await;
    assert!(offline.contains("Why study at &lt;Riverside&gt;"));

    // Revision 1 restored is revision 3, published like any other.
    let (status, answer) = app
        .staff_call(
            Method::POST,
            "/api/content/pages/about/revisions/1/restore",
            Some(&editor),
            json!({ "base": 2 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["page"]["head"], 3);
    assert_eq!(
        answer["page"]["fields"]["heading"],
        "Why join Riverside College?"
    );
    let (_, revisions) = app
        .staff_call(
            Method::GET,
            "/api/content/pages/about/revisions",
            Some(&editor),
            Value::Null,
        )
        .await;
    assert_eq!(revisions["revisions"][0]["restoredFrom"], 1);
    assert_eq!(revisions["revisions"][2]["author"], "The site as installed");
    publish(&app, &editor, "about", &json!(3)).await;
    let (_, html, _) = get(&app, "/about").await;
    assert!(html.contains(">Why join Riverside College?</h1>"));

    // Each publish is in the audit log, naming the page.
    let admin = app.staff_member("admin@example.com", "admin").await;
    let (_, audit) = app
        .staff_call(
            Method::GET,
            "/api/staff/audit?action=content-published",
            Some(&admin),
            Value::Null,
        )
        .await;
    let targets: Vec<&str> = audit["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|entry| entry["target"].as_str())
        .collect();
    assert!(
        targets
            .iter()
            .any(|target| target.contains("\"About\" (revision 3)")),
        "{targets:?}"
    );
}

async fn page_as(
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

async fn an_editor_previews_a_draft_page_and_no_one_else_can(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let office = app.staff_member("office@example.com", "office").await;
    let student = app.signed_in("student@example.com").await;
    save(&app, &editor, "home", &[("heading", "Admissions are open")]).await;

    let (status, headers, html) = page_as(&app, "/?preview", Some(&editor)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(">Admissions are open</h1>"), "{html}");
    assert!(html.contains("Preview of revision 2."), "{html}");
    assert_eq!(headers[header::CACHE_CONTROL], "no-store");
    assert_eq!(headers["x-robots-tag"], "noindex");

    let (status, headers, _) = page_as(&app, "/?preview", None).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(headers[header::LOCATION], "/login?returnTo=%2F%3Fpreview");
    for (who, cookie) in [("office", &office), ("student", &student)] {
        let (status, _, html) = page_as(&app, "/?preview", Some(cookie)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{who}");
        assert!(!html.contains("Admissions are open"), "{who}");
    }
    // What everyone else gets at Home is the published text, and it is kept, not the preview.
    let (_, html, _) = get(&app, "/").await;
    assert!(!html.contains("Admissions are open"));
    assert!(html.contains(">Welcome to Riverside College</h1>"));
}

async fn page_fields_are_checked_and_links_follow_their_text(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let page = open(&app, &editor, "contact").await;
    for (field, value) in [
        ("heading", "   "),
        ("phone", "call us"),
        ("email", "office@college.example, evil@attacker.example"),
        ("address", "1\n2\n3\n4\n5\n6\n7"),
        ("intro", &"x".repeat(601)),
    ] {
        let mut fields = page["fields"].clone();
        fields[field] = json!(value);
        let (status, answer) = app
            .staff_call(
                Method::PUT,
                "/api/content/pages/contact",
                Some(&editor),
                json!({ "base": page["head"], "fields": fields }),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {answer}"
        );
        assert_eq!(answer["error"]["field"], field, "{answer}");
    }
    // A save on top of an older revision than the newest is refused, not lost quietly.
    let (status, answer) = app
        .staff_call(
            Method::PUT,
            "/api/content/pages/contact",
            Some(&editor),
            json!({ "base": 7, "fields": page["fields"] }),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    for path in ["/api/content/pages/nope", "/api/content/pages/About"] {
        let (status, _) = app
            .staff_call(Method::GET, path, Some(&editor), Value::Null)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }

    let saved = save(
        &app,
        &editor,
        "contact",
        &[
            ("phone", "079 2630 0000"),
            ("email", "office@college.example"),
            ("address", "1 New Road\nAhmedabad 380 001"),
        ],
    )
    .await;
    publish(&app, &editor, "contact", &saved["head"]).await;
    let (_, html, _) = get(&app, "/contact").await;
    assert!(
        html.contains(r#"<a href="tel:07926300000" data-edit="contact.phone">079 2630 0000</a>"#),
        "{html}"
    );
    assert!(html.contains(r#"href="mailto:office@college.example""#));
    assert!(
        html.contains(
            r#"<span data-edit="contact.address">1 New Road<br/>Ahmedabad 380 001</span>"#
        )
    );
    assert!(!html.contains("Riverbank Road"));
}

async fn every_page_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let roles = app.every_role().await;
    let editor = &roles.editor;
    let fields = open(&app, editor, "about").await["fields"].clone();
    let endpoints: Vec<(Method, &str, Value, StatusCode)> = vec![
        (
            Method::GET,
            "/api/content/pages",
            Value::Null,
            StatusCode::OK,
        ),
        (
            Method::GET,
            "/api/content/pages/about",
            Value::Null,
            StatusCode::OK,
        ),
        (
            Method::PUT,
            "/api/content/pages/about",
            json!({ "base": 1, "fields": fields }),
            StatusCode::OK,
        ),
        (
            Method::GET,
            "/api/content/pages/about/revisions",
            Value::Null,
            StatusCode::OK,
        ),
        (
            Method::GET,
            "/api/content/pages/about/revisions/1",
            Value::Null,
            StatusCode::OK,
        ),
        (
            Method::POST,
            "/api/content/pages/about/revisions/1/restore",
            json!({ "base": 2 }),
            StatusCode::OK,
        ),
        (
            Method::POST,
            "/api/content/pages/about/publish",
            json!({ "revision": 3 }),
            StatusCode::OK,
        ),
    ];
    let endpoints = endpoints
        .into_iter()
        .map(|(method, path, body, allowed)| (method, path.to_owned(), body, allowed))
        .collect();
    app.assert_only_role_passes(&roles, "editor", "not-an-editor", endpoints)
        .await;
    // A page is never taken down or deleted: the site always shows one.
    for (method, path) in [
        (Method::DELETE, "/api/content/pages/about"),
        (Method::POST, "/api/content/pages/about/unpublish"),
    ] {
        let (status, _) = app
            .staff_call(method.clone(), path, Some(editor), json!({}))
            .await;
        assert!(
            status == StatusCode::METHOD_NOT_ALLOWED || status == StatusCode::NOT_FOUND,
            "{method} {path}: {status}"
        );
    }
}

async fn the_search_finds_published_notices_and_pages_and_never_a_draft(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let published = create(&app, &editor, "BCA exam timetable").await;
    publish_notice(&app, &editor, published, 1).await;
    create(&app, &editor, "Draft fee structure").await;
    save(
        &app,
        &editor,
        "about",
        &[("intro", "A draft nobody may find")],
    )
    .await;

    let (status, text, headers) = get(&app, "/search/content.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    let documents: Value = serde_json::from_str(&text).expect("json");
    let found: Vec<(&str, &str, &str)> = documents["documents"]
        .as_array()
        .expect("documents")
        .iter()
        .map(|document| {
            (
                document["kind"].as_str().expect("kind"),
                document["title"].as_str().expect("title"),
                document["path"].as_str().expect("path"),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("Page", "Home", "/"),
            ("Page", "About", "/about"),
            ("Page", "Contact", "/contact"),
            ("Course", "Bachelor of Commerce", "/courses/bcom"),
            (
                "Course",
                "Bachelor of Business Administration",
                "/courses/bba"
            ),
            (
                "Course",
                "Bachelor of Computer Applications",
                "/courses/bca"
            ),
            (
                "Notice",
                "BCA exam timetable",
                "/notices/bca-exam-timetable"
            ),
        ]
    );
    assert!(text.contains("Riverbank Road"), "a page's text is searched");
    assert!(!text.contains("Draft fee structure"));
    assert!(!text.contains("A draft nobody may find"));
}
