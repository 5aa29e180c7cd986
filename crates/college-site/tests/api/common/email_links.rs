//! The email part of the account API as the site's pages use it, the links in its mails, and
//! the server's log, kept for a test to read.

use std::{
    io::Write,
    sync::{Mutex, Once},
};

use reqwest::Response;
use serde_json::json;

use super::{TestApp, smtp::ReceivedMail};

impl TestApp {
    pub async fn verify_email(&self, token: &str) -> Response {
        self.api("/api/auth/verify-email", json!({ "token": token }))
            .await
    }

    pub async fn resend_link(&self, cookie: &str) -> Response {
        self.post_signed_in("/api/account/email/resend", cookie, json!({}))
            .await
    }

    pub async fn change_email(&self, cookie: &str, new_email: &str, password: &str) -> Response {
        let body = json!({ "newEmail": new_email, "password": password });
        self.post_signed_in("/api/account/email", cookie, body)
            .await
    }
}

/// The token of the verification link in `mail`, after checking that the link leads to this
/// site's verification page and carries the token in its fragment.
pub fn link_token(app: &TestApp, mail: &ReceivedMail) -> String {
    let body = mail.body_text();
    let prefix = format!("{}/account/verify#token=", app.base);
    let start = body
        .find(&prefix)
        .unwrap_or_else(|| panic!("no verification link in {body}"))
        + prefix.len();
    body[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// The mails received so far for `address`.
pub fn mails_to(received: &[ReceivedMail], address: &str) -> Vec<ReceivedMail> {
    received
        .iter()
        .filter(|mail| mail.envelope_to.iter().any(|to| to == address))
        .cloned()
        .collect()
}

static LOGS: Mutex<Vec<u8>> = Mutex::new(Vec::new());

struct LogWriter;

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut logs) = LOGS.lock() {
            logs.extend_from_slice(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Keeps everything the process logs (debug and above) for [`captured_logs`]. The test runner
/// gives each test its own process, so the logs are this test's; under `cargo test` they may
/// also hold other tests' lines, which a "never in the logs" check can only make stricter.
pub fn capture_logs() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::new("debug"))
            .with_ansi(false)
            .with_writer(|| LogWriter)
            .try_init();
    });
}

/// Like [`capture_logs`], in the server's JSON format (`--log-format json`): one object a line.
pub fn capture_json_logs() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        college_site::logs::install(college_site::config::LogFormat::Json, "debug", || LogWriter);
    });
}

pub fn captured_logs() -> String {
    LOGS.lock()
        .map(|logs| String::from_utf8_lossy(&logs).into_owned())
        .unwrap_or_default()
}
