//! The role matrix: every role-guarded endpoint called as a visitor, as each role, and as the
//! one role it is for, so that a new endpoint cannot open to the wrong people unnoticed.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::TestApp;

/// One of each: a signed-in student and a member of staff of each role, each its cookie.
pub struct EveryRole {
    pub student: String,
    pub teacher: String,
    pub office: String,
    pub admin: String,
    pub editor: String,
    pub grievance_committee: String,
}

impl EveryRole {
    fn all(&self) -> [(&'static str, &str); 6] {
        [
            ("student", &self.student),
            ("teacher", &self.teacher),
            ("office", &self.office),
            ("admin", &self.admin),
            ("editor", &self.editor),
            ("grievance-committee", &self.grievance_committee),
        ]
    }
}

/// A call of the matrix: the method, the path, the body, and what the allowed role gets.
pub type Endpoint = (Method, String, Value, StatusCode);

impl TestApp {
    pub async fn every_role(&self) -> EveryRole {
        EveryRole {
            student: self.signed_in("student@example.com").await,
            teacher: self.staff_member("teacher@example.com", "teacher").await,
            office: self.staff_member("office@example.com", "office").await,
            admin: self.staff_member("admin@example.com", "admin").await,
            editor: self.staff_member("editor@example.com", "editor").await,
            grievance_committee: self
                .staff_member("sgrc@example.com", "grievance-committee")
                .await,
        }
    }

    /// Calls each endpoint as a visitor (401), as every role but `allowed` (403 with the
    /// error `refused`), then as `allowed`, in the order given (a later call may rest on an
    /// earlier one, as a publish on a save).
    pub async fn assert_only_role_passes(
        &self,
        roles: &EveryRole,
        allowed: &str,
        refused: &str,
        endpoints: Vec<Endpoint>,
    ) {
        for (method, path, body, expected) in endpoints {
            let (status, _) = self
                .staff_call(method.clone(), &path, None, body.clone())
                .await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "visitor: {method} {path}");
            for (who, cookie) in roles.all() {
                if who == allowed {
                    continue;
                }
                let (status, answer) = self
                    .staff_call(method.clone(), &path, Some(cookie), body.clone())
                    .await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {method} {path}");
                assert_eq!(answer["error"]["code"], refused, "{who}: {method} {path}");
            }
            let cookie = roles
                .all()
                .into_iter()
                .find_map(|(who, cookie)| (who == allowed).then_some(cookie))
                .expect("a known role");
            let (status, answer) = self
                .staff_call(method.clone(), &path, Some(cookie), body)
                .await;
            assert_eq!(status, expected, "{allowed}: {method} {path}: {answer}");
        }
    }
}
