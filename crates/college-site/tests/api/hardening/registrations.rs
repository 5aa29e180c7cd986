//! One connection cannot open a hundred accounts: registration needs no proved address, and each
//! account has its own storage budget, so registrations have a daily allowance per IP address
//! beside the per-minute limit on sign-in attempts.

use reqwest::{StatusCode, header};

use crate::{
    common::{
        Backend, TestApp,
        auth_api::{PASSWORD, error_of},
    },
    on_both_backends,
};

on_both_backends!(registrations_from_one_address_stop_at_the_daily_allowance);

async fn registrations_from_one_address_stop_at_the_daily_allowance(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |c| {
        c.limits.registrations_per_day = 3;
        c.limits.auth_per_minute = 100;
    })
    .await
    else {
        return;
    };
    for n in 0..3 {
        let registered = app
            .register("Asha Rao", &format!("asha{n}@example.com"))
            .await;
        assert_eq!(registered.status(), StatusCode::CREATED, "{n}");
    }
    let refused = app.register("Asha Rao", "asha3@example.com").await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = refused.headers()[header::RETRY_AFTER]
        .to_str()
        .expect("ascii")
        .parse()
        .expect("seconds");
    // One more a day / 3 later: eight hours at most.
    assert!(wait > 0 && wait <= 8 * 3600, "{wait}");
    let (_, code, message) = error_of(refused).await;
    assert_eq!(code, "too-many-registrations");
    assert!(message.contains("ask the college office"), "{message}");
    assert!(
        app.store
            .account_by_email("asha3@example.com")
            .await
            .expect("read")
            .is_none()
    );
    // Signing in to the accounts made is not limited by it.
    let login = app.login("asha0@example.com", PASSWORD).await;
    assert_eq!(login.status(), StatusCode::OK);
}
