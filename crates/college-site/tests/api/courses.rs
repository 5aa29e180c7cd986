//! The courses, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set): a fresh site
//! starts with the build's three, each with its page, its fee in Indian grouping and its data
//! for search engines, and Home's cards lead to them; an editor's fee change shows at the time
//! it was scheduled for, a hidden course leaves every list; bad fields are named; every course
//! endpoint answers each role as it should.

use std::time::Duration;

use super::content_api::app;
use super::content_public::get;
use crate::common::{Backend, TestApp, eventually, require_built_web_app};
use college_site::store::now_millis;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    a_fresh_site_shows_each_course_with_its_fee_and_its_data_for_search_engines,
    a_fee_change_shows_at_its_time_and_a_hidden_course_leaves_every_list,
    course_fields_are_checked_and_only_an_editor_previews_a_draft,
    every_course_endpoint_answers_each_role_as_it_should,
);

async fn open(app: &TestApp, editor: &str, slug: &str) -> Value {
    app.open_item(editor, &format!("/api/content/courses/{slug}"))
        .await
}

/// Saves the course with `changes` on top of its newest revision: the status and the answer.
async fn save(
    app: &TestApp,
    editor: &str,
    slug: &str,
    changes: &[(&str, &str)],
) -> (StatusCode, Value) {
    app.save_item(editor, &format!("/api/content/courses/{slug}"), changes)
        .await
}

async fn page_as(app: &TestApp, path: &str, cookie: &str) -> (StatusCode, String) {
    let response = app.get_signed_in(path, cookie).await;
    let status = response.status();
    (status, response.text().await.expect("body"))
}

async fn a_fresh_site_shows_each_course_with_its_fee_and_its_data_for_search_engines(
    backend: Backend,
) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let (status, list, _) = get(&app, "/courses").await;
    assert_eq!(status, StatusCode::OK);
    let order: Vec<usize> = ["/courses/bcom", "/courses/bba", "/courses/bca"]
        .iter()
        .map(|path| list.find(&format!(r#"href="{path}""#)).expect(path))
        .collect();
    assert!(order.is_sorted(), "in the editors' order: {list}");
    assert!(list.contains("<title>Courses | "), "{list}");

    let (status, bca, _) = get(&app, "/courses/bca").await;
    assert_eq!(status, StatusCode::OK);
    for shown in [
        r#"<h1 id="course-heading">Bachelor of Computer Applications</h1>"#,
        "Rs 45,000 a year",
        "<dt>Seats</dt><dd>120</dd>",
        r#"<time datetime="2027-05-31">31 May 2027</time> GCAS registration closes"#,
        r#"href="https://gcas.gujgov.edu.in/""#,
        "Register on the GCAS portal",
        "<h3>Year 2</h3>",
        "Less than 15 days before",
        r#"<meta property="og:title" content="Bachelor of Computer Applications">"#,
        r#"<script type="application/ld+json">"#,
    ] {
        assert!(bca.contains(shown), "{shown}: {bca}");
    }
    let json_ld = bca
        .split(r#"<script type="application/ld+json">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("structured data");
    let data: Value = serde_json::from_str(json_ld).expect("JSON-LD");
    assert_eq!(data["@type"], "Course");
    assert_eq!(data["courseCode"], "BCA");
    assert_eq!(data["offers"]["price"], 45_000);
    assert_eq!(data["offers"]["priceCurrency"], "INR");
    assert_eq!(
        data["provider"]["name"],
        "Riverside College of Commerce & Computing"
    );
    assert_eq!(data["url"], format!("{}/courses/bca", app.base));

    let (_, home, _) = get(&app, "/").await;
    for code in ["BCom", "BBA", "BCA"] {
        assert!(
            home.contains(&format!(
                r#"Fees and how to apply<span class="visually-hidden"> for {code}</span>"#
            )),
            "{code}: {home}"
        );
    }
    assert!(home.contains(r#"href="/courses/bca#enquire""#));
    let (_, sitemap, _) = get(&app, "/sitemap.xml").await;
    assert!(sitemap.contains(&format!("<loc>{}/courses/bca</loc>", app.base)));
    let (_, search, _) = get(&app, "/search/content.json").await;
    assert!(search.contains(r#""path":"/courses/bba""#), "{search}");

    for missing in ["/courses/mca", "/courses/BCA", "/courses/bca%2F.."] {
        let (status, _, _) = get(&app, missing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
}

async fn a_fee_change_shows_at_its_time_and_a_hidden_course_leaves_every_list(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let (status, saved) = save(&app, &editor, "bca", &[("feePerYear", "Rs 48,500")]).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        saved["page"]["fields"]["feePerYear"], "48500",
        "kept as digits"
    );
    assert_eq!(saved["page"]["state"], "published");
    assert_eq!(saved["page"]["unpublishedChanges"], true);
    let publish_at = now_millis() + 1_500;
    let scheduled = app
        .staff_post(
            "/api/content/courses/bca/publish",
            &editor,
            json!({ "revision": 2, "publishAt": publish_at }),
        )
        .await;
    assert_eq!(scheduled["page"]["state"], "scheduled", "{scheduled}");
    let (_, before, _) = get(&app, "/courses/bca").await;
    assert!(before.contains("Rs 45,000 a year"), "not before its time");
    let shown = eventually(Duration::from_secs(10), || async {
        let (_, page, _) = get(&app, "/courses/bca").await;
        page.contains("Rs 48,500 a year").then_some(())
    })
    .await;
    assert!(shown.is_some(), "the new fee shows once its time comes");
    assert!(now_millis() >= publish_at);
    let (_, home, _) = get(&app, "/").await;
    assert!(home.contains("Rs 48,500 a year"), "Home's card too");

    // Hidden: gone from its address, the list, Home, the sitemap and the search.
    let hidden = app
        .staff_post("/api/content/courses/bba/unpublish", &editor, json!({}))
        .await;
    assert_eq!(hidden["page"]["state"], "draft", "{hidden}");
    let (status, _, _) = get(&app, "/courses/bba").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for path in ["/courses", "/", "/sitemap.xml", "/search/content.json"] {
        let (_, page, _) = get(&app, path).await;
        assert!(!page.contains("/courses/bba"), "{path}: {page}");
    }
    // Still listed for editors, who can show it again.
    let (_, listed) = app
        .staff_call(
            Method::GET,
            "/api/content/courses",
            Some(&editor),
            Value::Null,
        )
        .await;
    let slugs: Vec<&str> = listed["courses"]
        .as_array()
        .expect("courses")
        .iter()
        .filter_map(|course| course["slug"].as_str())
        .collect();
    assert_eq!(slugs, ["bcom", "bba", "bca"]);
    app.staff_post(
        "/api/content/courses/bba/publish",
        &editor,
        json!({ "revision": 1 }),
    )
    .await;
    let (status, _, _) = get(&app, "/courses/bba").await;
    assert_eq!(status, StatusCode::OK);
    let (_, history) = app
        .staff_call(
            Method::GET,
            "/api/content/courses/bca/revisions",
            Some(&editor),
            Value::Null,
        )
        .await;
    assert_eq!(history["revisions"].as_array().map(Vec::len), Some(2));
}

async fn course_fields_are_checked_and_only_an_editor_previews_a_draft(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    for (field, value) in [
        ("feePerYear", "forty thousand"),
        ("feePerYear", "0"),
        ("seats", "12000"),
        ("keyDates", "Classes begin | 2027-02-30"),
        ("keyDates", "Classes begin on 1 July"),
        ("applyAddress", "http://gcas.gujgov.edu.in/"),
        ("applyAddress", "javascript:alert(1)"),
        ("name", ""),
        ("subjects", "Year 1\u{0}"),
    ] {
        let (status, answer) = save(&app, &editor, "bca", &[(field, value)]).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}={value:?}"
        );
        assert_eq!(answer["error"]["field"], field, "{answer}");
    }
    let (status, _) = save(&app, &editor, "bca", &[("name", "<b>BCA</b> & more")]).await;
    assert_eq!(status, StatusCode::OK);
    let (_, live, _) = get(&app, "/courses/bca").await;
    assert!(!live.contains("BCA</b>"), "a draft stays off the page");

    let (status, preview) = page_as(&app, "/courses/bca?preview", &editor).await;
    assert_eq!(status, StatusCode::OK);
    assert!(preview.contains("Preview of revision 2."), "{preview}");
    assert!(
        preview.contains("&lt;b&gt;BCA&lt;/b&gt; &amp; more"),
        "escaped"
    );
    let student = app.signed_in("student@example.com").await;
    let (status, other) = page_as(&app, "/courses/bca?preview", &student).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!other.contains("more"));
    let (status, _, _) = get(&app, "/courses/bca?preview").await;
    assert_eq!(
        status,
        StatusCode::SEE_OTHER,
        "a visitor is asked to sign in"
    );
}

async fn every_course_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let roles = app.every_role().await;
    let fields = open(&app, &roles.editor, "bcom").await["fields"].clone();
    let c = |rest: &str| format!("/api/content/courses/bcom{rest}");
    let endpoints = vec![
        (
            Method::GET,
            "/api/content/courses".into(),
            Value::Null,
            StatusCode::OK,
        ),
        (Method::GET, c(""), Value::Null, StatusCode::OK),
        (
            Method::PUT,
            c(""),
            json!({ "base": 1, "fields": fields }),
            StatusCode::OK,
        ),
        (Method::GET, c("/revisions"), Value::Null, StatusCode::OK),
        (Method::GET, c("/revisions/1"), Value::Null, StatusCode::OK),
        (
            Method::POST,
            c("/revisions/1/restore"),
            json!({ "base": 2 }),
            StatusCode::OK,
        ),
        (
            Method::POST,
            c("/publish"),
            json!({ "revision": 3 }),
            StatusCode::OK,
        ),
        (Method::POST, c("/unpublish"), json!({}), StatusCode::OK),
        (Method::GET, c("/files"), Value::Null, StatusCode::OK),
        // JSON is not a PDF: the editor's upload is refused by its bytes.
        (
            Method::POST,
            c("/files"),
            json!({}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::DELETE,
            c("/files/1"),
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
        (
            Method::GET,
            "/api/content/courses/mca".into(),
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
        (
            Method::GET,
            "/api/content/courses/mca/files".into(),
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
    ];
    app.assert_only_role_passes(&roles, "editor", "not-an-editor", endpoints)
        .await;
}
