//! The progress API as the tutorial's pages use it.

use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};

use super::TestApp;

impl TestApp {
    /// `GET /api/progress`, with `query` as it is (e.g. `?lesson=state`).
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

/// `demo`'s `App.jsx` in the lesson `state`, as the tutorial sends it.
pub fn file_json(demo: &str, code: Option<&str>, edited_at: i64) -> Value {
    json!({
        "lesson": "state",
        "demo": demo,
        "file": "App.jsx",
        "code": code,
        "base": "base-1",
        "editedAt": edited_at,
    })
}

/// A background save of `files`.
pub fn files_body(files: Vec<Value>) -> Value {
    json!({ "files": files })
}
