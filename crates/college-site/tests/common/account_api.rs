//! The account page's API as the page uses it, and ways to set up what a test needs that the
//! API cannot make (a Google-only account, a sign-in that is no longer recent).

use college_site::{
    accounts::{
        session::service::{self, CurrentUser, Device, RECENT_SIGN_IN_MS},
        tokens::new_uid,
    },
    store::{Account, Profile, now_millis},
};
use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};
use sqlx::{Connection, PgConnection, SqliteConnection};

use super::{Backend, TestApp, auth_api::session_cookie, smtp::SmtpServer};

pub const CHROME_ANDROID: &str = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36";
pub const FIREFOX_LINUX: &str =
    "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
pub const SAFARI_IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/// A server that delivers mail to `smtp`, with room for many sign-ins from one address.
pub async fn app_with_mail(backend: Backend) -> Option<(TestApp, SmtpServer)> {
    let smtp = SmtpServer::start();
    let url = smtp.url();
    let app = TestApp::spawn(backend, move |c| {
        c.smtp_url = Some(url);
        c.limits.auth_per_minute = 1_000;
    })
    .await?;
    Some((app, smtp))
}

impl TestApp {
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

    /// What `GET /api/account` answers for `cookie`, after checking it is a 200.
    pub async fn account_page(&self, cookie: &str) -> Value {
        let response = self.get_signed_in("/api/account", cookie).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("json")
    }

    /// Registers `email` from a browser with `user_agent`; returns the session cookie.
    pub async fn register_from(&self, email: &str, user_agent: &str) -> String {
        let response = self
            .client
            .post(self.url("/api/auth/register"))
            .header("origin", &self.base)
            .header(header::USER_AGENT, user_agent)
            .json(&json!({
                "displayName": "Asha Rao", "email": email,
                "password": super::auth_api::PASSWORD, "mobile": "+91 98765 43210",
            }))
            .send()
            .await
            .expect("sent");
        assert_eq!(response.status(), StatusCode::CREATED);
        session_cookie(&response).0
    }

    /// Signs in from a browser with `user_agent`; returns the response.
    pub async fn login_from(
        &self,
        email: &str,
        password: &str,
        remember: bool,
        user_agent: &str,
    ) -> Response {
        self.client
            .post(self.url("/api/auth/login"))
            .header("origin", &self.base)
            .header(header::USER_AGENT, user_agent)
            .json(&json!({"email": email, "password": password, "remember": remember}))
            .send()
            .await
            .expect("sent")
    }

    /// Signs in with the password and returns the session cookie.
    pub async fn another_session(&self, email: &str, password: &str) -> String {
        let response = self.login_from(email, password, false, SAFARI_IPHONE).await;
        assert_eq!(response.status(), StatusCode::OK);
        session_cookie(&response).0
    }

    /// An account made with Google (no password) and a fresh session of it, as the Google
    /// sign-in leaves them. Returns the account's id and the session cookie.
    pub async fn google_only_account(&self, email: &str, google_sub: &str) -> (String, String) {
        let account = Account {
            id: new_uid(),
            email_key: email.to_owned(),
            password_hash: None,
            google_sub: Some(google_sub.to_owned()),
            created_at: now_millis(),
            email_verified_at: Some(now_millis()),
        };
        let profile = Profile {
            id: account.id.clone(),
            display_name: Some("Meera Iyer".into()),
            email: email.to_owned(),
            mobile: None,
            extra: serde_json::Map::new(),
            created_at: account.created_at,
        };
        self.store
            .create_account(&account, &profile)
            .await
            .expect("created");
        let user = CurrentUser {
            uid: account.id.clone(),
            display_name: profile.display_name,
            email: profile.email,
            email_verified: account.email_verified_at.is_some(),
        };
        let device = Device::from_user_agent(Some(CHROME_ANDROID));
        let signed_in = service::start_session(&self.store, user, false, device)
            .await
            .expect("session");
        (account.id, format!("session={}", signed_in.token))
    }

    /// Moves every sign-in of the account back past the "recent sign-in" window.
    pub async fn make_sign_ins_old(&self, account_id: &str) {
        let long_ago = now_millis() - RECENT_SIGN_IN_MS - 60_000;
        self.execute_sql(&format!(
            "UPDATE sessions SET created_at = {long_ago} WHERE account_id = '{account_id}'"
        ))
        .await;
    }

    /// Runs one statement on the server's database, as an administrator would.
    pub async fn execute_sql(&self, sql: &str) {
        if self.database_url.starts_with("sqlite:") {
            let mut connection = SqliteConnection::connect(&self.database_url)
                .await
                .expect("sqlite");
            sqlx::query(sql)
                .execute(&mut connection)
                .await
                .expect("statement");
        } else {
            let mut connection = PgConnection::connect(&self.database_url)
                .await
                .expect("postgres");
            sqlx::query(sql)
                .execute(&mut connection)
                .await
                .expect("statement");
        }
    }
}

/// The status, code and field of an error answer.
pub async fn refusal(response: Response) -> (StatusCode, String, Value) {
    let status = response.status();
    let body: Value = response.json().await.expect("json error");
    let code = body["error"]["code"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (status, code, body["error"]["field"].clone())
}
