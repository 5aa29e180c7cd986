//! A computer lab behind one address signs in at the start of class: correct sign-ins are not
//! refused for the address's sake, at the default allowance. What a stranger guessing from one
//! address does is still slowed: once the address's failed logins are spent, only a browser
//! that signed in to the account before (its device cookie) may try, and the owners' browsers
//! still sign in. Before, the allowance counted every sign-in, so a class of 40 got 30 refusals.

use reqwest::StatusCode;

use super::{device_cookie, login};
use crate::{
    common::{
        Backend, TestApp,
        auth_api::{PASSWORD, error_of},
    },
    on_both_backends,
};

on_both_backends!(
    a_class_signs_in_from_one_address,
    guesses_from_one_address_stop_at_the_allowance_and_owners_still_sign_in,
);

/// More students than the default allowance of failed logins (10 a minute) lets through.
const CLASS: usize = 24;

async fn a_class_signs_in_from_one_address(backend: Backend) {
    // The default limits, as a college runs them.
    let Some(app) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let students: Vec<String> = (0..CLASS)
        .map(|n| format!("student{n}@example.com"))
        .collect();
    for email in &students {
        let registered = app.register("Student", email).await;
        assert_eq!(registered.status(), StatusCode::CREATED, "{email}");
    }
    // On the lab's computers: no device cookie of theirs; a few mistype first.
    let mut refused = Vec::new();
    for (n, email) in students.iter().enumerate() {
        if n % 8 == 0 {
            let typo = login(&app, email, "river-campus-2042!", None).await;
            assert_eq!(typo.status(), StatusCode::UNAUTHORIZED);
        }
        let response = login(&app, email, PASSWORD, None).await;
        if response.status() != StatusCode::OK {
            refused.push((email.clone(), response.status()));
        }
    }
    assert_eq!(refused, [], "every student of the class signed in");
}

async fn guesses_from_one_address_stop_at_the_allowance_and_owners_still_sign_in(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |config| config.limits.auth_per_minute = 5).await
    else {
        return;
    };
    let asha = app.register("Asha Rao", "asha@example.com").await;
    let ashas_browser = device_cookie(&asha).expect("a device cookie");
    let ravi = app.register("Ravi Kumar", "ravi@example.com").await;
    let ravis_browser = device_cookie(&ravi).expect("a device cookie");

    // A stranger tries passwords for many accounts from one address.
    let mut statuses = Vec::new();
    for n in 0..12 {
        let guess = login(&app, &format!("user{n}@example.com"), "password1", None).await;
        statuses.push(guess.status());
    }
    assert_eq!(
        statuses[..5],
        [StatusCode::UNAUTHORIZED; 5],
        "the allowance is tried"
    );
    assert_eq!(
        statuses[5..],
        [StatusCode::TOO_MANY_REQUESTS; 7],
        "then refused"
    );
    let (status, code, message) =
        error_of(login(&app, "asha@example.com", PASSWORD, None).await).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "too-many-requests")
    );
    assert!(message.contains("from your connection"), "{message}");

    // The owners' own browsers sign in from there all the same.
    for (email, browser) in [
        ("asha@example.com", &ashas_browser),
        ("ravi@example.com", &ravis_browser),
    ] {
        let owner = login(&app, email, PASSWORD, Some(browser)).await;
        assert_eq!(owner.status(), StatusCode::OK, "{email}");
    }
    // A device cookie of another account is no way past it.
    let borrowed = login(&app, "ravi@example.com", PASSWORD, Some(&ashas_browser)).await;
    assert_eq!(borrowed.status(), StatusCode::TOO_MANY_REQUESTS);
}
