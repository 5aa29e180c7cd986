//! Limits keyed by the client's address hold for IPv6 too: a subscriber is given a whole /64,
//! so each of its addresses must not be a fresh allowance.

use reqwest::StatusCode;

use crate::common::{Backend, TestApp, valid_form};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_address_of_one_ipv6_64_shares_one_allowance() {
    // The test client connects from loopback, so loopback plays the reverse proxy.
    let app = TestApp::spawn(Backend::Sqlite, |config| {
        config.trusted_proxies = vec!["127.0.0.0/8".parse().expect("network")];
    })
    .await
    .expect("SQLite is always available");
    // Five messages a minute from one client; each of these comes from another address of
    // the same /64.
    for n in 1..=5 {
        let response = app
            .post_contact_forwarded_for(&format!("2001:db8:7:8::{n:x}"), &valid_form())
            .await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER, "message {n}");
    }
    let limited = app
        .post_contact_forwarded_for("2001:db8:7:8:dead:beef:0:1", &valid_form())
        .await;
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);

    // The next /64 is another subscriber.
    let neighbour = app
        .post_contact_forwarded_for("2001:db8:7:9::1", &valid_form())
        .await;
    assert_eq!(neighbour.status(), StatusCode::SEE_OTHER);
}
