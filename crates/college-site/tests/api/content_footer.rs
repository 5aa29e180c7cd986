//! The footer every page ends with, as the office edits it, on SQLite and on PostgreSQL (when
//! TEST_DATABASE_URL is set): once published it is in every page the server sends (built,
//! rendered, the 404 page, the contact form sent back), in the HTML and in its island, while
//! pages keep their caching; its links are checked; only an editor previews a draft of it.

use super::content_api::app;
use super::content_public::{get, publish};
use crate::common::{Backend, TestApp, require_built_web_app};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    the_published_footer_ends_every_page,
    footer_links_are_checked,
    an_editor_previews_a_footer_draft_and_no_one_else_can,
);

const HEADING: &str = r#"<h2 id="footer-column-0" class="footer-column__heading" data-edit="footer.columns.0.heading">Find your way</h2>"#;
const GCAS_LINK: &str = r#"<li><a href="https://gcas.gujgov.edu.in">GCAS portal</a></li>"#;

/// Saves the footer with a new first column and copyright years; answers its new revision.
async fn save_footer(app: &TestApp, editor: &str, links: &str) -> (StatusCode, Value) {
    let (_, opened) = app
        .staff_call(
            Method::GET,
            "/api/content/pages/footer",
            Some(editor),
            Value::Null,
        )
        .await;
    let mut fields = opened["page"]["fields"].clone();
    fields["columns.0.heading"] = json!("Find your way");
    fields["columns.0.links"] = json!(links);
    fields["copyrightYears"] = json!("2017-2026");
    app.staff_call(
        Method::PUT,
        "/api/content/pages/footer",
        Some(editor),
        json!({ "base": opened["page"]["head"], "fields": fields }),
    )
    .await
}

async fn as_of(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("request")
}

async fn the_published_footer_ends_every_page(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let (status, saved) = save_footer(
        &app,
        &editor,
        "Fees and refunds | /about#fees\nGCAS portal | https://gcas.gujgov.edu.in",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    // A draft changes no page.
    let (_, lesson, _) = get(&app, "/react").await;
    assert!(lesson.contains(">Features</h2>"), "{lesson}");
    assert!(!lesson.contains("Find your way"));

    let (status, answer) = app
        .staff_call(
            Method::POST,
            "/api/content/pages/footer/publish",
            Some(&editor),
            json!({ "revision": saved["page"]["head"] }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    for (path, expected) in [
        ("/", StatusCode::OK),
        ("/about", StatusCode::OK),
        ("/react", StatusCode::OK),
        ("/login", StatusCode::OK),
        ("/notices", StatusCode::OK),
        ("/no-such-page", StatusCode::NOT_FOUND),
    ] {
        let (status, html, _) = get(&app, path).await;
        assert_eq!(status, expected, "{path}");
        assert!(html.contains(HEADING), "{path}: {html}");
        assert!(html.contains(GCAS_LINK), "{path}");
        assert!(
            html.contains(r#"<span data-edit="footer.copyrightYears">2017-2026</span>"#),
            "{path}"
        );
        assert!(
            html.contains(r#"<script type="application/json" id="site-text">{"pages":{"footer":{"#),
            "{path}: the island carries the footer"
        );
        assert!(!html.contains(">Features</h2>"), "{path}");
    }

    // A notice that holds the mark's words as text keeps them: only a tag's mark is filled.
    let (status, notice) = app
        .staff_call(
            Method::POST,
            "/api/content/notices",
            Some(&editor),
            json!({ "title": "Founding years", "body": "Our mark: data-edit=\"footer.copyrightYears\" and **these words stay**.", "category": "general" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{notice}");
    let id = notice["notice"]["id"].as_i64().expect("id");
    publish(&app, &editor, id, 1).await;
    let (status, html, _) = get(&app, "/notices/founding-years").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains("footer.copyrightYears&quot;")
            || html.contains(r#"footer.copyrightYears" and "#),
        "{html}"
    );
    assert!(html.contains("<strong>these words stay</strong>"), "{html}");
    assert_eq!(
        html.matches(">2017-2026<").count(),
        1,
        "only the footer shows the years"
    );

    // Pages are still compressed, and revalidated with their ETag.
    let compressed = as_of(&app, "/react", &[("accept-encoding", "br, gzip")]).await;
    assert_eq!(compressed.headers()[header::CONTENT_ENCODING], "br");
    assert_eq!(compressed.headers()[header::CACHE_CONTROL], "no-cache");
    let etag = compressed.headers()[header::ETAG]
        .to_str()
        .expect("etag")
        .to_owned();
    let again = as_of(&app, "/react", &[("if-none-match", &etag)]).await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // The contact form sent back with its problems ends with it too.
    let refused = app.post_contact(&[("name", "Asha Rao")]).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.text().await.expect("page").contains(HEADING));
    // Files are left as they are.
    let (status, sitemap, _) = get(&app, "/sitemap.xml").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!sitemap.contains("site-text"));
}

async fn footer_links_are_checked(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    for links in [
        "Run | javascript:alert(1)",
        "Elsewhere | //attacker.example",
        "No address at all",
        "Quote | /a\"onmouseover=\"alert(1)",
        &"Notices | /notices\n".repeat(9),
    ] {
        let (status, answer) = save_footer(&app, &editor, links).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{links}: {answer}"
        );
        assert_eq!(answer["error"]["field"], "columns.0.links", "{answer}");
    }
}

async fn an_editor_previews_a_footer_draft_and_no_one_else_can(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;
    let student = app.signed_in("student@example.com").await;
    let (status, _) = save_footer(&app, &editor, "GCAS portal | https://gcas.gujgov.edu.in").await;
    assert_eq!(status, StatusCode::OK);

    let preview = as_of(&app, "/about?preview=footer", &[("cookie", &editor)]).await;
    assert_eq!(preview.status(), StatusCode::OK);
    assert_eq!(preview.headers()[header::CACHE_CONTROL], "no-store");
    let html = preview.text().await.expect("page");
    assert!(html.contains(HEADING), "{html}");
    assert!(html.contains(GCAS_LINK));
    assert!(html.contains("This is how the footer will look once published"));
    assert!(html.contains(r#"<a href="/staff/pages/footer">Back to editing</a>"#));
    // The page itself is the published one.
    assert!(html.contains(r#"data-edit="about.heading">Why join Riverside College?</h1>"#));

    let signed_out = as_of(&app, "/about?preview=footer", &[]).await;
    assert_eq!(signed_out.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        signed_out.headers()[header::LOCATION],
        "/login?returnTo=%2Fabout%3Fpreview%3Dfooter"
    );
    let other = as_of(&app, "/about?preview=footer", &[("cookie", &student)]).await;
    assert_eq!(other.status(), StatusCode::NOT_FOUND);
    assert!(!other.text().await.expect("page").contains("Find your way"));
    let (_, about, _) = get(&app, "/about").await;
    assert!(!about.contains("Find your way"));
}
