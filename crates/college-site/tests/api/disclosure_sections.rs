//! The disclosure's sections of 2024, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
//! set): an item that does not apply to the college is published as "Not applicable" with the
//! college's reason, on the whole page and on the item's own page, instead of being left out;
//! an item with neither its text nor a reason is refused at its field; the nine items the
//! older disclosure required cannot be marked not applicable.

use super::content_api::app;
use super::content_public::get;
use super::disclosure::{ALL, NOT_PUBLISHED, save};
use crate::common::{Backend, require_built_web_app};
use reqwest::StatusCode;
use serde_json::json;

crate::on_both_backends!(an_item_that_does_not_apply_says_so_with_the_colleges_reason);

const NOT_APPLICABLE: &str = r#"<p class="disclosure__not-applicable"><strong>Not applicable.</strong> The college has no hostel: students live at home or in hostels in the city.</p>"#;

async fn an_item_that_does_not_apply_says_so_with_the_colleges_reason(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;

    // Neither the text nor a reason: refused at the text.
    let (status, refused) = save(&app, &editor, "hostel", &[("text", "")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["field"], "text", "{refused}");

    let reason = "The college has no hostel: students live at home or in hostels in the city.";
    let (status, saved) = save(&app, &editor, "hostel", &[("notApplicable", reason)]).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let published = app
        .staff_post(
            "/api/content/disclosure/hostel/publish",
            &editor,
            json!({ "revision": saved["page"]["head"] }),
        )
        .await;
    assert_eq!(published["page"]["state"], "published", "{published}");

    let (_, page, _) = get(&app, "/disclosure").await;
    assert!(page.contains(NOT_APPLICABLE), "{page}");
    assert_eq!(page.matches(NOT_PUBLISHED).count(), ALL - 1);
    let (status, own, _) = get(&app, "/disclosure/hostel").await;
    assert_eq!(status, StatusCode::OK);
    assert!(own.contains(NOT_APPLICABLE), "{own}");
    assert!(own.contains("Last updated"), "{own}");

    // The older disclosure's items are required of every college: no reason makes them optional.
    let (status, refused) = save(
        &app,
        &editor,
        "anti-ragging",
        &[("notApplicable", "We have no ragging.")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["field"], "text", "{refused}");
}
