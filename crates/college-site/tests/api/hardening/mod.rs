//! What a stranger, or a student, must not be able to do to the site: each module is one way
//! in that was tried as an attacker would, and the test that keeps it shut.

mod admins;
mod caps;
mod connections;
mod downloads;
mod files;
mod input;
mod lab;
mod lockout;
mod mails;
mod markdown;
mod methods;
mod networks;
mod passes;
mod registrations;
mod second_step;
mod uploads;

use reqwest::{Response, header};
use serde_json::json;

use crate::common::TestApp;

/// A password sign-in from a browser that sends `cookie` (its device cookie), if any.
pub(super) async fn login(
    app: &TestApp,
    email: &str,
    password: &str,
    cookie: Option<&str>,
) -> Response {
    let mut request = app
        .client
        .post(app.url("/api/auth/login"))
        .header("origin", &app.base)
        .json(&json!({"email": email, "password": password}));
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    request.send().await.expect("sent")
}

/// The device cookie (`name=value`) among an answer's Set-Cookie headers.
pub(super) fn device_cookie(response: &Response) -> Option<String> {
    response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|cookie| cookie.starts_with("device="))
        .and_then(|cookie| cookie.split(';').next())
        .map(str::to_owned)
}
