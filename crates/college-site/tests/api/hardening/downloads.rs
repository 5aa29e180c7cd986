//! No one can exhaust the server's memory through downloads: many readers of one attached
//! file all get it whole (from one shared buffer), a reader that reads nothing is cut off after
//! the send timeout, and one address's large downloads have an allowance. Before, each request
//! read its own copy of the file from the store and held it until the client read it: 300 slow
//! readers of a 10 MB PDF took the server from 71 to 3,059 MB. The memory figures themselves are
//! measured by `make bench` (download_bench), not here.

use std::time::Duration;

use reqwest::{StatusCode, header};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpSocket,
};

use crate::{
    common::{Backend, TestApp},
    content_files::PDF,
    content_public::publish,
};
use crate::{content_api::create, content_files::upload};

crate::on_both_backends!(
    many_readers_get_the_file_whole_and_a_stalled_reader_is_cut_off,
    an_address_has_an_allowance_of_large_downloads,
    a_file_follows_its_notice_in_and_out_of_sight,
);

const MB: usize = 1024 * 1024;

/// A PDF of about `megabytes`: a stream of filler between a header and its end marker.
fn large_pdf(megabytes: usize) -> Vec<u8> {
    let filler = vec![b'7'; megabytes * MB];
    [
        format!("%PDF-1.4\n1 0 obj << /Length {} >> stream\n", filler.len()).as_bytes(),
        &filler,
        b"\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    ]
    .concat()
}

/// An editor's published notice with `pdf` attached; the address visitors download it from.
async fn attached(app: &TestApp, pdf: Vec<u8>) -> String {
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(app, &editor, "Prospectus 2027").await;
    let (status, body) = upload(app, &editor, id, "Prospectus.pdf", pdf).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    publish(app, &editor, id, 1).await;
    body["files"][0]["copies"][0]["path"]
        .as_str()
        .expect("path")
        .to_owned()
}

async fn many_readers_get_the_file_whole_and_a_stalled_reader_is_cut_off(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |config| {
        config.limits.auth_per_minute = 1_000;
        config.ops.connections.send_timeout = Duration::from_secs(1);
    })
    .await
    else {
        return;
    };
    let pdf = large_pdf(8);
    let path = attached(&app, pdf.clone()).await;

    // Forty readers at once, each served the file whole.
    let readers = (0..40).map(|_| {
        let (client, url) = (app.client.clone(), app.url(&path));
        tokio::spawn(async move {
            let response = client.get(url).send().await.expect("sent");
            assert_eq!(response.status(), StatusCode::OK);
            response.bytes().await.expect("body")
        })
    });
    for reader in readers {
        let body = reader.await.expect("joined");
        assert!(body == pdf[..], "the whole file, {} bytes", body.len());
    }

    // A reader that asks and then reads nothing, with a small window: the server's write waits,
    // and after the send timeout the connection is closed, the answer unsent.
    let socket = TcpSocket::new_v4().expect("socket");
    socket.set_recv_buffer_size(4096).expect("small window");
    let addr = app
        .base
        .trim_start_matches("http://")
        .parse()
        .expect("address");
    let mut stalled = socket.connect(addr).await.expect("connected");
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: college.example\r\nConnection: close\r\n\r\n");
    stalled.write_all(request.as_bytes()).await.expect("asked");
    tokio::time::sleep(Duration::from_secs(4)).await;
    let mut received = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), stalled.read_to_end(&mut received))
        .await
        .expect("the server closed the connection");
    assert!(
        received.starts_with(b"HTTP/1.1 200") && received.len() < pdf.len(),
        "cut off after {} of {} bytes",
        received.len(),
        pdf.len()
    );

    // The server is none the worse: a reader after it gets the file.
    let after = app.client.get(app.url(&path)).send().await.expect("sent");
    assert!(after.bytes().await.expect("body") == pdf[..]);
}

async fn an_address_has_an_allowance_of_large_downloads(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |config| {
        config.limits.auth_per_minute = 1_000;
        config.uploads.download_burst_mb = 20;
    })
    .await
    else {
        return;
    };
    // 8 MB counts as 9: two fit in the allowance of 20, the third waits.
    let path = attached(&app, large_pdf(8)).await;
    for _ in 0..2 {
        let download = app.client.get(app.url(&path)).send().await.expect("sent");
        assert_eq!(download.status(), StatusCode::OK);
    }
    let refused = app.client.get(app.url(&path)).send().await.expect("sent");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = refused.headers()[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!((1..=10).contains(&wait), "{wait}");
    let words = refused.text().await.expect("text");
    assert!(
        words.starts_with("Many large files were downloaded from your connection. Try again in"),
        "{words}"
    );
}

async fn a_file_follows_its_notice_in_and_out_of_sight(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |config| config.limits.auth_per_minute = 1_000).await
    else {
        return;
    };
    let editor = app.staff_member("editor@example.com", "editor").await;
    let id = create(&app, &editor, "Fee circular").await;
    let (status, body) = upload(&app, &editor, id, "Circular.pdf", PDF.to_vec()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let path = body["files"][0]["copies"][0]["path"]
        .as_str()
        .expect("path")
        .to_owned();
    let visitor = || app.client.get(app.url(&path)).send();

    // A draft's file: its editor previews it, kept by no cache; a visitor finds nothing.
    assert_eq!(
        visitor().await.expect("sent").status(),
        StatusCode::NOT_FOUND
    );
    let editors = app.get_signed_in(&path, &editor).await;
    assert_eq!(editors.status(), StatusCode::OK);
    assert_eq!(
        editors.headers()[header::CACHE_CONTROL],
        "private, no-store"
    );

    // Published: anyone, kept a short while, then asked again by its ETag.
    publish(&app, &editor, id, 1).await;
    let public = visitor().await.expect("sent");
    assert_eq!(public.status(), StatusCode::OK);
    assert_eq!(
        public.headers()[header::CACHE_CONTROL],
        "public, max-age=600"
    );
    let etag = public.headers()[header::ETAG].clone();
    let again = app
        .client
        .get(app.url(&path))
        .header(header::IF_NONE_MATCH, etag)
        .send()
        .await
        .expect("sent");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    // Taken down: gone for visitors at once.
    app.staff_post(
        &format!("/api/content/notices/{id}/unpublish"),
        &editor,
        serde_json::json!({}),
    )
    .await;
    assert_eq!(
        visitor().await.expect("sent").status(),
        StatusCode::NOT_FOUND
    );
}
