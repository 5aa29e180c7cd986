//! Serving the web app: prerendered pages, precompressed and cached assets, security headers,
//! health, and the binary's command line and shutdown.

use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
    time::Duration,
};

use crate::common::{Backend, TestApp, require_built_web_app};
use reqwest::{StatusCode, header};

const DIST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/dist");

async fn app() -> TestApp {
    TestApp::spawn(Backend::Sqlite, |_| {})
        .await
        .expect("SQLite is always available")
}

fn assert_security_headers(response: &reqwest::Response) {
    let headers = response.headers();
    let csp = headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .expect("ascii");
    for directive in [
        "script-src 'self'",
        "style-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
    ] {
        assert!(csp.contains(directive), "CSP lacks {directive}: {csp}");
    }
    assert!(!csp.contains("unsafe-eval"), "{csp}");
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .expect("script-src");
    // Beyond our own origin, only inline code the build hashed.
    for source in script_src.split_whitespace().skip(2) {
        assert!(source.starts_with("'sha256-"), "{csp}");
    }
    assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    assert_eq!(
        headers[header::REFERRER_POLICY],
        "strict-origin-when-cross-origin"
    );
    assert_eq!(
        headers["cross-origin-opener-policy"],
        "same-origin-allow-popups"
    );
    assert_isolation_headers(response);
}

/// The headers every answer carries, the sandbox document's too: only our own pages may load
/// it as a subresource, and the powerful features the site never uses are off.
fn assert_isolation_headers(response: &reqwest::Response) {
    let url = response.url().path().to_owned();
    let headers = response.headers();
    assert_eq!(
        headers["cross-origin-resource-policy"], "same-origin",
        "{url}"
    );
    let policy = headers["permissions-policy"].to_str().expect("ascii");
    for feature in [
        "camera=()",
        "microphone=()",
        "geolocation=()",
        "payment=()",
        "usb=()",
    ] {
        assert!(
            policy.split(", ").any(|directive| directive == feature),
            "{url}: Permissions-Policy lacks {feature}: {policy}"
        );
    }
    // Every feature named is turned off, none allowed to anyone.
    for directive in policy.split(", ") {
        assert!(directive.ends_with("=()"), "{url}: {policy}");
    }
}

#[tokio::test]
async fn health_answers_once_ready() {
    let app = app().await;
    let response = app
        .client
        .get(app.url("/healthz"))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    assert_security_headers(&response);
    app.stop().await;
}

#[tokio::test]
async fn known_routes_are_prerendered_html_and_others_get_the_404_page() {
    require_built_web_app();
    let app = app().await;
    for (path, expected) in [
        ("/", "BCom"),
        ("/about", "placement"),
        ("/contact", r#"name="message""#),
        ("/contact/thanks", "Thank you"),
    ] {
        let response = app.client.get(app.url(path)).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_security_headers(&response);
        assert_eq!(
            response.headers()[header::CACHE_CONTROL],
            "no-cache",
            "{path}"
        );
        assert!(
            response.headers()[header::CONTENT_TYPE]
                .to_str()
                .expect("ascii")
                .starts_with("text/html")
        );
        let html = response.text().await.expect("body");
        assert!(
            html.to_lowercase().contains(&expected.to_lowercase()),
            "{path} shows {expected}"
        );
        assert!(
            html.contains(r#"<meta name="app-modules" content="/assets/"#),
            "{path} hydrates"
        );
        // Nothing but the HTML before the paint: the icon is in the page, and the manifest's
        // link comes with the scripts (decision 0007).
        assert!(
            html.contains(r#"<link rel="icon" href="data:image/svg+xml,%3Csvg"#),
            "{path}: its icon is in the page"
        );
        assert!(
            !html.contains(r#"<link rel="manifest""#) && !html.contains("/favicon.svg"),
            "{path} asks for no manifest or icon before it paints"
        );
    }
    for path in [
        "/no-such-page",
        "/about/extra",
        "/_templates/contact-invalid.html",
        "/assets/nope.js",
    ] {
        let response = app.client.get(app.url(path)).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_security_headers(&response);
        assert!(
            response
                .text()
                .await
                .expect("body")
                .contains("Error404 Page"),
            "{path}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn the_sandbox_document_has_its_own_policy_and_every_page_keeps_the_strict_one() {
    require_built_web_app();
    let app = app().await;
    let response = app
        .client
        .get(app.url("/sandbox"))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    let csp = headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .expect("ascii")
        .to_owned();
    let directive = |name: &str| {
        csp.split(';')
            .map(str::trim)
            .find(|d| d.split(' ').next() == Some(name))
            .unwrap_or_else(|| panic!("CSP lacks {name}: {csp}"))
            .to_owned()
    };
    // Opaque origin even when opened on its own; framed only by our pages.
    assert_eq!(directive("sandbox"), "sandbox allow-scripts allow-forms");
    assert_eq!(directive("form-action"), "form-action 'none'");
    assert_eq!(directive("frame-ancestors"), "frame-ancestors 'self'");
    assert_eq!(headers[header::X_FRAME_OPTIONS], "SAMEORIGIN");
    assert_isolation_headers(&response);
    // Eval for the student's code, and inline only the one boot script, by its hash.
    let script_src = directive("script-src");
    assert!(script_src.contains("'unsafe-eval'"), "{csp}");
    assert!(script_src.contains("'sha256-"), "{csp}");
    assert!(!script_src.contains("unsafe-inline"), "{csp}");
    assert!(!script_src.contains("'self'"), "{csp}");
    // Our own API is out of reach: nothing may be fetched from this origin.
    assert!(!directive("connect-src").contains("'self'"), "{csp}");
    assert_eq!(directive("default-src"), "default-src 'none'");

    // The inline script is the one the hash names.
    let html = response.text().await.expect("body");
    let script = html
        .split("<script>")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("inline boot script");
    use base64::Engine as _;
    use sha2::Digest as _;
    let digest =
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script.as_bytes()));
    assert!(script_src.contains(&format!("'sha256-{digest}'")), "{csp}");

    // The file is served only there, with that policy; the site's pages keep theirs.
    for path in ["/_sandbox/index.html", "/_sandbox/", "/_sandbox"] {
        let response = app.client.get(app.url(path)).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_security_headers(&response);
    }
    for path in ["/", "/react", "/react/web-hooks/use-state"] {
        let response = app.client.get(app.url(path)).send().await.expect("sent");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_security_headers(&response);
        assert_eq!(response.headers()[header::X_FRAME_OPTIONS], "DENY");
    }
    app.stop().await;
}

#[tokio::test]
async fn every_kind_of_answer_has_corp_and_permissions_policy() {
    require_built_web_app();
    let app = app().await;
    let html = app
        .client
        .get(app.url("/"))
        .send()
        .await
        .expect("sent")
        .text()
        .await
        .expect("html");
    let asset = html
        .split('"')
        .flat_map(|part| part.split(' '))
        .find(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .expect("the page loads a hashed script")
        .to_owned();
    for (path, status) in [
        ("/", StatusCode::OK),
        (asset.as_str(), StatusCode::OK),
        ("/api/auth/session", StatusCode::OK),
        ("/api/account", StatusCode::UNAUTHORIZED),
        ("/api/nope", StatusCode::NOT_FOUND),
        ("/no-such-page", StatusCode::NOT_FOUND),
        ("/sandbox", StatusCode::OK),
        ("/healthz", StatusCode::OK),
    ] {
        let response = app.client.get(app.url(path)).send().await.expect("sent");
        assert_eq!(response.status(), status, "{path}");
        assert_isolation_headers(&response);
    }
    // Answers the framework gives, API or not.
    let refused = app
        .client
        .put(app.url("/api/auth/login"))
        .send()
        .await
        .expect("sent");
    assert_eq!(refused.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_security_headers(&refused);
    let too_large = app
        .client
        .post(app.url("/api/auth/login"))
        .header("origin", &app.base)
        .header(header::CONTENT_TYPE, "application/json")
        .body(vec![b' '; 100 * 1024])
        .send()
        .await
        .expect("sent");
    assert_eq!(too_large.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_security_headers(&too_large);
    app.stop().await;
}

#[tokio::test]
async fn assets_are_precompressed_and_hashed_ones_cached_for_good() {
    require_built_web_app();
    let app = app().await;
    let get = |path: String, encoding: &'static str| {
        app.client
            .get(app.url(&path))
            .header(header::ACCEPT_ENCODING, encoding)
            .send()
    };

    // A page as built comes compressed too: by the server, once, as it puts the footer the
    // office publishes into every page (see content_footer.rs).
    let br = get("/react/props".into(), "gzip, deflate, br")
        .await
        .expect("sent");
    assert_eq!(br.headers()[header::CONTENT_ENCODING], "br");
    assert_eq!(br.headers()[header::VARY], "Accept-Encoding");
    let compressed = br.bytes().await.expect("body");
    let mut from_brotli = Vec::new();
    brotli::BrotliDecompress(&mut compressed.as_ref(), &mut from_brotli).expect("brotli");

    let gzip = get("/react/props".into(), "gzip").await.expect("sent");
    assert_eq!(gzip.headers()[header::CONTENT_ENCODING], "gzip");
    let identity = get("/react/props".into(), "identity").await.expect("sent");
    assert!(identity.headers().get(header::CONTENT_ENCODING).is_none());
    let html = identity.text().await.expect("html");
    assert_eq!(String::from_utf8(from_brotli).expect("utf-8"), html);
    assert!(
        html.contains(r#"id="site-text""#),
        "the page ends with the footer"
    );

    // The app's modules, started after the first paint: `<meta name="app-modules" content="…">`.
    let script = html
        .split('"')
        .flat_map(|part| part.split(' '))
        .find(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .expect("the page loads a hashed script")
        .to_owned();
    let asset = get(script.clone(), "br").await.expect("sent");
    assert_eq!(asset.status(), StatusCode::OK, "{script}");
    assert_eq!(
        asset.headers()[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    assert!(
        asset.headers()[header::CONTENT_TYPE]
            .to_str()
            .expect("ascii")
            .contains("javascript")
    );
    assert_eq!(asset.headers()[header::CONTENT_ENCODING], "br");
    // Files are sent as the build compressed them.
    let on_disk = std::fs::read(format!("{DIST}{script}.br")).expect("the script's .br");
    assert_eq!(
        asset.bytes().await.expect("body").as_ref(),
        on_disk.as_slice()
    );
    app.stop().await;
}

#[tokio::test]
async fn pages_revalidate_with_etags() {
    require_built_web_app();
    let app = app().await;
    let first = app
        .client
        .get(app.url("/about"))
        .send()
        .await
        .expect("sent");
    let etag = first.headers()[header::ETAG].clone();
    let again = app
        .client
        .get(app.url("/about"))
        .header(header::IF_NONE_MATCH, etag)
        .send()
        .await
        .expect("sent");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    app.stop().await;
}

#[tokio::test]
async fn hsts_only_when_the_public_url_is_https() {
    let plain = app().await;
    let response = plain
        .client
        .get(plain.url("/healthz"))
        .send()
        .await
        .expect("sent");
    assert!(
        response
            .headers()
            .get(header::STRICT_TRANSPORT_SECURITY)
            .is_none()
    );
    plain.stop().await;

    let secure = TestApp::spawn(Backend::Sqlite, |c| {
        c.public_origin = Some("https://www.college.example".into());
    })
    .await
    .expect("app");
    let response = secure
        .client
        .get(secure.url("/healthz"))
        .send()
        .await
        .expect("sent");
    assert!(
        response.headers()[header::STRICT_TRANSPORT_SECURITY]
            .to_str()
            .expect("ascii")
            .starts_with("max-age=")
    );
    secure.stop().await;
}

#[tokio::test]
async fn wrong_methods_and_oversized_bodies_get_4xx_with_headers() {
    let app = app().await;
    let response = app
        .client
        .post(app.url("/about"))
        .body("x")
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_security_headers(&response);

    let response = app
        .client
        .post(app.url("/contact"))
        .header("origin", &app.base)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(vec![b'x'; 1024 * 1024])
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_security_headers(&response);
    app.stop().await;
}

/// A client that sends its whole too-large body before reading the answer (as browsers do) gets
/// the 413, and the connection stays usable: the server read the body rather than closing on
/// unread data, which the client's system may turn into a reset that loses the answer.
#[tokio::test]
async fn a_too_large_body_is_read_and_answered_on_a_connection_that_stays_open() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let app = app().await;
    let address = app.base.trim_start_matches("http://").to_owned();
    let mut connection = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connects");
    let body = vec![b' '; 300 * 1024];
    let head = format!(
        "POST /api/auth/login HTTP/1.1\r\nHost: {address}\r\nOrigin: {}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        app.base,
        body.len()
    );
    connection
        .write_all(head.as_bytes())
        .await
        .expect("head sent");
    connection.write_all(&body).await.expect("body sent");

    async fn read_answer(connection: &mut tokio::net::TcpStream) -> String {
        let mut answer = Vec::new();
        let mut buffer = [0u8; 4096];
        loop {
            let text = String::from_utf8_lossy(&answer).into_owned();
            if let Some((head, rest)) = text.split_once("\r\n\r\n") {
                let length: usize = head
                    .lines()
                    .find_map(|line| {
                        let (name, value) = line.split_once(':')?;
                        name.eq_ignore_ascii_case("content-length")
                            .then(|| value.trim().parse().ok())?
                    })
                    .unwrap_or(0);
                if rest.len() >= length {
                    return text;
                }
            }
            let read = tokio::time::timeout(Duration::from_secs(10), connection.read(&mut buffer))
                .await
                .expect("the server answers")
                .expect("reads");
            assert!(read > 0, "the server closed the connection: {text}");
            answer.extend_from_slice(&buffer[..read]);
        }
    }

    let answer = read_answer(&mut connection).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(
        answer.contains("The request is too large: the limit is 64 KB."),
        "{answer}"
    );

    let next = format!("GET /healthz HTTP/1.1\r\nHost: {address}\r\n\r\n");
    connection.write_all(next.as_bytes()).await.expect("sent");
    let answer = read_answer(&mut connection).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

    // A client that asks before sending (`Expect: 100-continue`) is told at once, and never
    // asked for the body.
    let mut asking = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connects");
    let head = head.replace("Content-Type", "Expect: 100-continue\r\nContent-Type");
    asking.write_all(head.as_bytes()).await.expect("head sent");
    let answer = read_answer(&mut asking).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    app.stop().await;
}

#[test]
fn help_documents_every_setting() {
    let output = Command::new(env!("CARGO_BIN_EXE_college-site"))
        .args(["serve", "--help"])
        .output()
        .expect("runs");
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    for setting in [
        "--listen",
        "COLLEGE_LISTEN",
        "--database",
        "DATABASE_URL",
        "SMTP_URL",
        "CONTACT_INBOX",
        "PUBLIC_URL",
        "MAIL_FROM",
        "COLLEGE_DATA_DIR",
        "--log-format",
        "COLLEGE_LOG_FORMAT",
        "--metrics-listen",
        "COLLEGE_METRICS_LISTEN",
        "--backup-dir",
        "COLLEGE_BACKUP_DIR",
        "--backup-every",
        "COLLEGE_BACKUP_EVERY",
        "--backup-keep",
        "COLLEGE_BACKUP_KEEP",
        "--drain-delay",
        "COLLEGE_DRAIN_DELAY",
    ] {
        assert!(help.contains(setting), "--help mentions {setting}:\n{help}");
    }
}

#[test]
fn a_bad_setting_stops_start_up_with_a_clear_message() {
    let output = Command::new(env!("CARGO_BIN_EXE_college-site"))
        .args(["serve", "--database", "mysql://nope"])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("DATABASE_URL must start with sqlite:// or postgres://"),
        "{stderr}"
    );
}

#[test]
fn sigterm_drains_and_exits_zero() {
    let dir = tempfile::tempdir().expect("dir");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_college-site"))
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .arg("--database")
        .arg(format!(
            "sqlite://{}",
            dir.path().join("db.sqlite").display()
        ))
        .arg("--data-dir")
        .arg(dir.path())
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let listening = lines
        .by_ref()
        .map_while(Result::ok)
        .any(|line| line.contains("listening"));
    assert!(listening, "the server logs that it listens");

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let exit = loop {
        if let Some(exit) = child.try_wait().expect("wait") {
            break exit;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "exits within 10 s of SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(exit.code(), Some(0));
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(
        rest.iter().any(|l| l.contains("stopped cleanly")),
        "{rest:?}"
    );
}
