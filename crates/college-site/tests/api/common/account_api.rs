//! The account page's API as the page uses it, and ways to set up what a test needs that the
//! API cannot make (a Google-only account, a sign-in that is no longer recent). Signing in is
//! in [`super::auth_api`].

use college_site::{
    accounts::{
        session::service::{self, CurrentUser, Device, RECENT_SIGN_IN_MS, SecondStep},
        tokens::new_uid,
    },
    store::{Account, Profile, now_millis},
};
use reqwest::StatusCode;
use serde_json::Value;

use super::{Backend, TestApp, auth_api::CHROME_ANDROID, smtp::SmtpServer};

/// A server that delivers mail to `smtp`, with room for many sign-ins from one address.
pub async fn app_with_mail(backend: Backend) -> Option<(TestApp, SmtpServer)> {
    let smtp = SmtpServer::start();
    let url = smtp.url();
    let app = TestApp::spawn(backend, move |c| {
        c.smtp_url = Some(url.into());
        c.limits.auth_per_minute = 1_000;
    })
    .await?;
    Some((app, smtp))
}

impl TestApp {
    /// What `GET /api/account` answers for `cookie`, after checking it is a 200.
    pub async fn account_page(&self, cookie: &str) -> Value {
        let response = self.get_signed_in("/api/account", cookie).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.expect("json")
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
            disabled_at: None,
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
            roles: Vec::new(),
            second_factor: false,
            must_set_up_second_factor: false,
        };
        let device = Device::from_user_agent(Some(CHROME_ANDROID));
        let signed_in =
            service::start_session(&self.store, user, false, device, SecondStep::NotTaken)
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
        super::raw_sql::execute(self.database_url(), sql).await;
    }
}
