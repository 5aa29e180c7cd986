//! Every prerendered page inlines what its first paint needs (its styles, the script that marks
//! it as scripted, and the one that starts the app after the paint), and the CSP allows exactly
//! that inline code, by hash: nothing inline that the policy would block, and no
//! `'unsafe-inline'`.

use std::path::Path;

use crate::common::{Backend, TestApp, require_built_web_app};
use base64::Engine as _;
use reqwest::{StatusCode, header};
use sha2::Digest as _;

const DIST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/dist");

/// The site path of each prerendered page under `dir` (`dist/about/index.html` -> `/about`).
fn prerendered_paths(dir: &Path, prefix: &str, paths: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("dist is readable").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() && !name.starts_with('_') && name != "assets" {
            prerendered_paths(&path, &format!("{prefix}/{name}"), paths);
        } else if name == "index.html" {
            paths.push(if prefix.is_empty() {
                "/".into()
            } else {
                prefix.into()
            });
        }
    }
}

/// The contents of every `<tag ...>…</tag>` whose opening tag has no `src`, data islands aside
/// (`<script type="application/json">` is never run, so no policy applies to it).
fn inline_blocks<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    html.split(open.as_str())
        .skip(1)
        .filter_map(|rest| {
            let (attributes, body) = rest.split_once('>')?;
            if attributes.contains("src=") || attributes.contains(r#"type="application/json""#) {
                return None;
            }
            body.split(close.as_str()).next()
        })
        .collect()
}

fn hash_source(text: &str) -> String {
    let digest = sha2::Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

fn directive<'a>(csp: &'a str, name: &str) -> &'a str {
    csp.split(';')
        .map(str::trim)
        .find(|d| d.split(' ').next() == Some(name))
        .unwrap_or_else(|| panic!("CSP lacks {name}: {csp}"))
}

#[tokio::test]
async fn every_page_inlines_its_first_paint_and_the_csp_allows_exactly_that() {
    require_built_web_app();
    let app = TestApp::spawn(Backend::Sqlite, |_| {})
        .await
        .expect("SQLite is always available");
    let mut paths = Vec::new();
    prerendered_paths(Path::new(DIST), "", &mut paths);
    paths.push("/no-such-page".into());
    assert!(paths.len() > 20, "{paths:?}");

    // Signed in, so the account page is served rather than the way to the login page.
    let cookie = app.signed_in("asha@example.com").await;
    for path in &paths {
        let response = app.get_signed_in(path, &cookie).await;
        let expected = if path == "/no-such-page" {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::OK
        };
        assert_eq!(response.status(), expected, "{path}");
        let csp = response.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("ascii")
            .to_owned();
        let html = response.text().await.expect("body");

        let scripts = inline_blocks(&html, "script");
        assert_eq!(
            scripts.len(),
            2,
            "{path}: two inline scripts, the scripted flag and the start of the app"
        );
        let styles = inline_blocks(&html, "style");
        assert!(!styles.is_empty(), "{path}: first-paint styles are inline");
        // Each inlined file leaves a disabled link naming it (not fetched; see prerender.mjs).
        for link in html.match_indices(r#"<link rel="stylesheet""#) {
            let tag = &html[link.0..link.0 + html[link.0..].find('>').expect("tag ends")];
            assert!(
                tag.ends_with(" disabled"),
                "{path}: no stylesheet blocks the first paint: {tag}"
            );
        }
        for (kind, blocks) in [("script-src", scripts), ("style-src", styles)] {
            let allowed = directive(&csp, kind);
            assert!(!allowed.contains("unsafe-inline"), "{path}: {csp}");
            for block in blocks {
                assert!(
                    allowed.contains(&hash_source(block)),
                    "{path}: an inline {kind} block is not in the CSP: {csp}"
                );
            }
        }
    }
    app.stop().await;
}
