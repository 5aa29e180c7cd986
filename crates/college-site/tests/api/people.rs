//! The faculty and staff directory, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
//! set): an editor adds a person, fills in their appointments, qualifications and photo, and
//! publishes; visitors find them at /people by department and by words with a plain GET
//! form, read their profile and its data for search engines; a person who leaves is off the
//! site (page, card and photo) and stays in the records and the NIRF/NAAC faculty list; bad
//! fields are named; every endpoint answers each role as it should.

use super::content_api::app;
use super::content_files::upload_at;
use super::content_public::get;
use super::content_uploads::{encoded, photo};
use crate::common::{Backend, TestApp, require_built_web_app};
use image::ImageFormat;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

crate::on_both_backends!(
    an_editor_adds_a_person_and_visitors_find_them_by_department_and_by_words,
    a_person_who_leaves_leaves_the_site_and_stays_in_the_faculty_list,
    person_fields_are_checked_at_their_field,
    an_editor_puts_a_department_in_order,
    every_people_endpoint_answers_each_role_as_it_should,
);

const PEOPLE: &str = "/api/content/people";

fn person_api(slug: &str) -> String {
    format!("{PEOPLE}/{slug}")
}

/// Adds `name` as `editor`: answers the new record's slug.
async fn add(app: &TestApp, editor: &str, name: &str) -> String {
    let (status, body) = app
        .staff_call(Method::POST, PEOPLE, Some(editor), json!({ "name": name }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["page"]["slug"].as_str().expect("slug").to_owned()
}

/// Saves `changes` and publishes the revision saved; answers the publish's status and body.
async fn save_and_publish(
    app: &TestApp,
    editor: &str,
    slug: &str,
    changes: &[(&str, &str)],
) -> (StatusCode, Value) {
    let (status, saved) = app.save_item(editor, &person_api(slug), changes).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    app.staff_call(
        Method::POST,
        &format!("{}/publish", person_api(slug)),
        Some(editor),
        json!({ "revision": saved["page"]["head"] }),
    )
    .await
}

const MEERA: [(&str, &str); 6] = [
    (
        "appointments",
        "Lecturer | Commerce | Contract | 2012-06-15 | 2015-06-30\nAssociate Professor | Commerce | Full-time | 2015-07-01",
    ),
    (
        "qualifications",
        "M.Com | Accountancy | Gujarat University | 2008\nUGC NET | Commerce | UGC | 2010\nPhD | Commerce | The Maharaja Sayajirao University of Baroda | 2014",
    ),
    ("subjects", "Financial accounting, auditing, taxation"),
    ("bio", "Teaches **accounts** to the first year."),
    ("email", "meera.shah@college.example"),
    (
        "links",
        "ORCID | https://orcid.org/0000-0002-1825-0097\nGoogle Scholar | https://scholar.google.com/citations?user=abc",
    ),
];

/// The JSON-LD of a page.
fn structured_data(page: &str) -> Value {
    let json_ld = page
        .split(r#"<script type="application/ld+json">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("structured data");
    serde_json::from_str(json_ld).expect("JSON-LD")
}

async fn an_editor_adds_a_person_and_visitors_find_them_by_department_and_by_words(
    backend: Backend,
) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let slug = add(&app, &editor, "  Dr Meera   Shah ").await;
    assert_eq!(slug, "dr-meera-shah");
    // A second person of the same name gets an address of their own.
    assert_eq!(add(&app, &editor, "Dr Meera Shah").await, "dr-meera-shah-2");

    let (status, list, _) = get(&app, "/people").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!list.contains("Meera"), "a draft is no one's: {list}");

    // A photo, through the upload pipeline.
    let (status, files) = upload_at(
        &app,
        &editor,
        &format!("{}/files", person_api(&slug)),
        "meera.jpg",
        encoded(&photo(1200, 1500), ImageFormat::Jpeg),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{files}");
    let copies = files["files"][0]["copies"].as_array().expect("copies");
    let largest = copies.last().expect("a copy")["path"]
        .as_str()
        .expect("path");
    let mut changes = MEERA.to_vec();
    changes.push(("photo", largest));
    let (status, published) = save_and_publish(&app, &editor, &slug, &changes).await;
    assert_eq!(status, StatusCode::OK, "{published}");

    let (_, list, _) = get(&app, "/people").await;
    for shown in [
        "<title>Faculty and staff | ",
        r#"<form class="people-search" method="get" action="/people""#,
        r#"<h2 id="department-commerce">Commerce</h2>"#,
        r#"<a href="/people/dr-meera-shah">Dr Meera Shah</a>"#,
        r#"<p class="person-card__designation">Associate Professor</p>"#,
        r#"<p class="person-card__degree">PhD, Commerce</p>"#,
        r#"<option value="commerce">Commerce</option>"#,
        "-480.jpg 480w",
    ] {
        assert!(list.contains(shown), "{shown}: {list}");
    }
    // Found by a subject and by a department, without JavaScript: the form's own addresses.
    for (query, found) in [
        ("?q=taxation", true),
        ("?q=shah+audit", true),
        ("?q=chemistry", false),
        ("?department=commerce", true),
        ("?department=library", false),
        ("?department=commerce&q=meera", true),
        ("?q=%E2%80%AEmeera", true),
    ] {
        let (status, page, _) = get(&app, &format!("/people{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(
            page.contains(r#"href="/people/dr-meera-shah""#),
            found,
            "{query}: {page}"
        );
        if !found {
            assert!(page.contains("Nobody matches."), "{query}: {page}");
        }
    }
    // The leadership comes first: the principal with her published contact, and the governing
    // body, whose chairperson is from outside the college (no appointment, no department).
    let principal = add(&app, &editor, "Dr Kavita Rao").await;
    let (status, _) = save_and_publish(
        &app,
        &editor,
        &principal,
        &[
            (
                "appointments",
                "Principal | Administration | Full-time | 2019-06-01",
            ),
            ("leadership", "Principal"),
            ("email", "principal@college.example"),
            ("showContact", "Yes, they are official"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let chair = add(&app, &editor, "Shri Haresh Mehta").await;
    let (status, _) = save_and_publish(
        &app,
        &editor,
        &chair,
        &[("leadership", "Governing body: chairperson")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, list, _) = get(&app, "/people").await;
    let leadership = list
        .split(r#"<h2 id="leadership">Leadership</h2>"#)
        .nth(1)
        .and_then(|rest| rest.split("</section>").next())
        .expect("a leadership section");
    for shown in [
        r#"<a href="/people/dr-kavita-rao">Dr Kavita Rao</a></h3><p class="person-card__designation">Principal</p><p><a href="mailto:principal@college.example">"#,
        r#"<h3 id="governing-body">Governing body</h3><ul class="members"><li><a class="members__name" href="/people/shri-haresh-mehta">Shri Haresh Mehta</a>, chairperson</li></ul>"#,
    ] {
        assert!(leadership.contains(shown), "{shown}: {leadership}");
    }
    assert!(
        !list.contains(r#"<a href="/people/shri-haresh-mehta">"#),
        "no department lists a member from outside: {list}"
    );
    let (_, searched, _) = get(&app, "/people?q=meera").await;
    assert!(
        !searched.contains("Leadership"),
        "a search shows who matches only"
    );
    let (_, searched, _) = get(&app, "/people?department=commerce").await;
    assert!(searched.contains(r#"<option value="commerce" selected>Commerce</option>"#));

    let (status, profile, _) = get(&app, "/people/dr-meera-shah").await;
    assert_eq!(status, StatusCode::OK);
    for shown in [
        r#"<h1 id="person-heading">Dr Meera Shah</h1>"#,
        "<dt>Appointment</dt><dd>Full-time</dd>",
        "<dt>With the college since</dt><dd>June 2012</dd>",
        "PhD in Commerce, The Maharaja Sayajirao University of Baroda, 2014",
        "Financial accounting, auditing, taxation",
        "<strong>accounts</strong>",
        r#"href="https://orcid.org/0000-0002-1825-0097""#,
        "Associate Professor, Commerce (Full-time): July 2015 to now",
        r#"<meta property="og:type" content="profile">"#,
    ] {
        assert!(profile.contains(shown), "{shown}: {profile}");
    }
    // The email is the college's to publish: not until an editor says so.
    assert!(!profile.contains("meera.shah@college.example"), "{profile}");
    let data = structured_data(&profile);
    assert_eq!(data["@type"], "Person");
    assert_eq!(data["jobTitle"], "Associate Professor");
    assert_eq!(
        data["worksFor"]["name"],
        "Riverside College of Commerce & Computing"
    );
    assert_eq!(
        data["alumniOf"][1]["name"],
        "The Maharaja Sayajirao University of Baroda"
    );
    assert_eq!(
        data["alumniOf"].as_array().map(Vec::len),
        Some(2),
        "NET is no university"
    );
    assert_eq!(data["sameAs"][0], "https://orcid.org/0000-0002-1825-0097");
    assert!(data.get("email").is_none());
    assert!(data["image"].as_str().expect("image").ends_with(largest));

    let (status, _) = save_and_publish(
        &app,
        &editor,
        &slug,
        &[
            ("showContact", "Yes, they are official"),
            ("phone", "+91 265 245 8900"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, profile, _) = get(&app, "/people/dr-meera-shah").await;
    assert!(
        profile.contains(r#"<a href="mailto:meera.shah@college.example">"#),
        "{profile}"
    );
    assert!(
        profile.contains(r#"<a href="tel:+912652458900">"#),
        "{profile}"
    );
    assert_eq!(
        structured_data(&profile)["email"],
        "meera.shah@college.example"
    );

    let (_, sitemap, _) = get(&app, "/sitemap.xml").await;
    assert!(sitemap.contains(&format!("<loc>{}/people/dr-meera-shah</loc>", app.base)));
    let (_, search, _) = get(&app, "/search/content.json").await;
    assert!(
        search.contains(r#""path":"/people/dr-meera-shah""#),
        "{search}"
    );
    // The draft of the second Meera Shah is nowhere.
    for (path, page) in [("sitemap", &sitemap), ("search", &search)] {
        assert!(!page.contains("dr-meera-shah-2"), "{path}");
    }
    for missing in [
        "/people/dr-meera-shah-2",
        "/people/nobody",
        "/people/Dr-Meera",
    ] {
        let (status, _, _) = get(&app, missing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
}

async fn csv(app: &TestApp, cookie: &str, on: &str) -> String {
    let response = app
        .get_signed_in(&format!("{PEOPLE}.csv?on={on}"), cookie)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    response.text().await.expect("csv")
}

async fn a_person_who_leaves_leaves_the_site_and_stays_in_the_faculty_list(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let slug = add(&app, &editor, "Anil Joshi").await;
    let (status, files) = upload_at(
        &app,
        &editor,
        &format!("{}/files", person_api(&slug)),
        "anil.png",
        encoded(&photo(400, 400), ImageFormat::Png),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{files}");
    let picture = files["files"][0]["copies"][0]["path"]
        .as_str()
        .expect("path")
        .to_owned();
    let record = [
        (
            "appointments",
            "Assistant Professor | Computer Applications | Contract | 2021-07-01",
        ),
        (
            "qualifications",
            "MCA | Computer Applications | Gujarat University | 2019",
        ),
        ("photo", picture.as_str()),
    ];
    let (status, _) = save_and_publish(&app, &editor, &slug, &record).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.client
            .get(app.url(&picture))
            .send()
            .await
            .expect("sent")
            .status(),
        StatusCode::OK
    );
    let (_, list, _) = get(&app, "/people").await;
    assert!(list.contains("Anil Joshi"));

    // He left on 30 April 2026: off the directory, his page and his photo from that day.
    let (status, left) = save_and_publish(&app, &editor, &slug, &[("leftOn", "2026-04-30")]).await;
    assert_eq!(status, StatusCode::OK, "{left}");
    let (_, list, _) = get(&app, "/people").await;
    assert!(!list.contains("Anil Joshi"), "{list}");
    let (status, _, _) = get(&app, "/people/anil-joshi").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let photo_status = app
        .client
        .get(app.url(&picture))
        .send()
        .await
        .expect("sent")
        .status();
    assert_eq!(photo_status, StatusCode::NOT_FOUND);
    let (_, search, _) = get(&app, "/search/content.json").await;
    assert!(!search.contains("anil-joshi"));

    // Kept in the records: the staff list says he is former staff.
    let (status, listed) = app
        .staff_call(Method::GET, PEOPLE, Some(&editor), Value::Null)
        .await;
    assert_eq!(status, StatusCode::OK);
    let anil = &listed["people"][0];
    assert_eq!(anil["name"], "Anil Joshi");
    assert_eq!(anil["former"], true);
    assert_eq!(anil["leftOn"], "2026-04-30");
    assert_eq!(anil["department"], "Computer Applications");

    // The academic year 2025-26 had him; 2026-27 does not.
    let year = csv(&app, &editor, "2026-01-15").await;
    let mut lines = year.lines();
    assert_eq!(
        lines.next(),
        Some(
            "Name,Designation,Department,Highest degree,Subject,University,Year,NET/SET/PhD,Date of joining,Date of leaving,Full-time or contract,Experience in months,Official email,Profile"
        )
    );
    assert_eq!(
        lines.next(),
        Some(
            "Anil Joshi,Assistant Professor,Computer Applications,MCA,Computer Applications,Gujarat University,2019,,2021-07-01,2026-04-30,Contract,58,,/people/anil-joshi"
        )
    );
    assert_eq!(lines.next(), None);
    let next_year = csv(&app, &editor, "2026-11-28").await;
    assert_eq!(next_year.lines().count(), 1, "{next_year}");
    let response = app
        .get_signed_in(&format!("{PEOPLE}.csv?on=2026-02-30"), &editor)
        .await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

async fn person_fields_are_checked_at_their_field(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    for name in ["", "Meera\u{202E}hahS", "Meera\u{0007}"] {
        let (status, body) = app
            .staff_call(Method::POST, PEOPLE, Some(&editor), json!({ "name": name }))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}: {body}");
        assert_eq!(body["error"]["field"], "name");
    }
    let slug = add(&app, &editor, "Ravi Patel").await;
    for (field, value) in [
        ("appointments", "Lecturer | Commerce | Full-time"),
        (
            "appointments",
            "Lecturer | Commerce | Sometimes | 2020-01-01",
        ),
        (
            "appointments",
            "Lecturer | Commerce | Contract | 2020-01-01 | 2019-01-01",
        ),
        ("qualifications", "PhD | Commerce | MSU | 14"),
        ("leftOn", "31/03/2027"),
        ("photo", "https://tracker.example/ravi.jpg"),
        ("photo", "/files/../secret.jpg"),
        ("staff", "Sometimes"),
        ("name", "Ravi\u{2066}Patel"),
        ("links", "ORCID | javascript:alert(1)"),
    ] {
        let changes = [
            (
                "appointments",
                "Lecturer | Commerce | Contract | 2020-01-01",
            ),
            (field, value),
        ];
        let (status, body) = app.save_item(&editor, &person_api(&slug), &changes).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}={value:?}: {body}"
        );
        assert_eq!(body["error"]["field"], field, "{value:?}");
        assert!(
            !body["error"]["message"]
                .as_str()
                .unwrap_or_default()
                .is_empty()
        );
    }
    // The bio is Markdown, made safe on the server like a notice.
    let (status, _) = save_and_publish(
        &app,
        &editor,
        &slug,
        &[
            (
                "appointments",
                "Librarian | Library | Full-time | 2018-06-01",
            ),
            ("staff", "Non-teaching"),
            (
                "bio",
                "Runs the library. <script>alert(1)</script> [x](javascript:alert(1))",
            ),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, profile, _) = get(&app, "/people/ravi-patel").await;
    assert!(!profile.contains("<script>alert"), "{profile}");
    assert!(!profile.contains("javascript:"), "{profile}");
    assert!(
        !profile.contains("Teaching experience"),
        "a librarian does not teach: {profile}"
    );
}

async fn every_people_endpoint_answers_each_role_as_it_should(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let roles = app.every_role().await;
    let slug = add(&app, &roles.editor, "Priya Nair").await;
    let fields = app.open_item(&roles.editor, &person_api(&slug)).await["fields"].clone();
    let mut whole = fields.clone();
    whole["appointments"] = json!("Lecturer | Management | Contract | 2024-07-01");
    let p = |rest: &str| format!("{}{rest}", person_api(&slug));
    let endpoints = vec![
        (Method::GET, PEOPLE.into(), Value::Null, StatusCode::OK),
        (
            Method::POST,
            PEOPLE.into(),
            json!({ "name": "Someone New" }),
            StatusCode::OK,
        ),
        (
            Method::GET,
            format!("{PEOPLE}.csv"),
            Value::Null,
            StatusCode::OK,
        ),
        (Method::GET, p(""), Value::Null, StatusCode::OK),
        (
            Method::PUT,
            p(""),
            json!({ "base": 1, "fields": whole }),
            StatusCode::OK,
        ),
        (Method::GET, p("/revisions"), Value::Null, StatusCode::OK),
        (Method::GET, p("/revisions/1"), Value::Null, StatusCode::OK),
        (
            Method::POST,
            p("/revisions/2/restore"),
            json!({ "base": 2 }),
            StatusCode::OK,
        ),
        (
            Method::POST,
            p("/publish"),
            json!({ "revision": 3 }),
            StatusCode::OK,
        ),
        (Method::POST, p("/unpublish"), json!({}), StatusCode::OK),
        (Method::GET, p("/files"), Value::Null, StatusCode::OK),
        // JSON is not an image: the upload is refused by its bytes.
        (
            Method::POST,
            p("/files"),
            json!({}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            Method::DELETE,
            p("/files/1"),
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
        // Last: it saves a revision of its own.
        (
            Method::POST,
            format!("{PEOPLE}-order"),
            json!({ "slugs": [slug] }),
            StatusCode::OK,
        ),
        (
            Method::GET,
            person_api("nobody"),
            Value::Null,
            StatusCode::NOT_FOUND,
        ),
    ];
    app.assert_only_role_passes(&roles, "editor", "not-an-editor", endpoints)
        .await;
    // The preview of a draft is an editor's only.
    let refused = app
        .get_signed_in(&format!("/people/{slug}?preview"), &roles.office)
        .await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    let preview = app
        .get_signed_in(&format!("/people/{slug}?preview"), &roles.editor)
        .await;
    assert_eq!(preview.status(), StatusCode::OK);
    assert!(
        preview
            .text()
            .await
            .expect("page")
            .contains("Preview of revision")
    );
}

async fn an_editor_puts_a_department_in_order(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let mut slugs = Vec::new();
    for name in ["Asha Desai", "Bhavin Trivedi", "Chetna Vora"] {
        let slug = add(&app, &editor, name).await;
        let appointment = [(
            "appointments",
            "Lecturer | Commerce | Full-time | 2020-07-01",
        )];
        let (status, _) = save_and_publish(&app, &editor, &slug, &appointment).await;
        assert_eq!(status, StatusCode::OK);
        slugs.push(slug);
    }
    // Chetna has a draft waiting: it moves with her, and stays a draft.
    let (status, _) = app
        .save_item(&editor, &person_api(&slugs[2]), &[("subjects", "Costing")])
        .await;
    assert_eq!(status, StatusCode::OK);
    let order = |page: &str| -> Vec<usize> {
        slugs
            .iter()
            .map(|slug| page.find(&format!(r#"href="/people/{slug}""#)).expect(slug))
            .collect()
    };
    let (_, list, _) = get(&app, "/people").await;
    assert!(order(&list).is_sorted(), "by name first: {list}");

    let (status, moved) = app
        .staff_call(
            Method::POST,
            &format!("{PEOPLE}-order"),
            Some(&editor),
            json!({ "slugs": [&slugs[2], &slugs[0], &slugs[1]] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["moved"], 3);
    let (_, list, _) = get(&app, "/people").await;
    let after = order(&list);
    assert!(after[2] < after[0] && after[0] < after[1], "{list}");
    let chetna = app.open_item(&editor, &person_api(&slugs[2])).await;
    assert_eq!(chetna["fields"]["position"], "1");
    assert_eq!(chetna["fields"]["subjects"], "Costing");
    assert_ne!(chetna["live"], chetna["head"], "her draft is still a draft");

    // An order naming a stranger moves nobody.
    let (status, _) = app
        .staff_call(
            Method::POST,
            &format!("{PEOPLE}-order"),
            Some(&editor),
            json!({ "slugs": [&slugs[1], "nobody"] }),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let bhavin = app.open_item(&editor, &person_api(&slugs[1])).await;
    assert_eq!(bhavin["fields"]["position"], "3");
}
