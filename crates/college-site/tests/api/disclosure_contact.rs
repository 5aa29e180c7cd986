//! The disclosure's Contact section, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is
//! set): a telephone directory whose numbers are links to call; the location as text, a map
//! image an editor uploads (sized), and links that open the place in the visitor's own map
//! app and in a maps site, with no map service's script or frame; a place that is not a
//! latitude and a longitude is refused at its field.

use image::ImageFormat;
use reqwest::StatusCode;

use super::content_api::app;
use super::content_files::upload_at;
use super::content_public::get;
use super::content_uploads::{encoded, photo};
use super::disclosure::{save, save_and_publish};
use crate::common::{Backend, require_built_web_app};

crate::on_both_backends!(a_visitor_finds_whom_to_phone_and_where_the_college_is);

async fn a_visitor_finds_whom_to_phone_and_where_the_college_is(backend: Backend) {
    let Some(app) = app(backend).await else {
        return;
    };
    require_built_web_app();
    let editor = app.staff_member("editor@example.com", "editor").await;

    let directory = "Admissions desk | Admissions | 0265 234 5678\n\
                     Library | Librarian | library@college.example";
    save_and_publish(
        &app,
        &editor,
        "telephone-directory",
        &[("directory", directory)],
    )
    .await;
    let (_, page, _) = get(&app, "/disclosure/telephone-directory").await;
    assert!(
        page.contains(r#"<a href="tel:02652345678">0265 234 5678</a>"#),
        "{page}"
    );
    assert!(page.contains("Admissions desk"), "{page}");

    // A place that is not a latitude and a longitude is refused where it was written.
    let address = ("address", "14 Riverbank Road\nVadodara 390001");
    let (status, refused) = save(
        &app,
        &editor,
        "location",
        &[address, ("coordinates", "north of the river")],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["error"]["field"], "coordinates", "{refused}");

    let (status, files) = upload_at(
        &app,
        &editor,
        "/api/content/disclosure/location/files",
        "map.png",
        encoded(&photo(1200, 800), ImageFormat::Png),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{files}");
    let copies = files["files"][0]["copies"].as_array().expect("copies");
    let map = copies.last().expect("a copy")["path"]
        .as_str()
        .expect("path");
    save_and_publish(
        &app,
        &editor,
        "location",
        &[
            address,
            ("coordinates", "22.3072, 73.1812"),
            ("map", map),
            (
                "mapDescription",
                "The college on the east bank, beside the bus depot.",
            ),
        ],
    )
    .await;
    let (_, page, _) = get(&app, "/disclosure/location").await;
    for shown in [
        r#"<p class="disclosure__address">14 Riverbank Road<br>Vadodara 390001</p>"#,
        r#"alt="The college on the east bank, beside the bus depot.""#,
        r#"<a href="geo:22.3072,73.1812?q=22.3072,73.1812">Open in your map app</a>"#,
        r#"<a href="https://www.google.com/maps/search/?api=1&amp;query=22.3072%2C73.1812">Open in Google Maps</a>"#,
    ] {
        assert!(page.contains(shown), "{shown} in {page}");
    }
    assert!(
        page.contains(r#"<figure class="disclosure__map"><img src="/files/"#),
        "{page}"
    );
    assert!(page.contains(r#"width="1200" height="800""#), "{page}");
    assert!(!page.contains("<iframe"), "{page}");
    let (_, whole, _) = get(&app, "/disclosure").await;
    assert!(whole.contains("Open in your map app"), "{whole}");
}
