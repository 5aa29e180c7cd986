//! Nothing silently stale on the disclosure, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set): documents by year, the newest current and the earlier ones kept
//! as an archive on the same page; a document past its last day shown as expired; an item not
//! looked at for a year, or with an expired document, flagged for review in the editors' room
//! and counted in the staff area's summary; "Mark reviewed" audited, dated on the page.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::content_api::app;
use super::content_public::get;
use super::disclosure::{ALL, ANTI_RAGGING, save, save_and_publish};
use crate::common::raw_sql::execute;
use crate::common::{Backend, TestApp, require_built_web_app};

crate::on_both_backends!(
    documents_by_year_keep_an_archive_and_an_expired_one_says_so,
    an_item_not_looked_at_for_a_year_needs_review_until_an_editor_marks_it,
);

const ACCOUNTS: &str = "Audited accounts | 2024-25 | /files/2-b.pdf\n\
                        Audited accounts | 2025-26 | /files/1-a.pdf\n\
                        Audited accounts | 2023-24 | /files/3-c.pdf\n\
                        Affiliation letter | until 2020-03-31 | /files/4-d.pdf";

/// The item `slug` as the editors' checklist lists it.
async fn listed(app: &TestApp, editor: &str, slug: &str) -> Value {
    let list = app.staff_get("/api/content/disclosure", editor).await;
    let items = list["items"].as_array().expect("items");
    assert_eq!(items.len(), ALL);
    items
        .iter()
        .find(|item| item["slug"] == slug)
        .cloned()
        .expect("the item is listed")
}

async fn attention(app: &TestApp, member: &str) -> Value {
    app.staff_get("/api/staff/summary", member).await["disclosureAttention"].clone()
}

async fn documents_by_year_keep_an_archive_and_an_expired_one_says_so(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;

    // A year that is neither financial nor calendar is refused at the documents' field.
    let wrong = "Audited accounts | 2024-2025 | /files/1-a.pdf";
    let text = ("text", "Audited every year by a chartered accountant.");
    let (status, refused) = save(
        &app,
        &editor,
        "annual-accounts",
        &[text, ("documents", wrong)],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["field"], "documents", "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|message| message.contains("a financial year, like 2024-25")),
        "{refused}"
    );

    save_and_publish(
        &app,
        &editor,
        "annual-accounts",
        &[text, ("documents", ACCOUNTS)],
    )
    .await;
    let (status, page, _) = get(&app, "/disclosure/annual-accounts").await;
    assert_eq!(status, StatusCode::OK);
    let at = |words: &str| {
        page.find(words)
            .unwrap_or_else(|| panic!("{words} in {page}"))
    };
    // The newest year is current; the earlier ones follow as the archive, newest first.
    assert!(at(">Audited accounts, 2025-26</a>") < at("<h2>Earlier years</h2>"));
    assert!(at("<h2>Earlier years</h2>") < at(">Audited accounts, 2024-25</a>"));
    assert!(at(">Audited accounts, 2024-25</a>") < at(">Audited accounts, 2023-24</a>"));
    assert!(page.contains(
        r#"Affiliation letter</a> <strong class="disclosure__expired">Expired</strong> on <time datetime="2020-03-31">31 March 2020</time>"#
    ));
    let (_, whole, _) = get(&app, "/disclosure").await;
    assert!(whole.contains("<h4>Earlier years</h4>"), "{whole}");

    // The expired document asks for review, in the room and in the summary.
    let item = listed(&app, &editor, "annual-accounts").await;
    assert_eq!(item["standing"], "needsReview", "{item}");
    assert_eq!(
        item["standingWhy"],
        "“Affiliation letter” expired on 31 March 2020."
    );
    assert_eq!(item["section"], "About the institution");
    let never = listed(&app, &editor, "hostel").await;
    assert_eq!(never["standing"], "neverPublished", "{never}");
    assert_eq!(attention(&app, &editor).await, json!(ALL));
}

async fn an_item_not_looked_at_for_a_year_needs_review_until_an_editor_marks_it(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let roles = app.every_role().await;
    let editor = &roles.editor;
    save_and_publish(&app, editor, "anti-ragging", &ANTI_RAGGING).await;
    assert_eq!(
        listed(&app, editor, "anti-ragging").await["standing"],
        "published"
    );

    // Published 400 days ago, and not looked at since.
    let days_400 = 400_i64 * 24 * 60 * 60 * 1000;
    let changed = execute(
        app.database_url(),
        &format!(
            "UPDATE content_items SET live_since = live_since - {days_400} \
             WHERE kind = 'disclosure' AND slug = 'anti-ragging'"
        ),
    )
    .await;
    assert_eq!(changed, 1);
    let stale = listed(&app, editor, "anti-ragging").await;
    assert_eq!(stale["standing"], "needsReview", "{stale}");
    assert!(
        stale["standingWhy"]
            .as_str()
            .is_some_and(|why| why.starts_with("Not reviewed since ")),
        "{stale}"
    );
    assert_eq!(attention(&app, &roles.admin).await, json!(ALL));
    // The office, a teacher and the committee keep no disclosure: no figure for them.
    assert_eq!(attention(&app, &roles.office).await, json!(0));

    // Nothing published cannot be marked reviewed.
    let (status, refused) = app
        .staff_call(
            Method::POST,
            "/api/content/disclosure/hostel/reviewed",
            Some(editor),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"]["code"], "not-published");

    let marked = app
        .staff_post(
            "/api/content/disclosure/anti-ragging/reviewed",
            editor,
            json!({}),
        )
        .await;
    assert_eq!(marked["item"]["standing"], "published", "{marked}");
    assert!(marked["item"]["reviewedAt"].is_i64(), "{marked}");
    assert_eq!(attention(&app, &roles.admin).await, json!(ALL - 1));

    // Visitors read both days; the audit log says who looked.
    let (_, page, _) = get(&app, "/disclosure/anti-ragging").await;
    assert!(page.contains("; reviewed <time datetime="), "{page}");
    let audit = app
        .staff_get("/api/staff/audit?action=content-reviewed", &roles.admin)
        .await;
    assert!(
        audit
            .to_string()
            .contains(r#"\"Anti-ragging committee and squad\""#),
        "{audit}"
    );
}
