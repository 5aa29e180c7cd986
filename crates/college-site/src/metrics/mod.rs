//! Figures for the operator, in Prometheus' text format on a listener of their own
//! (`--metrics-listen`, off by default; the site's listener never serves them). Counters are
//! kept in this process as things happen; gauges that live in the database (sessions, mail
//! waiting) are read when Prometheus scrapes.
//!
//! Labels never hold what a visitor chose: requests are counted by route template and status
//! class, so the number of series stays small whatever anyone sends.

pub mod http;
pub mod listener;

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const HTTP_REQUESTS: &str = "college_http_requests_total";
pub const HTTP_DURATION: &str = "college_http_request_duration_seconds";
pub const SIGN_INS: &str = "college_sign_ins_total";
pub const REGISTRATIONS: &str = "college_registrations_total";
pub const MAIL_SENT: &str = "college_mail_sent_total";
pub const MAIL_FAILED: &str = "college_mail_failed_total";
pub const MAIL_WAITING: &str = "college_mail_waiting";
pub const MAIL_OLDEST_WAITING: &str = "college_mail_oldest_waiting_seconds";
pub const ACTIVE_SESSIONS: &str = "college_active_sessions";
pub const DB_CONNECTIONS: &str = "college_db_connections";
pub const DB_MAX_CONNECTIONS: &str = "college_db_max_connections";
pub const BUILD_INFO: &str = "college_build_info";

/// Latency buckets, in seconds: pages are served in well under a millisecond, a sign-in's
/// hash takes tens of milliseconds, a slow database shows in the upper ones.
const LATENCY_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// Installs the process's recorder, once: from then on the counters below are kept. Servers
/// started later in the same process (tests) share it.
pub fn install() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.to_owned()), &LATENCY_BUCKETS)
                .map(|builder| builder.install_recorder())
                .and_then(|installed| installed)
                .unwrap_or_else(|error| {
                    tracing::error!(error = %crate::error_chain::Chain(&error), "cannot install the metrics recorder");
                    PrometheusBuilder::new().build_recorder().handle()
                });
            describe();
            metrics::gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION")).set(1.0);
            handle
        })
        .clone()
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        HTTP_REQUESTS,
        "Requests answered, by route template, method and status class."
    );
    describe_histogram!(
        HTTP_DURATION,
        Unit::Seconds,
        "Time to answer a request, by route template."
    );
    describe_counter!(
        SIGN_INS,
        "Sign-ins by outcome: succeeded, failed (wrong password), limited (too many tries)."
    );
    describe_counter!(REGISTRATIONS, "Accounts registered with a password.");
    describe_counter!(MAIL_SENT, "Mails delivered by this instance.");
    describe_counter!(
        MAIL_FAILED,
        "Mails this instance gave up on after their last attempt."
    );
    describe_gauge!(
        MAIL_WAITING,
        "Mails in the outbox not yet delivered (all instances)."
    );
    describe_gauge!(
        MAIL_OLDEST_WAITING,
        Unit::Seconds,
        "Age of the oldest mail still waiting; 0 when none waits."
    );
    describe_gauge!(ACTIVE_SESSIONS, "Sessions not yet expired (all instances).");
    describe_gauge!(
        DB_CONNECTIONS,
        "This instance's database connections, by state (in_use, idle)."
    );
    describe_gauge!(
        DB_MAX_CONNECTIONS,
        "The most database connections this instance opens."
    );
    describe_gauge!(
        BUILD_INFO,
        "Always 1; the version label names the running build."
    );
}

/// How a sign-in ended.
#[derive(Debug, Clone, Copy)]
pub enum SignIn {
    Succeeded,
    /// Wrong email or password.
    Failed,
    /// Refused before the password was checked: too many tries from the address or for the
    /// account.
    Limited,
}

pub fn sign_in(outcome: SignIn, method: &'static str) {
    let outcome = match outcome {
        SignIn::Succeeded => "succeeded",
        SignIn::Failed => "failed",
        SignIn::Limited => "limited",
    };
    metrics::counter!(SIGN_INS, "outcome" => outcome, "method" => method).increment(1);
}

pub fn registered() {
    metrics::counter!(REGISTRATIONS).increment(1);
}

pub fn mail_sent() {
    metrics::counter!(MAIL_SENT).increment(1);
}

pub fn mail_failed() {
    metrics::counter!(MAIL_FAILED).increment(1);
}
