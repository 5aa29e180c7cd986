//! The files of a grievance, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set): a
//! student files with a PDF and a photo from the plain form (as a browser without JavaScript
//! sends it), and adds another with a reply; the committee downloads them (each download in
//! the audit log) and sends its decision as a PDF, which the student downloads; nobody else
//! (another student, a teacher, the office, an admin, an editor) gets a file, by the page or
//! the API. A file that is not what it says, or one too many, is refused at its field with the
//! student's words kept; the store's bounds (per grievance, per account, the site's budget)
//! hold.

use base64::Engine;
use reqwest::{
    Method, StatusCode, header,
    multipart::{Form, Part},
};
use serde_json::{Value, json};

use crate::common::{Backend, TestApp, require_built_web_app};
use crate::content_files::PDF;
use crate::grievances::{
    GENEROUS, app, filing, page, stored_grievance, verified_student, verify, year,
};
use college_site::store::{FileBounds, FilesRefused, GrievanceFiled, NewGrievanceFile, now_millis};

crate::on_both_backends!(
    a_students_files_and_the_decisions_pdf_reach_only_the_student_and_the_committee,
    a_file_that_is_refused_keeps_the_students_words_and_the_bounds_hold,
);

/// A small photo as a phone would send it.
fn photo() -> Vec<u8> {
    let image = image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8 * 4, y as u8 * 5, 90]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .expect("encoded");
    bytes
}

/// The filing form as a browser sends it with files: `multipart/form-data`.
fn form_with(fields: &[(&str, &str)], files: &[(&str, Vec<u8>)]) -> Form {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.to_string());
    }
    for (name, bytes) in files {
        form = form.part(
            "files",
            Part::bytes(bytes.clone()).file_name(name.to_string()),
        );
    }
    form
}

async fn post_form(app: &TestApp, path: &str, cookie: &str, form: Form) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("origin", &app.base)
        .header(header::COOKIE, cookie)
        .multipart(form)
        .send()
        .await
        .expect("sent")
}

async fn download(app: &TestApp, path: &str, cookie: &str) -> reqwest::Response {
    app.client
        .get(app.url(path))
        .header(header::COOKIE, cookie)
        .send()
        .await
        .expect("sent")
}

/// The addresses of the files a page links to, in order.
fn file_links(body: &str) -> Vec<String> {
    body.match_indices("href=\"/grievances/")
        .filter_map(|(at, _)| {
            let rest = &body[at + 6..];
            let link = &rest[..rest.find('"')?];
            link.contains("/files/").then(|| link.to_owned())
        })
        .collect()
}

async fn a_students_files_and_the_decisions_pdf_reach_only_the_student_and_the_committee(
    backend: Backend,
) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    require_built_web_app();
    let roles = app.every_role().await;
    let member = &roles.grievance_committee;
    let student = verified_student(&app, "asha@example.com").await;

    let (_, form) = page(&app, "/grievances/new", Some(&student)).await;
    assert!(form.contains(r#"enctype="multipart/form-data""#), "{form}");
    assert!(form.contains("Up to 3 files"), "{form}");

    let filed = post_form(
        &app,
        "/grievances/new",
        &student,
        form_with(
            &filing(),
            &[
                ("fee receipts.pdf", PDF.to_vec()),
                ("IMG_2041.png", photo()),
            ],
        ),
    )
    .await;
    assert_eq!(filed.status(), StatusCode::SEE_OTHER);
    let number = format!("GRV-{}-0001", year());
    let here = format!("/grievances/{number}");
    let (_, shown) = page(&app, &here, Some(&student)).await;
    assert!(
        shown.contains("fee receipts.pdf") && shown.contains("IMG_2041.png"),
        "{shown}"
    );
    let links = file_links(&shown);
    assert_eq!(links.len(), 2, "{shown}");

    let pdf = download(&app, &links[0], &student).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()[header::CONTENT_TYPE], "application/pdf");
    assert_eq!(pdf.headers()[header::CACHE_CONTROL], "private, no-store");
    let saved = pdf.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .expect("text")
        .to_owned();
    assert!(
        saved.starts_with("attachment;") && saved.contains("fee receipts.pdf"),
        "{saved}"
    );
    assert_eq!(pdf.bytes().await.expect("bytes").as_ref(), PDF);
    let image = download(&app, &links[1], &student).await;
    assert_eq!(image.headers()[header::CONTENT_TYPE], "image/png");
    let drawn = image::load_from_memory(&image.bytes().await.expect("bytes")).expect("an image");
    assert_eq!((drawn.width(), drawn.height()), (64, 48));

    // A reply with one more document.
    let replied = post_form(
        &app,
        &format!("{here}/reply"),
        &student,
        form_with(
            &[("text", "The bank's statement, too.")],
            &[("statement.pdf", PDF.to_vec())],
        ),
    )
    .await;
    assert_eq!(replied.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        replied.headers()[header::LOCATION],
        format!("{here}?replied").as_str()
    );

    // The committee sees each file with its entry, and downloads it; each download is audited.
    let (status, opened) = app
        .staff_call(
            Method::GET,
            &format!("/api/grievances/{number}"),
            Some(member),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let files: Vec<Value> = opened["grievance"]["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .flat_map(|entry| entry["files"].as_array().cloned().unwrap_or_default())
        .collect();
    let names: Vec<&str> = files
        .iter()
        .map(|file| file["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["fee receipts.pdf", "IMG_2041.png", "statement.pdf"]);
    let committee_path = files[2]["path"].as_str().expect("path").to_owned();
    let fetched = download(&app, &committee_path, member).await;
    assert_eq!(fetched.status(), StatusCode::OK);
    assert_eq!(fetched.bytes().await.expect("bytes").as_ref(), PDF);
    let (_, audit) = app
        .staff_call(
            Method::GET,
            "/api/staff/audit?action=grievance-viewed",
            Some(&roles.admin),
            Value::Null,
        )
        .await;
    let targets = audit.to_string();
    assert!(targets.contains(&format!("{number}: file 3")), "{audit}");
    assert!(!targets.contains("statement.pdf"), "{audit}");

    // The decision, with its PDF: the student reads it and downloads the document.
    let path = format!("/api/grievances/{number}");
    for (action, body) in [
        ("refer", json!({})),
        (
            "decision",
            json!({
                "text": "The second payment is refunded.",
                "document": {
                    "name": "Decision GRV.pdf",
                    "data": base64::engine::general_purpose::STANDARD.encode(PDF),
                },
            }),
        ),
    ] {
        let (status, answer) = app
            .staff_call(
                Method::POST,
                &format!("{path}/{action}"),
                Some(member),
                body,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{action}: {answer}");
    }
    // A note cannot carry one: the student never reads a note.
    let (status, refused) = app
        .staff_call(
            Method::POST,
            &format!("{path}/note"),
            Some(member),
            json!({ "text": "x", "document": { "name": "a.pdf", "data": "JVBERi0=" } }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let (_, shown) = page(&app, &here, Some(&student)).await;
    let decision = &shown[shown.find("<h2>Decision</h2>").expect("the decision")..];
    assert!(decision.contains("Decision GRV.pdf"), "{decision}");
    let links = file_links(&shown);
    let decision_link = links
        .iter()
        .find(|link| decision.contains(link.as_str()))
        .expect("the decision's link");
    assert_eq!(
        download(&app, decision_link, &student).await.status(),
        StatusCode::OK
    );

    // Nobody else gets a file: by the student's page (404) or the committee's API (403).
    let other = verified_student(&app, "ravi@example.com").await;
    for email in [
        "office@example.com",
        "admin@example.com",
        "editor@example.com",
        "teacher@example.com",
    ] {
        verify(&app, email).await;
    }
    for (who, cookie) in [
        ("another student", &other),
        ("a teacher", &roles.teacher),
        ("the office", &roles.office),
        ("an admin", &roles.admin),
        ("an editor", &roles.editor),
    ] {
        let response = download(&app, decision_link, cookie).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{who}");
        let response = download(&app, &committee_path, cookie).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{who}");
    }
    let signed_out = app
        .client
        .get(app.url(decision_link))
        .send()
        .await
        .expect("sent");
    assert_eq!(signed_out.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        download(&app, &format!("{here}/files/999"), &student)
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        download(&app, &format!("{here}/files/abc"), &student)
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
}

async fn a_file_that_is_refused_keeps_the_students_words_and_the_bounds_hold(backend: Backend) {
    let Some(app) = app(backend, None).await else {
        return;
    };
    require_built_web_app();
    let student = verified_student(&app, "asha@example.com").await;
    let page_in_disguise = b"<html><script>alert(1)</script></html>".to_vec();
    let refused = post_form(
        &app,
        "/grievances/new",
        &student,
        form_with(&filing(), &[("receipt.pdf", page_in_disguise)]),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = refused.text().await.expect("body");
    for words in [
        "“receipt.pdf”: Upload a PDF, JPEG, PNG or WebP file.",
        "Choose the files again.",
        r##"href="#grievance-files""##,
        "I paid the second instalment twice",
    ] {
        assert!(body.contains(words), "{words} in {body}");
    }
    let four: Vec<(&str, Vec<u8>)> = ["a.pdf", "b.pdf", "c.pdf", "d.pdf"]
        .into_iter()
        .map(|name| (name, PDF.to_vec()))
        .collect();
    let refused = post_form(
        &app,
        "/grievances/new",
        &student,
        form_with(&filing(), &four),
    )
    .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let body = refused.text().await.expect("body");
    assert!(
        body.contains("Attach at most 3 files of up to 10 MB each."),
        "{body}"
    );
    assert!(body.contains("A refund of the second payment."), "{body}");
    let (_, list) = page(&app, "/grievances", Some(&student)).await;
    assert!(list.contains("You have not filed a grievance."), "{list}");

    // The store's bounds: files per grievance, bytes per account, the site's budget.
    let account = app
        .store
        .account_by_email("asha@example.com")
        .await
        .expect("read")
        .expect("there");
    let grievance = |files: usize| {
        let file = NewGrievanceFile {
            name: "a.pdf".into(),
            content_type: "application/pdf",
            data: vec![b'x'; 1000],
        };
        stored_grievance(&account.id, now_millis(), vec![file; files])
    };
    let generous = GENEROUS;
    let bounds = FileBounds {
        per_grievance: 2,
        per_account_bytes: 2_500,
        site_budget: i64::MAX,
    };
    let no_mails = |_: &str| Vec::new();
    let file = |files: usize, bounds: FileBounds| {
        let (app, grievance) = (&app, grievance(files));
        async move {
            app.store
                .file_grievance(&grievance, 5, generous, bounds, &no_mails)
                .await
                .expect("stored")
        }
    };
    assert_eq!(
        file(3, bounds).await,
        GrievanceFiled::Files(FilesRefused::TooMany)
    );
    assert!(matches!(file(2, bounds).await, GrievanceFiled::Filed(_)));
    assert_eq!(
        file(1, bounds).await,
        GrievanceFiled::Files(FilesRefused::AccountFull)
    );
    let tight_site = FileBounds {
        site_budget: 2_500,
        per_account_bytes: i64::MAX,
        ..bounds
    };
    assert_eq!(
        file(1, tight_site).await,
        GrievanceFiled::Files(FilesRefused::SiteFull)
    );
    // Nothing refused was kept: the one filing with its two files.
    let (_, list) = page(&app, "/grievances", Some(&student)).await;
    assert_eq!(list.matches("<tr><th scope=\"row\">").count(), 1, "{list}");
}
