//! A stranger cannot lock someone else out: wrong passwords from anyone else lock out only
//! those without the account's device cookie, and the owner's own browser, which signed in
//! there before, still signs in (OWASP's "device cookies"). Before, ten wrong passwords for
//! any email locked even the right password out for 15 minutes.

use reqwest::StatusCode;

use super::{device_cookie, login};
use crate::{
    common::{
        Backend, TestApp,
        auth_api::{PASSWORD, error_of},
    },
    on_both_backends,
};

on_both_backends!(a_stranger_guessing_locks_out_strangers_and_not_the_owners_browser);

async fn a_stranger_guessing_locks_out_strangers_and_not_the_owners_browser(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |config| config.limits.auth_per_minute = 1_000).await
    else {
        return;
    };
    let registered = app.register("Asha Rao", "asha@example.com").await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    let owners_browser = device_cookie(&registered).expect("a device cookie at registration");
    let strangers_own = device_cookie(&app.register("Mallory", "mallory@example.com").await)
        .expect("a device cookie");

    for _ in 0..10 {
        let guess = login(&app, "asha@example.com", "not-the-password", None).await;
        assert_eq!(guess.status(), StatusCode::UNAUTHORIZED);
    }
    // Strangers are locked out, even with the right password, even with a device cookie of
    // another account.
    for cookie in [None, Some(strangers_own.as_str())] {
        let (status, code, _) =
            error_of(login(&app, "asha@example.com", PASSWORD, cookie).await).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::TOO_MANY_REQUESTS, "too-many-failed-logins")
        );
    }
    // The owner's browser is not.
    let owner = login(&app, "asha@example.com", PASSWORD, Some(&owners_browser)).await;
    assert_eq!(owner.status(), StatusCode::OK);
    assert_eq!(device_cookie(&owner), None, "it has one already");

    // The owner's own mistakes count for the owner's browser alone.
    for _ in 0..10 {
        let typo = login(&app, "asha@example.com", "typo", Some(&owners_browser)).await;
        assert_eq!(typo.status(), StatusCode::UNAUTHORIZED);
    }
    let (status, _, _) =
        error_of(login(&app, "asha@example.com", PASSWORD, Some(&owners_browser)).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);

    // The lock on strangers holds whatever the owner did: a successful sign-in from the
    // owner's browser cleared only that browser's count.
    let (status, _, _) = error_of(login(&app, "asha@example.com", PASSWORD, None).await).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}
