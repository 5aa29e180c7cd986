//! What one client may ask of the server: how many sign-ins, failures and registrations from
//! one IP address, and how large and slow a request may be.

use std::time::Duration;

use clap::Args;

#[derive(Debug, Args)]
pub struct LimitArgs {
    /// Failed logins, password reset requests and sensitive changes allowed per minute from one
    /// IP address (correct sign-ins do not count: a computer lab shares one address).
    #[arg(long, env = "AUTH_RATE_PER_MINUTE", default_value_t = 10)]
    pub auth_rate_per_minute: u32,

    /// Sign-in and registration requests, right or wrong, allowed per minute from one IP address:
    /// a bound on the work a flood makes, well above a lab's class signing in at once.
    #[arg(long, env = "SIGN_INS_PER_IP_PER_MINUTE", default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub sign_ins_per_ip_per_minute: u32,

    /// Accounts one IP address may register in a day (a computer lab shares one address).
    #[arg(long, env = "REGISTRATIONS_PER_IP_PER_DAY", default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub registrations_per_ip_per_day: u32,
}

impl LimitArgs {
    /// The defaults with the per-IP rates from the command line.
    pub fn limits(&self) -> Limits {
        Limits {
            auth_per_minute: self.auth_rate_per_minute.max(1),
            sign_ins_per_minute: self.sign_ins_per_ip_per_minute,
            registrations_per_day: self.registrations_per_ip_per_day,
            ..Limits::default()
        }
    }
}

/// Request limits.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest request body accepted; larger ones get 413.
    pub max_body_bytes: usize,
    /// Requests taking longer than this get 408.
    pub request_timeout: Duration,
    /// Contact messages one IP address may send per minute.
    pub contact_per_minute: u32,
    /// Failed logins (and password reset requests, sensitive changes) one IP address may make
    /// per minute.
    pub auth_per_minute: u32,
    /// Sign-in and registration requests, right or wrong, one IP address may make per minute.
    pub sign_ins_per_minute: u32,
    /// Accounts one IP address may register in a day.
    pub registrations_per_day: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_body_bytes: 64 * 1024,
            request_timeout: Duration::from_secs(30),
            contact_per_minute: 5,
            auth_per_minute: 10,
            sign_ins_per_minute: 300,
            registrations_per_day: 60,
        }
    }
}
