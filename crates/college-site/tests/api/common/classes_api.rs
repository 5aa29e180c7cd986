//! Classes over the HTTP API as the teacher's and the student's pages use it.

use college_site::store::{AuditAction, Role, now_millis};
use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};

use super::{TestApp, records};

impl TestApp {
    /// Registers `email`, gives it the teacher role (as `college-site roles grant` does) and
    /// returns its session cookie.
    pub async fn teacher(&self, email: &str) -> String {
        let cookie = self.signed_in(email).await;
        self.grant(&cookie).await;
        cookie
    }

    /// Gives the teacher role to the account signed in with `cookie`, and sets up the two-step
    /// sign-in that staff need.
    pub async fn grant(&self, cookie: &str) {
        let uid = self.session_user(cookie).await["uid"]
            .as_str()
            .expect("uid")
            .to_owned();
        // Set up first: the session that did so passed the second step and outlives the grant,
        // which ends the sessions that did not.
        if self.session_user(cookie).await["secondFactor"] != true {
            self.set_up_second_factor(cookie).await;
        }
        self.store
            .grant_role(
                &uid,
                Role::Teacher,
                &records::role_change(AuditAction::RoleGranted, now_millis()),
            )
            .await
            .expect("granted");
    }

    /// Creates a class and returns it as the API does.
    pub async fn create_class(&self, cookie: &str, name: &str) -> Value {
        let response = self
            .post_signed_in("/api/teach/classes", cookie, json!({ "name": name }))
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json::<Value>().await.expect("json")["class"].clone()
    }

    /// A request with any method, from our own page, with the session cookie.
    pub async fn send_signed_in(
        &self,
        method: reqwest::Method,
        path: &str,
        cookie: &str,
        body: Value,
    ) -> Response {
        self.client
            .request(method, self.url(path))
            .header("origin", &self.base)
            .header(header::COOKIE, cookie)
            .json(&body)
            .send()
            .await
            .expect("sent")
    }

    /// Joins the class of `code` and checks it worked.
    pub async fn join_class(&self, cookie: &str, code: &str) -> Value {
        let response = self
            .post_signed_in("/api/classes/join", cookie, json!({ "code": code }))
            .await;
        let status = response.status();
        let body: Value = response.json().await.expect("json");
        assert_eq!(status, StatusCode::OK, "{body}");
        body["class"].clone()
    }

    /// The teacher's table of a class.
    pub async fn class_table(&self, cookie: &str, class_id: &str) -> Value {
        let response = self
            .get_signed_in(&format!("/api/teach/classes/{class_id}/table"), cookie)
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("json")
    }
}
