//! The progress API as the tutorial's pages use it.

use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};

use super::TestApp;

impl TestApp {
    /// Registers a student and returns the session cookie. The account is dated years back,
    /// so that the fixed times the tests save at fall within its life (a time before the
    /// account was made is taken as that moment).
    pub async fn student(&self, email: &str) -> String {
        let cookie = self.signed_in(email).await;
        self.date_back(email).await;
        cookie
    }

    /// Dates the account of `email` back to [`ACCOUNTS_MADE_AT`].
    pub async fn date_back(&self, email: &str) {
        super::raw_sql::execute(
            self.database_url(),
            &format!(
                "UPDATE accounts SET created_at = {ACCOUNTS_MADE_AT} WHERE email_key = '{}'",
                email.to_lowercase()
            ),
        )
        .await;
    }

    /// `GET /api/progress`, with `query` as it is (e.g. `?lesson=use-state`).
    pub async fn read_progress(&self, cookie: Option<&str>, query: &str) -> Response {
        let mut request = self.client.get(self.url(&format!("/api/progress{query}")));
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        request.send().await.expect("sent")
    }

    /// `POST /api/progress` from our own page.
    pub async fn save_progress(&self, cookie: Option<&str>, body: &Value) -> Response {
        let mut request = self
            .client
            .post(self.url("/api/progress"))
            .header("origin", &self.base)
            .json(body);
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        request.send().await.expect("sent")
    }

    /// The progress of the signed-in account, with the files of `lesson`.
    pub async fn progress_of(&self, cookie: &str, lesson: &str) -> Value {
        let response = self
            .read_progress(Some(cookie), &format!("?lesson={lesson}"))
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("json")
    }

    /// Saves and returns the stored files of the answer, after checking it is a 200.
    pub async fn saved_files(&self, cookie: &str, body: &Value) -> Value {
        let response = self.save_progress(Some(cookie), body).await;
        let status = response.status();
        let answer: Value = response.json().await.expect("json");
        assert_eq!(status, StatusCode::OK, "{answer}");
        answer["files"].clone()
    }
}

/// `demo`'s `App.jsx` in the lesson `use-state`, as the tutorial sends it.
pub fn file_json(demo: &str, code: Option<&str>, edited_at: i64) -> Value {
    json!({
        "lesson": "use-state",
        "demo": demo,
        "file": "App.jsx",
        "code": code,
        "base": "base-1",
        "editedAt": edited_at,
    })
}

/// When [`TestApp::student`] dates its accounts: before every time the tests save at.
pub const ACCOUNTS_MADE_AT: i64 = 1_600_000_000_000;

/// The name of a file the pass of `challenge` holds, as the build describes the tutorial.
pub fn pass_file(challenge: &str) -> String {
    college_site::web::assets::challenge_files()
        .get(challenge)
        .and_then(|files| files.first().cloned())
        .unwrap_or_else(|| {
            let name = challenge.rsplit('/').next().unwrap_or(challenge);
            format!("{name}.tsx")
        })
}

/// A background save of `files`.
pub fn files_body(files: Vec<Value>) -> Value {
    json!({ "files": files })
}
