//! The accounts API as the site's pages use it.

use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};

use super::TestApp;

pub const PASSWORD: &str = "river-campus-2024!";

impl TestApp {
    pub async fn register(&self, name: &str, email: &str) -> Response {
        self.api(
            "/api/auth/register",
            json!({"displayName": name, "email": email, "password": PASSWORD, "mobile": "+91 98765 43210"}),
        )
        .await
    }

    pub async fn session_user(&self, cookie: &str) -> Value {
        let response = self
            .client
            .get(self.url("/api/auth/session"))
            .header(header::COOKIE, cookie)
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), StatusCode::OK);
        response.json::<Value>().await.expect("json")["user"].clone()
    }
}

/// The `name=value` part of the response's Set-Cookie, and the whole header.
pub fn session_cookie(response: &Response) -> (String, String) {
    let set = response.headers()[header::SET_COOKIE]
        .to_str()
        .expect("ascii")
        .to_owned();
    (set.split(';').next().expect("pair").to_owned(), set)
}

pub async fn error_of(response: Response) -> (StatusCode, String, String) {
    let status = response.status();
    let body: Value = response.json().await.expect("json error");
    (
        status,
        body["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        body["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    )
}
