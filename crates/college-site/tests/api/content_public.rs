//! The notices visitors read, over HTTP, on SQLite and on PostgreSQL (when TEST_DATABASE_URL
//! is set): the list, a notice's page and the feed, as a browser with JavaScript off gets
//! them; what a visitor never sees (drafts, unpublished edits); expiry; and a publish seen by
//! every instance.

use std::time::Duration;

use super::content_api::{app, create};
use crate::common::{Backend, TestApp, eventually, require_built_web_app};
use college_site::store::now_millis;
use reqwest::{Method, StatusCode, header};
use serde_json::json;

crate::on_both_backends!(
    published_notices_are_pages_a_visitor_reads_without_javascript,
    drafts_and_unpublished_edits_never_reach_a_visitor,
    an_expired_notice_leaves_the_list_and_its_page_says_so,
    a_publish_shows_on_every_instance,
);

pub async fn get(app: &TestApp, path: &str) -> (StatusCode, String, reqwest::header::HeaderMap) {
    let response = app.client.get(app.url(path)).send().await.expect("request");
    let status = response.status();
    let headers = response.headers().clone();
    (status, response.text().await.expect("body"), headers)
}

pub async fn publish(app: &TestApp, editor: &str, id: i64, revision: i64) {
    app.staff_post(
        &format!("/api/content/notices/{id}/publish"),
        editor,
        json!({ "revision": revision }),
    )
    .await;
}

async fn published_notices_are_pages_a_visitor_reads_without_javascript(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let timetable = create(&app, &editor, "BCA semester 3 exam timetable").await;
    publish(&app, &editor, timetable, 1).await;
    let (status, holiday) = app
        .staff_call(
            Method::POST,
            "/api/content/notices",
            Some(&editor),
            json!({ "title": "Diwali holiday", "body": "The college is closed from **1 to 5 November**.", "category": "holidays", "pinned": true }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{holiday}");
    publish(
        &app,
        &editor,
        holiday["notice"]["id"].as_i64().expect("id"),
        1,
    )
    .await;

    let (status, list, headers) = get(&app, "/notices").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/html; charset=utf-8");
    assert!(list.contains("<title>Notices | "), "{list}");
    let pinned = list.find("Diwali holiday").expect("the pinned notice");
    let other = list
        .find("BCA semester 3 exam timetable")
        .expect("the other");
    assert!(pinned < other, "pinned on top");
    assert!(list.contains(r#"<a href="/notices/bca-semester-3-exam-timetable">"#));
    assert!(
        list.contains("The college is closed from 1 to 5 November."),
        "a summary"
    );
    // The same HTML is in the page-state island the app hydrates from.
    assert!(list.contains(r#"<script type="application/json" id="page-state">{"content":{"html":"\u003cdiv class=\"section container notices\"\u003e"#));

    let (_, holidays, _) = get(&app, "/notices?category=holidays").await;
    assert!(holidays.contains("Diwali holiday") && !holidays.contains("BCA semester 3"));
    assert!(
        holidays
            .contains(r#"<a href="/notices?category=holidays" aria-current="page">Holidays</a>"#)
    );

    let (status, page, _) = get(&app, "/notices/bca-semester-3-exam-timetable").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<h1>BCA semester 3 exam timetable</h1>"));
    assert!(page.contains("<td>Accounts</td>"), "the body's table");
    assert!(page.contains("<title>BCA semester 3 exam timetable | "));

    let (status, feed, headers) = get(&app, "/notices/feed.xml").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        headers[header::CONTENT_TYPE],
        "application/atom+xml; charset=utf-8"
    );
    assert!(feed.contains("<title>Diwali holiday</title>"));
    assert!(feed.contains("/notices/bca-semester-3-exam-timetable</id>"));

    let (status, sitemap, headers) = get(&app, "/sitemap.xml").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        headers[header::CONTENT_TYPE],
        "application/xml; charset=utf-8"
    );
    for page in [
        "/about",
        "/notices",
        "/react",
        "/notices/bca-semester-3-exam-timetable",
    ] {
        assert!(
            sitemap.contains(&format!("<loc>{}{page}</loc>", app.base)),
            "{page}: {sitemap}"
        );
    }
    assert!(
        !sitemap.contains("/login") && !sitemap.contains("/staff"),
        "{sitemap}"
    );
    let (status, robots, headers) = get(&app, "/robots.txt").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/plain; charset=utf-8");
    assert!(
        robots.contains(&format!("Sitemap: {}/sitemap.xml", app.base)),
        "{robots}"
    );
    assert!(
        robots.contains("Disallow: /api/\n") && robots.contains("Disallow: /staff\n"),
        "{robots}"
    );

    // Sent compressed to a browser that takes it, and not at all to one that has it.
    let compressed = app
        .client
        .get(app.url("/notices"))
        .header(header::ACCEPT_ENCODING, "gzip")
        .send()
        .await
        .expect("request");
    assert_eq!(compressed.headers()[header::CONTENT_ENCODING], "gzip");
    let etag = compressed.headers()[header::ETAG].clone();
    // Brotli to a browser that takes it (every one today), the same page once decoded.
    let read = |encoding: &'static str| {
        app.client
            .get(app.url("/notices"))
            .header(header::ACCEPT_ENCODING, encoding)
            .send()
    };
    let brotli = read("gzip, deflate, br").await.expect("request");
    assert_eq!(brotli.headers()[header::CONTENT_ENCODING], "br");
    let brotli = brotli.bytes().await.expect("body");
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut brotli.as_ref(), &mut decoded).expect("brotli");
    let plain = read("identity").await.expect("request");
    assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
    assert_eq!(decoded, plain.bytes().await.expect("body").as_ref());
    assert!(
        brotli.len() * 4 < decoded.len(),
        "{} of {}",
        brotli.len(),
        decoded.len()
    );
    let again = app
        .client
        .get(app.url("/notices"))
        .header(header::IF_NONE_MATCH, etag)
        .send()
        .await
        .expect("request");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // Addresses that name nothing get the 404 page, never an error of the server's.
    for path in [
        "/notices?page=abc",
        "/notices?page=0",
        "/notices?page=2",
        "/notices?category=gossip",
        "/notices/No%20Such%20Notice",
        "/notices/no-such-notice",
        "/notices/a%2Fb",
    ] {
        let (status, body, _) = get(&app, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(!body.contains("page-state"), "{path}");
    }
}

async fn drafts_and_unpublished_edits_never_reach_a_visitor(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    create(&app, &editor, "Draft about fees").await;
    let id = create(&app, &editor, "Library hours").await;
    publish(&app, &editor, id, 1).await;

    let (status, saved) = app
        .staff_call(
            Method::PUT,
            &format!("/api/content/notices/{id}"),
            Some(&editor),
            json!({"base": 1, "title": "Library hours (new)", "body": "Open till 9.", "category": "general"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    for path in [
        "/notices",
        "/notices/library-hours",
        "/notices/feed.xml",
        "/sitemap.xml",
    ] {
        let (_, body, _) = get(&app, path).await;
        assert!(
            body.contains("Library hours") || body.contains("/notices/library-hours"),
            "{path}"
        );
        assert!(!body.contains("draft-about-fees"), "{path}");
        assert!(
            !body.contains("Draft about fees") && !body.contains("Open till 9."),
            "{path}: {body}"
        );
    }
    let (status, _, _) = get(&app, "/notices/draft-about-fees").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Published: the next visit shows it, on the instance it was published on at once.
    publish(&app, &editor, id, 2).await;
    let (_, page, _) = get(&app, "/notices/library-hours").await;
    assert!(
        page.contains("<h1>Library hours (new)</h1>") && page.contains("Open till 9."),
        "{page}"
    );
}

async fn an_expired_notice_leaves_the_list_and_its_page_says_so(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Open day tomorrow").await;
    app.staff_post(
        &format!("/api/content/notices/{id}/publish"),
        &editor,
        json!({"revision": 1, "expiresAt": now_millis() + 1_000}),
    )
    .await;
    let (_, list, _) = get(&app, "/notices").await;
    assert!(list.contains("Open day tomorrow"));

    let gone = eventually(Duration::from_secs(5), || async {
        let (_, list, _) = get(&app, "/notices").await;
        (!list.contains("Open day tomorrow")).then_some(())
    })
    .await;
    assert!(gone.is_some(), "the expired notice left the list");
    let (_, feed, _) = get(&app, "/notices/feed.xml").await;
    assert!(!feed.contains("Open day tomorrow"));
    let (status, page, _) = get(&app, "/notices/open-day-tomorrow").await;
    assert_eq!(status, StatusCode::OK, "never a 404");
    assert!(page.contains("This notice has expired"), "{page}");
    assert!(page.contains(r#"<a href="/notices">the current notices</a>"#));
    assert!(page.contains(r#"<a href="/notices?archive">the other expired ones</a>"#));

    // The archive keeps it, with the day it expired.
    let (status, archive, _) = get(&app, "/notices?archive").await;
    assert_eq!(status, StatusCode::OK);
    assert!(archive.contains("<h1>Expired notices</h1>"), "{archive}");
    assert!(archive.contains(r#"<a href="/notices/open-day-tomorrow">Open day tomorrow</a>"#));
    assert!(archive.contains(" · expired <time datetime="), "{archive}");
    let (_, current, _) = get(&app, "/notices").await;
    assert!(current.contains(r#"<a href="/notices?archive">Expired notices</a>"#));
}

async fn a_publish_shows_on_every_instance(backend: Backend) {
    let Some(first) = app(backend).await else {
        return;
    };
    let second = first.second_instance(|_| {}).await;
    let (_, before, _) = get(&second, "/notices").await;
    assert!(
        before.contains("There are no notices just now."),
        "{before}"
    );

    let editor = first.staff_member("editor@example.com", "editor").await;
    let id = create(&first, &editor, "Results declared").await;
    publish(&first, &editor, id, 1).await;
    // The other instance looks for changes once a second; how soon it shows one is measured
    // by `make bench` (content_bench), not timed here, on a shared machine.
    let shown = eventually(Duration::from_secs(15), || async {
        let (_, list, _) = get(&second, "/notices").await;
        list.contains("Results declared").then_some(())
    })
    .await;
    assert!(shown.is_some(), "the other instance shows the notice");
}
