//! Signing an account in as the site's pages do (register, login, the session), the requests
//! a signed-in page makes, and reading the API's errors. Every test that needs a signed-in
//! account goes through here.

use reqwest::{RequestBuilder, Response, StatusCode, header};
use serde_json::{Value, json};

use super::TestApp;

pub const PASSWORD: &str = "river-campus-2024!";

pub const CHROME_ANDROID: &str = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36";
pub const FIREFOX_LINUX: &str =
    "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
pub const SAFARI_IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

impl TestApp {
    /// Registers `email` with [`PASSWORD`]; returns the answer.
    pub async fn register(&self, name: &str, email: &str) -> Response {
        self.register_request(name, email)
            .send()
            .await
            .expect("sent")
    }

    /// Registers an account and returns its session cookie (`name=value`).
    pub async fn signed_in(&self, email: &str) -> String {
        let registered = self.register("Asha Rao", email).await;
        assert_eq!(registered.status(), StatusCode::CREATED);
        session_cookie(&registered).0
    }

    /// Signs `email` in again with its password, for an account without a second factor;
    /// returns the new session's cookie.
    pub async fn signed_in_again(&self, email: &str) -> String {
        let response = self.login(email, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK);
        cookie_named(&response, "session").expect("a session")
    }

    /// Registers `email` from a browser with `user_agent`; returns the session cookie.
    pub async fn register_from(&self, email: &str, user_agent: &str) -> String {
        let response = self
            .register_request("Asha Rao", email)
            .header(header::USER_AGENT, user_agent)
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), StatusCode::CREATED);
        session_cookie(&response).0
    }

    fn register_request(&self, name: &str, email: &str) -> RequestBuilder {
        self.client
            .post(self.url("/api/auth/register"))
            .header("origin", &self.base)
            .json(&json!({
                "displayName": name, "email": email,
                "password": PASSWORD, "mobile": "+91 98765 43210",
            }))
    }

    /// Signs in with a password, without "Remember me"; returns the answer.
    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.login_request(email, password, false)
            .send()
            .await
            .expect("sent")
    }

    /// Signs in from a browser with `user_agent`; returns the answer.
    pub async fn login_from(
        &self,
        email: &str,
        password: &str,
        remember: bool,
        user_agent: &str,
    ) -> Response {
        self.login_request(email, password, remember)
            .header(header::USER_AGENT, user_agent)
            .send()
            .await
            .expect("sent")
    }

    fn login_request(&self, email: &str, password: &str, remember: bool) -> RequestBuilder {
        self.client
            .post(self.url("/api/auth/login"))
            .header("origin", &self.base)
            .json(&json!({"email": email, "password": password, "remember": remember}))
    }

    /// Signs in with the password from another browser and returns the session cookie.
    pub async fn another_session(&self, email: &str, password: &str) -> String {
        let response = self.login_from(email, password, false, SAFARI_IPHONE).await;
        assert_eq!(response.status(), StatusCode::OK);
        session_cookie(&response).0
    }

    /// The user `GET /api/auth/session` names for `cookie` (`null` when signed out).
    pub async fn session_user(&self, cookie: &str) -> Value {
        let response = self.get_signed_in("/api/auth/session", cookie).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json::<Value>().await.expect("json")["user"].clone()
    }

    /// `GET path` with the session cookie.
    pub async fn get_signed_in(&self, path: &str, cookie: &str) -> Response {
        self.client
            .get(self.url(path))
            .header(header::COOKIE, cookie)
            .send()
            .await
            .expect("sent")
    }

    /// `POST path` with JSON from our own page, with the session cookie.
    pub async fn post_signed_in(&self, path: &str, cookie: &str, body: Value) -> Response {
        self.client
            .post(self.url(path))
            .header("origin", &self.base)
            .header(header::COOKIE, cookie)
            .json(&body)
            .send()
            .await
            .expect("sent")
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

/// Status, code, message and field of an API error.
pub async fn error_with_field(response: Response) -> (StatusCode, String, String, Value) {
    let status = response.status();
    let body: Value = response.json().await.expect("json error");
    let error = &body["error"];
    (
        status,
        error["code"].as_str().unwrap_or_default().to_owned(),
        error["message"].as_str().unwrap_or_default().to_owned(),
        error["field"].clone(),
    )
}

/// Status, code and message of an API error.
pub async fn error_of(response: Response) -> (StatusCode, String, String) {
    let (status, code, message, _) = error_with_field(response).await;
    (status, code, message)
}

/// Status, code and field of an API error.
pub async fn refusal(response: Response) -> (StatusCode, String, Value) {
    let (status, code, _, field) = error_with_field(response).await;
    (status, code, field)
}

/// The cookie an answer sets under `name`, as `name=value`, if it sets one with a value.
pub fn cookie_named(response: &Response, name: &str) -> Option<String> {
    response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .map(|value| value.split(';').next().unwrap_or_default().to_owned())
        .find(|pair| pair.starts_with(&format!("{name}=")) && pair.len() > name.len() + 1)
}
