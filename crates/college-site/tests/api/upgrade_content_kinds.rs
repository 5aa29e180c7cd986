//! The upgrade that gives the courses and the disclosure's items a kind of their own (they were
//! pages kept as `courses/bca` and `disclosure/refund-policy`): on SQLite and PostgreSQL, a
//! database as the previous version left it keeps each item's id, revisions, files and schedule,
//! visitors find the course and the disclosure where they did with the text editors wrote, the
//! server makes no second copy of them at start-up, and a new item never takes an old id.

use crate::common::old_database::{Db, migration_files, version_of};
use crate::common::{Backend, TestApp, TestDatabase, require_built_web_app};
use college_site::content::courses::fields::starting_courses;
use college_site::store::{
    Author, ContentKind, ItemQuery, ItemRow, NewItem, RevisionText, SharedStore,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

crate::on_both_backends!(courses_and_disclosure_items_keep_everything_under_their_own_kind);

/// The migration that moved them.
const KINDS_MIGRATION: i64 = 19;
/// A schedule far ahead, so that it is still waiting when the test looks.
const PUBLISH_AT: i64 = 4_102_444_800_000;

/// `text` as an SQL string literal.
fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The build's BCA with the name an editor gave it.
fn bca_named(name: &str) -> String {
    let (_, mut fields) = starting_courses()
        .into_iter()
        .find(|(slug, _)| slug == "bca")
        .expect("the build has BCA");
    fields.insert("name".to_owned(), Value::String(name.to_owned()));
    Value::Object(fields).to_string()
}

fn revision_sql(slug: &str, number: i64, title: &str, body: &str) -> String {
    format!(
        "INSERT INTO content_revisions (item_id, number, created_at, author_email, author_name,
                                        title, category, pinned, body)
         SELECT id, {number}, {number}000, 'editor@college.test', 'Editor', {}, 'page', FALSE, {}
         FROM content_items WHERE slug = {}",
        literal(title),
        literal(body),
        literal(slug),
    )
}

/// A database migrated up to the step before the kinds, holding what editors made there: BCA
/// edited (revision 1 live, revision 2 scheduled) with a PDF attached, the refund policy
/// published, and a notice made and deleted (the highest id given so far).
async fn old_database(backend: Backend, url: &str) -> i64 {
    let steps = tempfile::tempdir().expect("dir");
    for file in migration_files(backend) {
        if version_of(&file) < KINDS_MIGRATION {
            let name = file.file_name().expect("name");
            std::fs::copy(&file, steps.path().join(name)).expect("copy");
        }
    }
    let mut db = Db::open(url).await;
    db.migrate(steps.path()).await;
    let statements = [
        format!(
            "INSERT INTO content_items (kind, language, slug, created_at, head, live,
                                        first_published_at, live_since, scheduled, publish_at,
                                        head_title)
             VALUES ('page', 'en', 'courses/bca', 1000, 2, 1, 1000, 1000, 2, {PUBLISH_AT},
                     'BCA, scheduled')"
        ),
        revision_sql(
            "courses/bca",
            1,
            "BCA, kept",
            &bca_named("BCA kept through the upgrade"),
        ),
        revision_sql(
            "courses/bca",
            2,
            "BCA, scheduled",
            &bca_named("BCA as scheduled"),
        ),
        "INSERT INTO content_files (item_id, name, created_at, author_email, author_name, bytes)
         SELECT id, 'Syllabus.pdf', 3000, 'editor@college.test', 'Editor', 3
         FROM content_items WHERE slug = 'courses/bca'"
            .to_owned(),
        "INSERT INTO content_items (kind, language, slug, created_at, head, live,
                                    first_published_at, live_since, head_title)
         VALUES ('page', 'en', 'disclosure/refund-policy', 1000, 1, 1, 1000, 1000,
                 'Fee refund policy')"
            .to_owned(),
        revision_sql(
            "disclosure/refund-policy",
            1,
            "Fee refund policy",
            &json!({ "text": "Refunds kept through the upgrade.", "documents": "" }).to_string(),
        ),
        "INSERT INTO content_items (kind, language, slug, created_at, head)
         VALUES ('notice', 'en', 'gone', 1000, 1)"
            .to_owned(),
    ];
    for statement in &statements {
        db.execute(statement).await;
    }
    let deleted = db
        .texts("SELECT CAST(id AS TEXT) FROM content_items WHERE slug = 'gone'")
        .await;
    db.execute("DELETE FROM content_items WHERE slug = 'gone'")
        .await;
    deleted[0].parse().expect("an id")
}

async fn found(store: &SharedStore, kind: ContentKind, slug: &str) -> Option<ItemRow> {
    store.item_by_slug(kind, "en", slug).await.expect("store")
}

async fn total(store: &SharedStore, kind: ContentKind) -> i64 {
    let query = ItemQuery {
        search: None,
        offset: 0,
        limit: 100,
    };
    store.items_page(kind, &query).await.expect("store").1
}

async fn page(app: &TestApp, path: &str) -> String {
    let response = app.client.get(app.url(path)).send().await.expect("answer");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.text().await.expect("body")
}

async fn courses_and_disclosure_items_keep_everything_under_their_own_kind(backend: Backend) {
    let Some(database) = TestDatabase::create(backend).await else {
        return;
    };
    require_built_web_app();
    let highest_id = old_database(backend, &database.url).await;
    let data_dir = database.dir.path().join("data");
    let app = TestApp::on_database(database.url.clone(), data_dir, |_| {}).await;

    // Visitors read what editors wrote, where they read it before.
    let course = page(&app, "/courses/bca").await;
    assert!(course.contains("BCA kept through the upgrade"), "{course}");
    assert!(!course.contains("BCA as scheduled"), "{course}");
    let courses = page(&app, "/courses").await;
    assert_eq!(
        courses.matches(r#"href="/courses/bca""#).count(),
        1,
        "{courses}"
    );
    let disclosure = page(&app, "/disclosure").await;
    assert!(
        disclosure.contains("Refunds kept through the upgrade."),
        "{disclosure}"
    );

    // The items are their kind's, with their ids, revisions, files and schedule.
    let store = &app.store;
    let bca = found(store, ContentKind::Course, "bca").await.expect("BCA");
    assert_eq!((bca.head, bca.live, bca.scheduled), (2, Some(1), Some(2)));
    assert_eq!(bca.publish_at, Some(PUBLISH_AT));
    let revisions = store.revisions(bca.id).await.expect("store");
    assert_eq!(revisions.len(), 2, "{revisions:?}");
    let (files, _) = store.files(bca.id).await.expect("store");
    assert_eq!(files.len(), 1, "{files:?}");
    assert_eq!(files[0].name, "Syllabus.pdf");
    let refunds = found(store, ContentKind::Disclosure, "refund-policy").await;
    assert_eq!(refunds.expect("the refund policy").live, Some(1));
    for (kind, slug) in [
        (ContentKind::Page, "courses/bca"),
        (ContentKind::Page, "disclosure/refund-policy"),
        (ContentKind::Course, "courses/bca"),
    ] {
        assert!(found(store, kind, slug).await.is_none(), "{slug}");
    }

    // Start-up made the build's other courses and items beside them, and no second BCA.
    assert_eq!(total(store, ContentKind::Course).await, 3);
    assert_eq!(
        total(store, ContentKind::Disclosure).await,
        crate::disclosure::ALL as i64
    );

    let text = RevisionText {
        title: "After the upgrade".to_owned(),
        category: "Admissions".to_owned(),
        pinned: false,
        body: "New.".to_owned(),
    };
    let author = Author {
        email: "editor@college.test".to_owned(),
        name: None,
    };
    let item = NewItem {
        kind: ContentKind::Notice,
        language: "en",
        slug: "after-the-upgrade",
        text: &text,
        author: &author,
        now: 5000,
    };
    let id = store.create_item(&item, 10).await.expect("store");
    assert!(id.expect("made") > highest_id, "{id:?} after {highest_id}");
    app.stop().await;
}
