//! "Login with Google" as a browser does it, against the development OpenID provider.

use college_site::config::{Config, GoogleSettings};
use dev_oidc::{Account, RunningProvider, Settings};
use reqwest::{StatusCode, header};
use serde_json::Value;

use super::{Backend, TestApp};

pub async fn provider() -> RunningProvider {
    dev_oidc::start(Settings::default())
        .await
        .expect("provider starts")
}

pub async fn app_with(backend: Backend, provider: &RunningProvider) -> Option<TestApp> {
    app_configured(backend, provider, |_| {}).await
}

/// A server that signs in with `provider`, with `configure` applied to its settings.
pub async fn app_configured(
    backend: Backend,
    provider: &RunningProvider,
    configure: impl FnOnce(&mut Config),
) -> Option<TestApp> {
    let google = GoogleSettings {
        issuer: provider.issuer.clone(),
        client_id: provider.client_id.clone(),
        client_secret: Some(provider.client_secret.clone().into()),
    };
    TestApp::spawn(backend, move |c| {
        c.google = Some(google);
        c.limits.auth_per_minute = 100;
        configure(c);
    })
    .await
}

pub fn asha() -> Account {
    Account::new("Asha Rao", "asha.rao@example.com", true)
}

/// What a browser does: start, choose `account` at the provider, come back with the state
/// cookie. Returns the callback's response.
pub async fn google_sign_in(
    app: &TestApp,
    provider: &RunningProvider,
    account: &Account,
) -> reqwest::Response {
    let (state_cookie, authorize) = start(app, "mode=popup&returnTo=/about").await;
    assert!(authorize.starts_with(&provider.issuer), "{authorize}");
    assert!(authorize.contains("prompt=select_account"), "{authorize}");
    assert!(
        authorize.contains("code_challenge_method=S256"),
        "{authorize}"
    );
    assert!(authorize.contains("nonce="), "{authorize}");

    let callback = provider
        .sign_in(&authorize, account)
        .expect("provider accepts");
    app.client
        .get(callback.as_str())
        .header(header::COOKIE, state_cookie)
        .send()
        .await
        .expect("sent")
}

/// Starts a sign-in as a browser does. Returns the state cookie (`name=value`) and the
/// provider's authorization URL.
pub async fn start(app: &TestApp, query: &str) -> (String, String) {
    let response = app
        .client
        .get(app.url(&format!("/auth/google/start?{query}")))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let set_cookie = response.headers()[header::SET_COOKIE]
        .to_str()
        .expect("ascii");
    assert!(set_cookie.contains("HttpOnly"), "{set_cookie}");
    let cookie = set_cookie.split(';').next().expect("pair").to_owned();
    let authorize = response.headers()[header::LOCATION]
        .to_str()
        .expect("ascii")
        .to_owned();
    (cookie, authorize)
}

/// The outcome the callback page reports to the opener.
pub async fn outcome(response: reqwest::Response) -> (Option<String>, Value) {
    let session = response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("session=") && !c.starts_with("session=;"))
        .map(|c| c.split(';').next().unwrap_or_default().to_owned());
    assert_eq!(
        response.headers()["cross-origin-opener-policy"],
        "unsafe-none"
    );
    let html = response.text().await.expect("page");
    let start = html.find("data-result=\"").expect("result data") + "data-result=\"".len();
    let end = start + html[start..].find('"').expect("end");
    let json = html[start..end]
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&amp;", "&");
    (session, serde_json::from_str(&json).expect("result json"))
}
