//! Uploads are what they say. Tried as an attacker with an editor's account would: PDFs that
//! carry JavaScript, a launch action, files inside, or markup a browser would run were kept;
//! a download kept the name the editor gave (`Admission form.hta`, a right-to-left character);
//! a 10,000 × 10,000 PNG of a few hundred kilobytes cost 500 MB and 6.5 s to decode. On SQLite
//! and PostgreSQL (when TEST_DATABASE_URL is set).

use reqwest::{StatusCode, header};

use crate::{
    common::{Backend, TestApp},
    content_api::create,
    content_files::{PDF, upload},
    content_public::publish,
};

crate::on_both_backends!(
    risky_pdfs_and_huge_images_are_refused_in_words,
    a_file_is_named_for_what_its_bytes_are,
);

/// A PDF whose body is `body`.
fn pdf(body: &str) -> Vec<u8> {
    format!("%PDF-1.7\n{body}\ntrailer << /Root 1 0 R >>\n%%EOF\n").into_bytes()
}

/// A PNG that says it is `width` × `height`: its header is read before any pixel is decoded.
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    fn chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        let length = u32::try_from(data.len()).expect("small");
        [
            &length.to_be_bytes()[..],
            kind,
            data,
            &crc.sum().to_be_bytes(),
        ]
        .concat()
    }
    let header = [
        &width.to_be_bytes()[..],
        &height.to_be_bytes(),
        &[8, 2, 0, 0, 0], // 8 bits, RGB, no interlace
    ]
    .concat();
    [
        &b"\x89PNG\r\n\x1a\n"[..],
        &chunk(b"IHDR", &header),
        &chunk(b"IDAT", &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
        &chunk(b"IEND", &[]),
    ]
    .concat()
}

async fn risky_pdfs_and_huge_images_are_refused_in_words(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 1_000).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Admissions").await;
    let cases = [
        (
            pdf("1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj"),
            "This PDF carries JavaScript",
        ),
        (
            pdf("1 0 obj << /OpenAction << /S /Launch /F (cmd.exe) >> >> endobj"),
            "This PDF holds an action that starts a program",
        ),
        (
            pdf("1 0 obj << /Names << /EmbeddedFiles 2 0 R >> >> endobj"),
            "This PDF has files attached inside it",
        ),
        (
            pdf("% <img src=x onerror=alert(1)>"),
            "This file holds more than a PDF",
        ),
        (
            pdf("% <iframe src=//evil.example>"),
            "This file holds more than a PDF",
        ),
        (
            pdf("% <HTA:APPLICATION id=x>"),
            "This file holds more than a PDF",
        ),
        (
            png_claiming(10_000, 10_000),
            "This image has 100 megapixels, and 40 is the most a page can use",
        ),
    ];
    for (bytes, says) in cases {
        let (status, body) = upload(&app, &editor, id, "fees.pdf", bytes).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{says}: {body}");
        let message = body["error"]["message"].as_str().expect("message");
        assert!(message.starts_with(says), "{message}");
    }
    // Nothing of them was kept.
    let (status, body) = upload(&app, &editor, id, "fees.pdf", PDF.to_vec()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["files"].as_array().map(Vec::len), Some(1));
}

async fn a_file_is_named_for_what_its_bytes_are(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| c.limits.auth_per_minute = 1_000).await else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Admissions").await;
    publish(&app, &editor, id, 1).await;
    for (i, (given, kept)) in [
        ("Admission form.hta", "Admission form.pdf"),
        ("Fees.html", "Fees.pdf"),
        ("Admission form\u{202E}fdp.exe", "Admission formfdp.pdf"),
    ]
    .into_iter()
    .enumerate()
    {
        let (status, body) = upload(&app, &editor, id, given, PDF.to_vec()).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let file = &body["files"][i];
        assert_eq!(file["name"], kept, "{given}");
        let path = file["copies"][0]["path"].as_str().expect("path");
        assert!(path.ends_with(".pdf"), "{path}");
        let download = app.client.get(app.url(path)).send().await.expect("sent");
        let disposition = download.headers()[header::CONTENT_DISPOSITION]
            .to_str()
            .expect("ascii")
            .to_owned();
        let ascii_name = kept.replace('\u{202E}', "");
        assert!(
            disposition.starts_with(&format!("attachment; filename=\"{ascii_name}\"")),
            "{disposition}"
        );
    }
}
