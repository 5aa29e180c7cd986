//! An editor's uploads over HTTP, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set):
//! a PDF kept whole and saved under its own name, a phone photo at three widths without its GPS
//! position, odd files refused in words, the size limit and the site's budget, deletes, and
//! the audit log. Every role against these endpoints is in content_roles.rs.

use super::content_api::create;
use super::content_public::publish;
use super::content_uploads::{encoded, exif_app1, photo};
use crate::common::{Backend, TestApp};
use image::ImageFormat;
use reqwest::{StatusCode, header};
use serde_json::Value;

crate::on_both_backends!(
    an_editor_uploads_a_pdf_and_a_photo_that_visitors_download,
    odd_and_oversized_uploads_are_refused_in_words,
);

pub const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

pub async fn upload(
    app: &TestApp,
    cookie: &str,
    id: i64,
    name: &str,
    bytes: Vec<u8>,
) -> (StatusCode, Value) {
    let files = format!("/api/content/notices/{id}/files");
    upload_at(app, cookie, &files, name, bytes).await
}

/// Uploads `bytes` as `name` to the item whose files are at `files`.
pub async fn upload_at(
    app: &TestApp,
    cookie: &str,
    files: &str,
    name: &str,
    bytes: Vec<u8>,
) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url(files))
        .query(&[("name", name)])
        .header("origin", &app.base)
        .header(header::COOKIE, cookie)
        .header(header::CONTENT_TYPE, "application/octet-stream")
        .body(bytes)
        .send()
        .await
        .expect("sent");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn an_editor_uploads_a_pdf_and_a_photo_that_visitors_download(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 1_000).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let admin = app.staff_member("admin@example.com", "admin").await;
    let id = create(&app, &editor, "Exam timetable").await;
    // Published, so that visitors may download its files.
    publish(&app, &editor, id, 1).await;

    let (status, body) = upload(
        &app,
        &editor,
        id,
        "C:\\Users\\office\\પરીક્ષા timetable.pdf",
        PDF.to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let pdf = &body["files"][0];
    assert_eq!(
        pdf["name"], "પરીક્ષા timetable.pdf",
        "folders are dropped, Gujarati kept"
    );
    let path = pdf["copies"][0]["path"].as_str().expect("path").to_owned();
    let download = app.client.get(app.url(&path)).send().await.expect("sent");
    assert_eq!(download.status(), StatusCode::OK);
    let headers = download.headers().clone();
    assert_eq!(headers[header::CONTENT_TYPE], "application/pdf");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    // Kept a short while: the file follows its notice, which may be taken down.
    assert_eq!(headers[header::CACHE_CONTROL], "public, max-age=600");
    assert!(
        headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("csp")
            .starts_with("sandbox")
    );
    let disposition = headers[header::CONTENT_DISPOSITION]
        .to_str()
        .expect("ascii");
    assert!(
        disposition.starts_with("attachment;")
            && disposition.contains("filename*=UTF-8''%E0%AA%AA"),
        "{disposition}"
    );
    assert_eq!(download.bytes().await.expect("body").as_ref(), PDF);

    // A 2000 × 1000 phone photo held sideways (its EXIF says turn it) with its GPS position:
    // upright it is 1000 wide, kept at 480, 720, 960 and its own width, none of them carrying it.
    let jpeg = encoded(&photo(2000, 1000), ImageFormat::Jpeg);
    let with_exif = [&jpeg[..2], &exif_app1(), &jpeg[2..]].concat();
    let (status, body) = upload(&app, &editor, id, "campus.jpg", with_exif).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let copies = body["files"][1]["copies"].as_array().expect("copies");
    let widths: Vec<i64> = copies
        .iter()
        .map(|copy| copy["width"].as_i64().expect("width"))
        .collect();
    assert_eq!(widths, [480, 720, 960, 1000]);
    for copy in copies {
        let image = app
            .client
            .get(app.url(copy["path"].as_str().expect("path")))
            .send()
            .await
            .expect("sent");
        assert_eq!(image.headers()[header::CONTENT_TYPE], "image/jpeg");
        assert!(image.headers().get(header::CONTENT_DISPOSITION).is_none());
        let bytes = image.bytes().await.expect("body");
        assert!(
            !bytes.windows(9).any(|w| w == b"GPSSECRET"),
            "no GPS position is published"
        );
    }

    // Shown in a published notice, the photo comes with every copy in `srcset`, and its size.
    let largest = copies[2]["path"].as_str().expect("path").to_owned();
    let (status, saved) = app
        .staff_call(
            reqwest::Method::PUT,
            &format!("/api/content/notices/{id}"),
            Some(&editor),
            serde_json::json!({"base": 1, "title": "Exam timetable", "body": format!("![The campus]({largest})"), "category": "exams"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    app.staff_post(
        &format!("/api/content/notices/{id}/publish"),
        &editor,
        serde_json::json!({"revision": 2}),
    )
    .await;
    let page = app
        .client
        .get(app.url("/notices/exam-timetable"))
        .send()
        .await
        .expect("sent");
    let page = page.text().await.expect("html");
    let srcset: Vec<String> = copies
        .iter()
        .map(|copy| {
            format!(
                "{} {}w",
                copy["path"].as_str().expect("path"),
                copy["width"]
            )
        })
        .collect();
    assert!(
        page.contains(&format!(
            r#"<img src="{largest}" srcset="{}" sizes="(min-width: 48rem) 44rem, calc(100vw - 2.5rem)" width="1000" height="2000""#,
            srcset.join(", ")
        )),
        "{page}"
    );

    // Deleted, the file is gone from the notice and from its address; both steps are audited.
    let file = body["files"][0]["id"].as_i64().expect("id");
    let (status, body) = app
        .staff_call(
            reqwest::Method::DELETE,
            &format!("/api/content/notices/{id}/files/{file}"),
            Some(&editor),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["files"].as_array().map(Vec::len), Some(1));
    let gone = app.client.get(app.url(&path)).send().await.expect("sent");
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    let audit = app
        .staff_get("/api/staff/audit?action=file-uploaded", &admin)
        .await;
    assert_eq!(audit["total"], 2, "{audit}");
    let audit = app
        .staff_get("/api/staff/audit?action=file-deleted", &admin)
        .await;
    assert!(
        audit["entries"][0]["target"]
            .as_str()
            .expect("target")
            .contains("પરીક્ષા timetable.pdf"),
        "{audit}"
    );
}

async fn odd_and_oversized_uploads_are_refused_in_words(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| {
        c.limits.auth_per_minute = 1_000;
        c.uploads.max_file_bytes = 64 * 1024;
        c.uploads.budget_bytes = 100_000;
    })
    .await
    else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Admissions").await;

    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    let polyglot = [PDF, b"<html><script>alert(1)</script></html>\n%%EOF\n"].concat();
    let image_zip = [
        encoded(&photo(40, 20), ImageFormat::Png),
        b"PK\x03\x04rest of a zip".to_vec(),
    ]
    .concat();
    let truncated = encoded(&photo(400, 200), ImageFormat::Jpeg)[..300].to_vec();
    for (name, bytes, says) in [
        ("logo.svg", svg, "Upload a PDF, JPEG, PNG or WebP file."),
        ("fees.pdf", polyglot, "This file holds more than a PDF"),
        (
            "photo.png",
            image_zip,
            "This image holds another file inside it",
        ),
        (
            "photo.jpg",
            truncated,
            "This image is damaged or incomplete",
        ),
        ("empty.pdf", Vec::new(), "The file is empty"),
    ] {
        let (status, body) = upload(&app, &editor, id, name, bytes).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {body}");
        let message = body["error"]["message"].as_str().expect("message");
        assert!(message.starts_with(says), "{name}: {message}");
    }

    // Over the size setting: refused, naming the limit.
    let (status, body) = upload(&app, &editor, id, "big.pdf", vec![b'%'; 65 * 1024]).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .expect("message")
            .contains("64 KB"),
        "{body}"
    );

    // Past the site's budget: the first photo fits, the second does not.
    let big = encoded(&photo(1200, 800), ImageFormat::Png);
    assert!(big.len() < 64 * 1024, "{}", big.len());
    let mut answers = Vec::new();
    for _ in 0..6 {
        answers.push(upload(&app, &editor, id, "plan.png", big.clone()).await);
    }
    let refused = answers
        .iter()
        .find(|(status, _)| *status == StatusCode::CONFLICT)
        .expect("the budget is reached");
    assert!(
        refused.1["error"]["message"]
            .as_str()
            .expect("message")
            .starts_with("The site's room for files is full")
    );

    // A page of another site cannot upload, and an unknown notice has no files.
    let foreign = app
        .client
        .post(app.url(&format!("/api/content/notices/{id}/files?name=a.pdf")))
        .header("origin", "https://elsewhere.example")
        .header(header::COOKIE, &editor)
        .body(PDF.to_vec())
        .send()
        .await
        .expect("sent");
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);
    let (status, _) = upload(&app, &editor, 999_999, "a.pdf", PDF.to_vec()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let odd = app
        .client
        .get(app.url("/files/..%2F..%2Fetc%2Fpasswd"))
        .send()
        .await
        .expect("sent");
    assert_eq!(odd.status(), StatusCode::NOT_FOUND);
}
