//! The account page's password change and sessions over the real HTTP API, with a real SMTP
//! server, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set).

use std::time::Duration;

use crate::common::{
    Backend, TestApp,
    account_api::app_with_mail,
    auth_api::{FIREFOX_LINUX, PASSWORD, error_of, refusal},
};
use reqwest::{Response, StatusCode, header};
use serde_json::{Value, json};

crate::on_both_backends!(
    a_new_password_signs_out_the_other_browsers_and_is_mailed,
    sessions_end_one_at_a_time_or_all_but_this_one,
    ending_this_session_signs_this_browser_out,
    sensitive_changes_are_limited_per_account,
);

const NEW_PASSWORD: &str = "library-steps-at-dawn";
const MAIL_WAIT: Duration = Duration::from_secs(15);

fn ids(sessions: &Value) -> Vec<String> {
    sessions
        .as_array()
        .expect("sessions")
        .iter()
        .map(|s| s["id"].as_str().expect("id").to_owned())
        .collect()
}

async fn a_new_password_signs_out_the_other_browsers_and_is_mailed(backend: Backend) {
    let Some((app, smtp)) = app_with_mail(backend).await else {
        return;
    };
    let this = app.signed_in("asha@example.com").await;
    let other = app.another_session("asha@example.com", PASSWORD).await;

    let change = json!({"currentPassword": PASSWORD, "newPassword": NEW_PASSWORD});
    let changed = app
        .post_signed_in("/api/account/password", &this, change)
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(changed.headers()[header::CACHE_CONTROL], "no-store");
    let body: Value = changed.json().await.expect("json");
    assert_eq!(body["account"]["email"], "asha@example.com");
    let sessions = body["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 1, "only this session is left: {sessions:?}");
    assert_eq!(sessions[0]["current"], true);

    assert_eq!(app.session_user(&this).await["displayName"], "Asha Rao");
    assert_eq!(app.session_user(&other).await, Value::Null, "signed out");
    let old = app
        .login_from("asha@example.com", PASSWORD, false, FIREFOX_LINUX)
        .await;
    assert_eq!(old.status(), StatusCode::UNAUTHORIZED);
    let new = app
        .login_from("asha@example.com", NEW_PASSWORD, false, FIREFOX_LINUX)
        .await;
    assert_eq!(new.status(), StatusCode::OK);

    let mail = smtp
        .wait_for_subject("Your password was changed", MAIL_WAIT)
        .await;
    assert_eq!(mail.envelope_to, ["asha@example.com"]);
    assert_eq!(
        mail.header("Reply-To").as_deref(),
        Some("\"Admissions Office\" <office@college.test>")
    );
    let text = mail.body_text();
    // Not greeted by name: the address is not proved yet (see hardening/mails.rs).
    assert!(text.starts_with("Hello,"), "{text}");
    assert!(text.contains("asha@example.com"), "{text}");
    assert!(!text.contains(NEW_PASSWORD), "never the password: {text}");
    app.stop().await;
}

async fn sessions_end_one_at_a_time_or_all_but_this_one(backend: Backend) {
    let Some((app, _smtp)) = app_with_mail(backend).await else {
        return;
    };
    let this = app.signed_in("asha@example.com").await;
    let phone = app.another_session("asha@example.com", PASSWORD).await;
    let laptop = app.another_session("asha@example.com", PASSWORD).await;
    let ravi = app.signed_in("ravi@example.com").await;
    let page = app.account_page(&this).await;
    let all = ids(&page["sessions"]);
    let phone_id = ids(&app.account_page(&phone).await["sessions"])[0].clone();
    let ravi_id = ids(&app.account_page(&ravi).await["sessions"])[0].clone();
    assert_eq!(all.len(), 3);

    let end =
        |id: &str| app.post_signed_in("/api/account/sessions/end", &this, json!({ "id": id }));
    let ended = end(&phone_id).await;
    assert_eq!(ended.status(), StatusCode::OK);
    let left = ids(&ended.json::<Value>().await.expect("json")["sessions"]);
    assert_eq!(left.len(), 2);
    assert_eq!(left[0], all[0], "this one first");
    assert!(!left.contains(&phone_id));
    assert_eq!(app.session_user(&phone).await, Value::Null);

    // An id that is not one of this account's sessions: ended already, another account's, or
    // made up. Another account's session is not touched.
    for id in [phone_id.as_str(), ravi_id.as_str(), "made-up", ""] {
        let (status, code, message) = error_of(end(id).await).await;
        assert_eq!(
            (status, code.as_str(), message.as_str()),
            (
                StatusCode::NOT_FOUND,
                "session-not-found",
                "That session has already ended."
            ),
            "{id}"
        );
    }
    assert_eq!(app.session_user(&ravi).await["email"], "ravi@example.com");

    let others = app
        .post_signed_in("/api/account/sessions/end-others", &this, json!({}))
        .await;
    assert_eq!(others.status(), StatusCode::OK);
    let left = others.json::<Value>().await.expect("json")["sessions"].clone();
    assert_eq!(ids(&left), [all[0].clone()]);
    assert_eq!(left[0]["current"], true);
    assert_eq!(app.session_user(&laptop).await, Value::Null);
    assert_eq!(app.session_user(&this).await["email"], "asha@example.com");
    assert_eq!(app.session_user(&ravi).await["email"], "ravi@example.com");
    app.stop().await;
}

async fn ending_this_session_signs_this_browser_out(backend: Backend) {
    let Some((app, _smtp)) = app_with_mail(backend).await else {
        return;
    };
    let this = app.signed_in("asha@example.com").await;
    let other = app.another_session("asha@example.com", PASSWORD).await;
    let own_id = ids(&app.account_page(&this).await["sessions"])[0].clone();
    let ended = app
        .post_signed_in("/api/account/sessions/end", &this, json!({ "id": own_id }))
        .await;
    assert_eq!(ended.status(), StatusCode::OK);
    let cleared = ended.headers()[header::SET_COOKIE]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(
        cleared.starts_with("session=;") && cleared.contains("Max-Age=0"),
        "{cleared}"
    );
    assert_eq!(
        ended.json::<Value>().await.expect("json"),
        json!({"sessions": [], "signedOut": true})
    );
    assert_eq!(app.session_user(&this).await, Value::Null);
    let (status, code, _) = refusal(app.get_signed_in("/api/account", &this).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNAUTHORIZED, "not-signed-in")
    );
    assert_eq!(
        app.session_user(&other).await["email"],
        "asha@example.com",
        "the other browser stays signed in"
    );
    app.stop().await;
}

async fn sensitive_changes_are_limited_per_account(backend: Backend) {
    let Some((app, _smtp)) = app_with_mail(backend).await else {
        return;
    };
    let asha = app.signed_in("asha@example.com").await;
    let ravi = app.signed_in("ravi@example.com").await;
    for n in 0..10 {
        assert_eq!(
            end_others(&app, &asha).await.status(),
            StatusCode::OK,
            "change {n}"
        );
    }
    let limited = end_others(&app, &asha).await;
    let retry_after: u64 = limited.headers()[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    assert!((1..=90).contains(&retry_after), "{retry_after}");
    let (status, code, _) = refusal(limited).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "too-many-changes")
    );
    // Another account from the same address is not held back, and reading is not limited.
    assert_eq!(end_others(&app, &ravi).await.status(), StatusCode::OK);
    app.account_page(&asha).await;
    app.stop().await;
}

async fn end_others(app: &TestApp, cookie: &str) -> Response {
    app.post_signed_in("/api/account/sessions/end-others", cookie, json!({}))
        .await
}
