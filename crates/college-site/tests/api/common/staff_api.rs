//! The staff area's API as its pages use it: giving roles, the identity check, and reading
//! the answers.

use college_site::{
    config::{RolesAction, RolesArgs},
    roles::cli,
};
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use super::{TestApp, auth_api::PASSWORD};

impl TestApp {
    /// Registers `email`, gives it `role` on the command line, as the first admin is made, and
    /// sets up its two-step sign-in, which staff need; returns the session cookie.
    pub async fn staff_member(&self, email: &str, role: &str) -> String {
        let cookie = self.signed_in(email).await;
        // Set up first: the session that did so passed the second step and outlives the grant,
        // which ends the sessions that did not.
        self.set_up_second_factor(&cookie).await;
        self.roles_command(RolesAction::Grant {
            email: email.into(),
            role: role.into(),
        })
        .await;
        cookie
    }

    pub async fn roles_command(&self, action: RolesAction) -> String {
        cli::run(RolesArgs {
            database: self.database_url().into(),
            action,
        })
        .await
        .expect("the roles command works")
    }

    /// Passes the identity check for the admin signed in with `cookie`.
    pub async fn confirm_identity(&self, cookie: &str) {
        let response = self
            .post_signed_in(
                "/api/staff/confirm",
                cookie,
                json!({ "password": PASSWORD, "code": self.recovery_code(cookie) }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    }

    /// A staff call with the session cookie; returns the status and the JSON body (`null`
    /// when there is none).
    pub async fn staff_call(
        &self,
        method: Method,
        path: &str,
        cookie: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        let mut request = self
            .client
            .request(method.clone(), self.url(path))
            .header("origin", &self.base);
        if let Some(cookie) = cookie {
            request = request.header(reqwest::header::COOKIE, cookie);
        }
        if method != Method::GET {
            request = request.json(&body);
        }
        let response: Response = request.send().await.expect("sent");
        let status = response.status();
        let cache = response
            .headers()
            .get(reqwest::header::CACHE_CONTROL)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        assert!(
            cache.contains("no-store"),
            "{method} {path}: staff answers are never stored ({status}, {cache:?})"
        );
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// A staff POST the server is to refuse: its status and the error's code.
    pub async fn staff_refusal(
        &self,
        path: &str,
        cookie: &str,
        body: Value,
    ) -> (StatusCode, String) {
        let (status, body) = self
            .staff_call(Method::POST, path, Some(cookie), body)
            .await;
        let code = body["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        (status, code)
    }

    pub async fn staff_get(&self, path: &str, cookie: &str) -> Value {
        let (status, body) = self
            .staff_call(Method::GET, path, Some(cookie), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "GET {path}: {body}");
        body
    }

    pub async fn staff_post(&self, path: &str, cookie: &str, body: Value) -> Value {
        let (status, answer) = self
            .staff_call(Method::POST, path, Some(cookie), body)
            .await;
        assert_eq!(status, StatusCode::OK, "POST {path}: {answer}");
        answer
    }
}
