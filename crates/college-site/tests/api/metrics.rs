//! Metrics as Prometheus scrapes them: off unless asked for, on their own listener only,
//! requests counted by route template (never by the address asked for), sign-ins by outcome,
//! registrations, mail, sessions, the database pool and the build.

use std::time::Duration;

use crate::common::{Backend, TestApp, auth_api::PASSWORD, smtp::closed_port};
use reqwest::StatusCode;

crate::on_both_backends!(
    metrics_are_off_by_default_and_never_on_the_site,
    a_scrape_counts_what_happened,
    mail_that_cannot_go_shows_as_waiting_then_failed,
);

/// The value of the series `name` whose labels include `labels`.
fn value(scraped: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    scraped
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter(|line| {
            line.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with('{') || rest.starts_with(' '))
        })
        .find(|line| {
            labels
                .iter()
                .all(|(key, label)| line.contains(&format!("{key}=\"{label}\"")))
        })
        .and_then(|line| line.rsplit(' ').next())
        .and_then(|number| number.parse().ok())
}

async fn scrape(app: &TestApp, addr: std::net::SocketAddr) -> String {
    let response = app
        .client
        .get(format!("http://{addr}/metrics"))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.expect("text")
}

async fn metrics_are_off_by_default_and_never_on_the_site(backend: Backend) {
    let Some(plain) = TestApp::spawn(backend, |_| {}).await else {
        return;
    };
    let on_site = plain
        .client
        .get(plain.url("/metrics"))
        .send()
        .await
        .expect("sent");
    assert_eq!(on_site.status(), StatusCode::NOT_FOUND);
    assert!(!on_site.text().await.expect("text").contains("college_"));
    plain.stop().await;

    let with_metrics = plain_with_metrics(backend).await;
    let on_site = with_metrics
        .client
        .get(with_metrics.url("/metrics"))
        .send()
        .await
        .expect("sent");
    assert_eq!(on_site.status(), StatusCode::NOT_FOUND);
    assert!(!on_site.text().await.expect("text").contains("college_"));
    with_metrics.stop().await;
}

async fn plain_with_metrics(backend: Backend) -> TestApp {
    TestApp::spawn(backend, |config| {
        config.ops.metrics_listen = Some(([127, 0, 0, 1], 0).into());
        config.limits.auth_per_minute = 3;
    })
    .await
    .expect("the backend was available a moment ago")
}

async fn a_scrape_counts_what_happened(backend: Backend) {
    let Some(app) = TestApp::spawn(backend, |config| {
        config.ops.metrics_listen = Some(([127, 0, 0, 1], 0).into());
        // One failed login a minute from an address: the second sign-in below is refused.
        config.limits.auth_per_minute = 1;
    })
    .await
    else {
        return;
    };
    let metrics_addr = app.metrics_addr().expect("metrics listener");
    let email = "ravi.menon@example.in";
    assert_eq!(
        app.register("Ravi Menon", email).await.status(),
        StatusCode::CREATED
    );
    assert_eq!(app.login(email, PASSWORD).await.status(), StatusCode::OK);
    assert_eq!(
        app.login(email, "not-the-password").await.status(),
        StatusCode::UNAUTHORIZED
    );
    // The address's failed login is spent: a browser the account does not know is refused.
    assert_eq!(
        app.login(email, PASSWORD).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    for class in ["first-secret-class", "second-secret-class"] {
        let response = app
            .client
            .get(app.url(&format!("/api/classes/join/{class}")))
            .send()
            .await
            .expect("sent");
        assert!(response.status().is_client_error());
    }
    let page = app
        .client
        .get(app.url("/react/props"))
        .send()
        .await
        .expect("sent");
    assert_eq!(page.status(), StatusCode::OK);

    let scraped = crate::common::eventually(Duration::from_secs(15), || async {
        let scraped = scrape(&app, metrics_addr).await;
        value(&scraped, "college_mail_sent_total", &[]).map(|_| scraped)
    })
    .await
    .expect("the verification mail is counted once sent");

    let requests = "college_http_requests_total";
    let register = [
        ("route", "/api/auth/register"),
        ("method", "POST"),
        ("status", "2xx"),
    ];
    assert_eq!(value(&scraped, requests, &register), Some(1.0), "{scraped}");
    let refused = [("route", "/api/auth/login"), ("status", "4xx")];
    assert_eq!(value(&scraped, requests, &refused), Some(2.0), "{scraped}");
    let joins = [("route", "/api/classes/join/{code}"), ("status", "4xx")];
    assert_eq!(value(&scraped, requests, &joins), Some(2.0), "{scraped}");
    assert!(!scraped.contains("secret-class"), "{scraped}");
    let pages = [("route", "fallback"), ("method", "GET"), ("status", "2xx")];
    assert_eq!(value(&scraped, requests, &pages), Some(1.0), "{scraped}");
    let latency = [("route", "/api/auth/register"), ("le", "+Inf")];
    assert_eq!(
        value(
            &scraped,
            "college_http_request_duration_seconds_bucket",
            &latency
        ),
        Some(1.0),
        "{scraped}"
    );

    let sign_ins = "college_sign_ins_total";
    for (outcome, count) in [("succeeded", 1.0), ("failed", 1.0), ("limited", 1.0)] {
        let labels = [("outcome", outcome), ("method", "password")];
        assert_eq!(
            value(&scraped, sign_ins, &labels),
            Some(count),
            "{outcome}: {scraped}"
        );
    }
    assert_eq!(
        value(&scraped, "college_registrations_total", &[]),
        Some(1.0)
    );
    assert_eq!(value(&scraped, "college_mail_sent_total", &[]), Some(1.0));
    assert_eq!(
        value(&scraped, "college_active_sessions", &[]),
        Some(2.0),
        "{scraped}"
    );
    let max = match backend {
        Backend::Sqlite => 8.0,
        Backend::Postgres => 16.0,
    };
    assert_eq!(
        value(&scraped, "college_db_max_connections", &[]),
        Some(max)
    );
    assert!(value(&scraped, "college_db_connections", &[("state", "idle")]).is_some());
    let version = [("version", env!("CARGO_PKG_VERSION"))];
    assert_eq!(value(&scraped, "college_build_info", &version), Some(1.0));
    app.stop().await;
}

async fn mail_that_cannot_go_shows_as_waiting_then_failed(backend: Backend) {
    let (smtp_addr, _never_opened) = closed_port();
    let Some(app) = TestApp::spawn(backend, |config| {
        config.ops.metrics_listen = Some(([127, 0, 0, 1], 0).into());
        config.smtp_url = Some(format!("smtp://{smtp_addr}").into());
        // The retry comes a few seconds after the first attempt: time to see the mail wait,
        // even on a busy machine.
        config.outbox.retry_base = Duration::from_secs(5);
        config.outbox.retry_cap = Duration::from_secs(5);
        config.outbox.max_attempts = 2;
    })
    .await
    else {
        return;
    };
    let metrics_addr = app.metrics_addr().expect("metrics listener");
    let sent = app.post_contact(&crate::common::valid_form()).await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    let scraped = crate::common::eventually(Duration::from_secs(4), || async {
        let scraped = scrape(&app, metrics_addr).await;
        let age = value(&scraped, "college_mail_oldest_waiting_seconds", &[])?;
        (age > 0.1).then_some(scraped)
    })
    .await
    .expect("the mail waits for its retry");
    assert_eq!(
        value(&scraped, "college_mail_waiting", &[]),
        Some(1.0),
        "{scraped}"
    );
    let age = value(&scraped, "college_mail_oldest_waiting_seconds", &[]).expect("age");
    assert!(age < 5.0, "{age}");
    assert_eq!(
        value(&scraped, "college_mail_failed_total", &[]),
        None,
        "{scraped}"
    );

    // The counter and the outbox's row change one after the other: wait for both.
    let scraped = crate::common::eventually(Duration::from_secs(15), || async {
        let scraped = scrape(&app, metrics_addr).await;
        let failed = value(&scraped, "college_mail_failed_total", &[]).is_some();
        let left = value(&scraped, "college_mail_waiting", &[]) == Some(0.0);
        (failed && left).then_some(scraped)
    })
    .await
    .expect("the mail is given up on after its second attempt");
    assert_eq!(value(&scraped, "college_mail_failed_total", &[]), Some(1.0));
    assert_eq!(
        value(&scraped, "college_mail_waiting", &[]),
        Some(0.0),
        "{scraped}"
    );
    assert_eq!(
        value(&scraped, "college_mail_oldest_waiting_seconds", &[]),
        Some(0.0)
    );
    app.stop().await;
}
