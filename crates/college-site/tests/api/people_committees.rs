//! Committees made of the college's people, on SQLite and PostgreSQL (when TEST_DATABASE_URL is
//! set): a member named by their record shows with their name, page and published contact, and
//! drops off every committee when they leave; and the first start of this version links the
//! members written as text to the people's records, once, making a record (flagged "needs
//! details") for a name that has none, and losing no contact.

use super::content_api::app;
use super::content_public::get;
use crate::common::old_database::{Db, migration_files, version_of};
use crate::common::{Backend, TestApp, TestDatabase, require_built_web_app};
use college_site::content::items::fields::{Fields, from_body};
use college_site::store::{ContentKind, SharedStore};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    a_committee_names_people_from_their_records_and_drops_one_who_leaves,
    the_first_start_links_members_written_as_text_to_people_once,
);

/// Publishes the newest revision of the item at `api` once `changes` are saved on it.
async fn save_and_publish(app: &TestApp, editor: &str, api: &str, changes: &[(&str, &str)]) {
    let (status, saved) = app.save_item(editor, api, changes).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (status, published) = app
        .staff_call(
            Method::POST,
            &format!("{api}/publish"),
            Some(editor),
            json!({ "revision": saved["page"]["head"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{published}");
}

/// The IQAC's part of `/disclosure`.
async fn iqac(app: &TestApp) -> String {
    let (status, page, _) = get(app, "/disclosure").await;
    assert_eq!(status, StatusCode::OK);
    page.split(r#"<section id="iqac""#)
        .nth(1)
        .and_then(|rest| rest.split("</section>").next())
        .expect("the IQAC")
        .to_owned()
}

async fn a_committee_names_people_from_their_records_and_drops_one_who_leaves(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let (status, added) = app
        .staff_call(
            Method::POST,
            "/api/content/people",
            Some(&editor),
            json!({ "name": "Dr Meera Shah" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{added}");
    let meera = "/api/content/people/dr-meera-shah";
    save_and_publish(
        &app,
        &editor,
        meera,
        &[
            (
                "appointments",
                "Associate Professor | Commerce | Full-time | 2015-07-01",
            ),
            ("email", "meera.shah@college.example"),
            ("showContact", "Yes, they are official"),
        ],
    )
    .await;
    // A member named by a record that does not exist is refused at the field.
    let (status, refused) = app
        .save_item(
            &editor,
            "/api/content/disclosure/iqac",
            &[
                ("text", "The cell reviews teaching every term."),
                ("email", "iqac@college.example"),
                ("members", "@Dr Meera | Chairperson"),
            ],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["field"], "members");
    save_and_publish(
        &app,
        &editor,
        "/api/content/disclosure/iqac",
        &[
            ("text", "The cell reviews teaching every term."),
            (
                "members",
                "@dr-meera-shah | Coordinator\nRavi Patel | Student member",
            ),
            ("email", "iqac@college.example"),
        ],
    )
    .await;
    let committee = iqac(&app).await;
    for shown in [
        r#"<li><a class="members__name" href="/people/dr-meera-shah">Dr Meera Shah</a>, Coordinator <a href="mailto:meera.shah@college.example">meera.shah@college.example</a></li>"#,
        r#"<li><span class="members__name">Ravi Patel</span>, Student member</li>"#,
        "Members last changed",
    ] {
        assert!(committee.contains(shown), "{shown}: {committee}");
    }

    // Her page lists the committees she sits on.
    let (_, profile, _) = get(&app, "/people/dr-meera-shah").await;
    assert!(
        profile.contains(r#"<h2 id="committees">Committees</h2><ul class="person__list"><li><a href="/disclosure/iqac">Internal quality assurance cell (IQAC)</a>, Coordinator</li></ul>"#),
        "{profile}"
    );

    // She leaves: off the committee at once, with no change to the committee's own text.
    save_and_publish(&app, &editor, meera, &[("leftOn", "2026-01-31")]).await;
    let committee = iqac(&app).await;
    assert!(!committee.contains("Meera"), "{committee}");
    assert!(committee.contains("Ravi Patel"), "{committee}");
}

/// The step before the upgrade table: a database as the previous version left it.
const UPGRADES_MIGRATION: i64 = 21;

fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// An item of `kind` with its revision 1, published.
fn item_sql(kind: &str, slug: &str, title: &str, body: &Value) -> [String; 2] {
    [
        format!(
            "INSERT INTO content_items (kind, language, slug, created_at, head, live,
                                        first_published_at, live_since, head_title)
             VALUES ({}, 'en', {}, 1000, 1, 1, 1000, 1000, {})",
            literal(kind),
            literal(slug),
            literal(title)
        ),
        format!(
            "INSERT INTO content_revisions (item_id, number, created_at, author_email,
                                            author_name, title, category, pinned, body)
             SELECT id, 1, 1000, 'editor@college.test', 'Editor', {}, 'page', FALSE, {}
             FROM content_items WHERE kind = {} AND slug = {}",
            literal(title),
            literal(&body.to_string()),
            literal(kind),
            literal(slug)
        ),
    ]
}

/// The fields of revision `number` of the item `id`.
async fn fields_of(store: &SharedStore, id: i64, number: i64) -> Fields {
    let revision = store
        .revision(id, number)
        .await
        .expect("store")
        .expect("revision");
    from_body(&revision.body).expect("fields")
}

async fn newest_fields(store: &SharedStore, kind: ContentKind, slug: &str) -> (i64, Fields) {
    let row = store
        .item_by_slug(kind, "en", slug)
        .await
        .expect("store")
        .expect(slug);
    assert_eq!(row.live, Some(row.head), "{slug} is live as it is newest");
    (row.head, fields_of(store, row.id, row.head).await)
}

async fn the_first_start_links_members_written_as_text_to_people_once(backend: Backend) {
    let Some(database) = TestDatabase::create(backend).await else {
        return;
    };
    require_built_web_app();
    let steps = tempfile::tempdir().expect("dir");
    for file in migration_files(backend) {
        if version_of(&file) < UPGRADES_MIGRATION {
            std::fs::copy(&file, steps.path().join(file.file_name().expect("name"))).expect("copy");
        }
    }
    let mut db = Db::open(&database.url).await;
    db.migrate(steps.path()).await;
    let meera = json!({
        "name": "Dr Meera Shah", "staff": "Teaching",
        "appointments": "Associate Professor | Commerce | Full-time | 2015-07-01",
        "qualifications": "", "subjects": "", "bio": "", "photo": "", "email": "", "phone": "",
        "showContact": "No, keep them for the office", "leadership": "Not in the leadership",
        "links": "", "position": "", "leftOn": "",
    });
    let committee = json!({
        "text": "The cell reviews teaching every term.",
        "members": "Dr Meera Shah | Coordinator | meera.old@college.example\nravi patel | Student member | ravi@college.example\nAnil Joshi | Member",
        "email": "iqac@college.example",
        "documents": "",
    });
    let statements = [
        item_sql("person", "dr-meera-shah", "Dr Meera Shah", &meera),
        item_sql(
            "disclosure",
            "iqac",
            "Internal quality assurance cell (IQAC)",
            &committee,
        ),
    ];
    for statement in statements.iter().flatten() {
        db.execute(statement).await;
    }

    let data_dir = database.dir.path().join("data");
    let app = TestApp::on_database(database.url.clone(), data_dir.clone(), |_| {}).await;
    let store = &app.store;
    let (head, fields) = newest_fields(store, ContentKind::Disclosure, "iqac").await;
    assert_eq!(head, 2, "one revision more, published");
    assert_eq!(
        fields["members"],
        // Meera's record publishes no contact: the committee's line keeps the one it gave.
        "@dr-meera-shah | Coordinator | meera.old@college.example\n@ravi-patel | Student member\n@anil-joshi | Member"
    );
    // Ravi had none: his record is made, with the email the line published.
    let ravi = store
        .item_by_slug(ContentKind::Person, "en", "ravi-patel")
        .await
        .expect("store")
        .expect("a record for Ravi");
    assert_eq!(ravi.live, None, "a draft for the office to fill in");
    let ravi_fields = fields_of(store, ravi.id, ravi.head).await;
    assert_eq!(ravi_fields["name"], "ravi patel");
    assert_eq!(ravi_fields["email"], "ravi@college.example");
    assert_eq!(ravi_fields["showContact"], "Yes, they are official");

    let page = iqac(&app).await;
    for shown in [
        r#"<a class="members__name" href="/people/dr-meera-shah">Dr Meera Shah</a>, Coordinator <a href="mailto:meera.old@college.example">"#,
        // Named, not linked: his record is not published.
        r#"<span class="members__name">Anil Joshi</span>, Member"#,
    ] {
        assert!(page.contains(shown), "{shown}: {page}");
    }
    let editor = app.staff_member("editor@example.com", "editor").await;
    let (_, listed) = app
        .staff_call(
            Method::GET,
            "/api/content/people",
            Some(&editor),
            Value::Null,
        )
        .await;
    let waiting: Vec<&str> = listed["people"]
        .as_array()
        .expect("people")
        .iter()
        .filter(|person| person["needsDetails"] == true)
        .filter_map(|person| person["slug"].as_str())
        .collect();
    assert_eq!(waiting, ["anil-joshi", "ravi-patel"]);

    // Once: a second start changes nothing, even with a member written as text since.
    save_and_publish(
        &app,
        &editor,
        "/api/content/disclosure/iqac",
        &[(
            "members",
            "@dr-meera-shah | Coordinator\nAsha Rao | Student member",
        )],
    )
    .await;
    drop(app);
    let again = TestApp::on_database(database.url.clone(), data_dir, |_| {}).await;
    let (head, fields) = newest_fields(&again.store, ContentKind::Disclosure, "iqac").await;
    assert_eq!(head, 3);
    assert_eq!(
        fields["members"],
        "@dr-meera-shah | Coordinator\nAsha Rao | Student member"
    );
}
