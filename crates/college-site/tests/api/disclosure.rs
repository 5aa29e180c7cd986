//! The mandatory disclosure, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set): a
//! fresh site lists every item on /disclosure as not published yet, links it from every page's
//! footer and flags every item in the editors' checklist; an item filled in (with an uploaded
//! PDF) and published shows its day, its members, its helpline and its document, and is found
//! by the search; an empty draft cannot be published. Checks, previews and roles are in
//! disclosure_editing.rs.

use super::content_api::app;
use super::content_files::{PDF, upload_at};
use super::content_public::get;
use crate::common::{Backend, TestApp, require_built_web_app};
use college_site::{dates::college_iso_day, store::now_millis};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    a_fresh_site_shows_every_item_as_not_published_and_flags_each_for_the_office,
    an_item_filled_in_and_published_shows_its_day_its_members_and_its_document,
);

/// Every item of the guidelines of 2024, in their ten sections.
pub const ALL: usize = 53;
/// The older disclosure's nine items, whose anchors and slugs are kept.
const ITEMS: [&str; 9] = [
    "fee-structure",
    "refund-policy",
    "prospectus",
    "academic-calendar",
    "scholarships",
    "grievance-redressal",
    "internal-complaints",
    "iqac",
    "anti-ragging",
];
pub const NOT_PUBLISHED: &str = r#"<p class="disclosure__missing">Not published yet."#;

pub async fn open(app: &TestApp, editor: &str, slug: &str) -> Value {
    app.open_item(editor, &format!("/api/content/disclosure/{slug}"))
        .await
}

/// Saves the item with `changes` on top of its newest revision: the status and the answer.
pub async fn save(
    app: &TestApp,
    editor: &str,
    slug: &str,
    changes: &[(&str, &str)],
) -> (StatusCode, Value) {
    app.save_item(editor, &format!("/api/content/disclosure/{slug}"), changes)
        .await
}

/// Saves the item with `changes` and publishes that version, asserting each step.
pub async fn save_and_publish(app: &TestApp, editor: &str, slug: &str, changes: &[(&str, &str)]) {
    let (status, saved) = save(app, editor, slug, changes).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let published = app
        .staff_post(
            &format!("/api/content/disclosure/{slug}/publish"),
            editor,
            json!({ "revision": saved["page"]["head"] }),
        )
        .await;
    assert_eq!(published["page"]["state"], "published", "{published}");
}

pub const ANTI_RAGGING: [(&str, &str); 4] = [
    (
        "text",
        "Ragging in any form is forbidden on and off the campus.\n\n- Report it to any member below.",
    ),
    (
        "members",
        "Dr Meera Shah | Chairperson | meera.shah@college.example\nRavi Patel | Student member\nAnil Joshi | Warden | +91 98250 12345",
    ),
    ("helpline", "1800-180-5522"),
    ("email", "antiragging@college.example"),
];

async fn a_fresh_site_shows_every_item_as_not_published_and_flags_each_for_the_office(
    backend: Backend,
) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let checklist = app.staff_get("/api/content/disclosure", &editor).await;
    let items = checklist["items"].as_array().expect("items");
    let slugs: Vec<&str> = items
        .iter()
        .filter_map(|item| item["slug"].as_str())
        .collect();
    assert_eq!(slugs.len(), ALL, "every item: {slugs:?}");
    assert_eq!(slugs[0], "overview", "in the page's order");
    for slug in ITEMS {
        assert!(slugs.contains(&slug), "{slug} is kept");
    }
    for item in items {
        assert_eq!(item["live"], Value::Null, "never published: {item}");
        assert_eq!(item["state"], "draft", "{item}");
    }
    let anti_ragging = items
        .iter()
        .find(|item| item["slug"] == "anti-ragging")
        .expect("the item");
    assert_eq!(anti_ragging["name"], "Anti-ragging committee and squad");
    assert_eq!(anti_ragging["path"], "/disclosure/anti-ragging");

    let (status, page, _) = get(&app, "/disclosure").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<title>Mandatory disclosure | "), "{page}");
    assert_eq!(page.matches(NOT_PUBLISHED).count(), ALL, "{page}");
    // The ten sections, in the guidelines' order, each in the contents.
    let sections = [
        "About the institution",
        "Administration",
        "Academics",
        "Admissions and fees",
        "Research",
        "Student life",
        "Alumni",
        "Information corner",
        "Picture gallery",
        "Contact",
    ];
    let mut from = 0;
    for name in sections {
        let heading = format!(r#"-heading">{name}</h2>"#);
        let at = page[from..]
            .find(&heading)
            .unwrap_or_else(|| panic!("{name} in order"));
        from += at;
    }
    for slug in ITEMS {
        assert!(page.contains(&format!(r##"<a href="#{slug}">"##)), "{slug}");
        assert!(page.contains(&format!(r#"<section id="{slug}""#)), "{slug}");
        // Each has its own page too, for the university's and NAAC's forms to link.
        assert!(
            page.contains(&format!(r#"<a href="/disclosure/{slug}">"#)),
            "{slug}"
        );
    }
    let (status, own, _) = get(&app, "/disclosure/anti-ragging").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        own.contains(r#"<h1 id="anti-ragging-heading">Anti-ragging committee and squad</h1>"#),
        "{own}"
    );
    assert!(
        own.contains(r##"<a href="/disclosure#student-life">Student life</a>"##),
        "{own}"
    );
    assert!(own.contains(NOT_PUBLISHED), "{own}");
    let (status, _, _) = get(&app, "/disclosure/no-such-item").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The courses' fees are in the fee structure already, from their own pages.
    assert!(
        page.contains(
            r#"<a href="/courses/bca">Bachelor of Computer Applications</a>: Rs 45,000 a year."#
        ),
        "{page}"
    );
    for path in [
        "/",
        "/about",
        "/notices",
        "/courses/bca",
        "/disclosure",
        "/no-such-page",
    ] {
        let (_, html, _) = get(&app, path).await;
        assert!(
            html.contains(r#"<a href="/disclosure">Mandatory disclosure</a>"#),
            "{path}: the footer links the disclosure"
        );
    }
    let (_, sitemap, _) = get(&app, "/sitemap.xml").await;
    assert!(sitemap.contains(&format!("<loc>{}/disclosure</loc>", app.base)));
    assert!(
        !sitemap.contains("/disclosure/"),
        "no item's page until it is published"
    );
    let (_, search, _) = get(&app, "/search/content.json").await;
    assert!(!search.contains("disclosure-"), "nothing to find yet");
}

async fn upload_pdf(app: &TestApp, editor: &str, slug: &str, name: &str) -> String {
    let files = format!("/api/content/disclosure/{slug}/files");
    let (status, body) = upload_at(app, editor, &files, name, PDF.to_vec()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["files"][0]["copies"][0]["path"]
        .as_str()
        .expect("path")
        .to_owned()
}

async fn an_item_filled_in_and_published_shows_its_day_its_members_and_its_document(
    backend: Backend,
) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let opened = open(&app, &editor, "anti-ragging").await;
    let keys: Vec<&str> = opened["schema"]
        .as_array()
        .expect("schema")
        .iter()
        .filter_map(|field| field["key"].as_str())
        .collect();
    assert_eq!(keys, ["text", "members", "helpline", "email", "documents"]);
    assert_eq!(opened["fields"]["members"], "", "installed empty");

    // The empty draft a fresh site starts with cannot reach visitors.
    let (status, refused) = app
        .staff_call(
            Method::POST,
            "/api/content/disclosure/anti-ragging/publish",
            Some(&editor),
            json!({ "revision": 1 }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused["error"]["code"], "unfinished", "{refused}");

    let path = upload_pdf(&app, &editor, "anti-ragging", "Affidavit form.pdf").await;
    let document = format!("Anti-ragging affidavit (PDF) | {path}");
    let mut changes = ANTI_RAGGING.to_vec();
    changes.push(("documents", &document));
    let (status, saved) = save(&app, &editor, "anti-ragging", &changes).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, page, _) = get(&app, "/disclosure").await;
    assert_eq!(
        page.matches(NOT_PUBLISHED).count(),
        ALL,
        "a draft stays off the page"
    );
    let published = app
        .staff_post(
            "/api/content/disclosure/anti-ragging/publish",
            &editor,
            json!({ "revision": 2 }),
        )
        .await;
    assert_eq!(published["page"]["state"], "published", "{published}");
    assert_eq!(published["page"]["live"], 2);

    let (_, page, _) = get(&app, "/disclosure").await;
    assert_eq!(page.matches(NOT_PUBLISHED).count(), ALL - 1, "{page}");
    let (_, own, _) = get(&app, "/disclosure/anti-ragging").await;
    assert!(
        own.contains("1800-180-5522"),
        "its own page is drawn again: {own}"
    );
    let section = page
        .split(r#"<section id="anti-ragging""#)
        .nth(1)
        .and_then(|rest| rest.split("</section>").next())
        .expect("the item's section");
    let today = college_iso_day(now_millis());
    for shown in [
        format!(r#"Last updated <time datetime="{today}">"#),
        "<li>Report it to any member below.</li>".to_owned(),
        r#"<span class="members__name">Dr Meera Shah</span>, Chairperson <a href="mailto:meera.shah@college.example">"#.to_owned(),
        r#"<span class="members__name">Ravi Patel</span>, Student member</li>"#.to_owned(),
        r#"<a href="tel:+919825012345">+91 98250 12345</a>"#.to_owned(),
        r#"<strong>Helpline:</strong> <a href="tel:18001805522">1800-180-5522</a>"#.to_owned(),
        r#"<a href="mailto:antiragging@college.example">"#.to_owned(),
        format!(r#"<a href="{path}">Anti-ragging affidavit (PDF)</a>"#),
    ] {
        assert!(section.contains(&shown), "{shown}: {section}");
    }
    let (_, sitemap, _) = get(&app, "/sitemap.xml").await;
    assert!(
        sitemap.contains(&format!(
            "<url><loc>{}/disclosure/anti-ragging</loc><lastmod>",
            app.base
        )),
        "{sitemap}"
    );
    let pdf = app.client.get(app.url(&path)).send().await.expect("sent");
    assert_eq!(pdf.status(), StatusCode::OK);
    let (_, search, _) = get(&app, "/search/content.json").await;
    assert!(
        search.contains(r#""path":"/disclosure/anti-ragging""#),
        "{search}"
    );

    let checklist = app.staff_get("/api/content/disclosure", &editor).await;
    let live: Vec<&str> = checklist["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|item| !item["live"].is_null())
        .filter_map(|item| item["slug"].as_str())
        .collect();
    assert_eq!(live, ["anti-ragging"], "the one item no longer flagged");
    let audit = app
        .staff_get("/api/staff/audit?action=file-uploaded", &admin)
        .await;
    assert!(
        audit["entries"][0]["target"]
            .as_str()
            .expect("target")
            .contains(r#""Affidavit form.pdf" on disclosure anti-ragging"#),
        "{audit}"
    );
}
