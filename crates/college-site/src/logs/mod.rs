//! What the server logs and how: one subscriber for the process, writing text for a person or
//! one JSON object per line for a log collector ([`install`]), and one line per request with
//! its id, route template, status and latency ([`requests`]).
//!
//! Nothing secret is ever a field of a log line: requests are logged by their route template,
//! never their address or body, and handlers log account ids, not emails, tokens or passwords.

pub mod requests;

use tracing_subscriber::{EnvFilter, fmt::MakeWriter};

use crate::config::LogFormat;

/// What is logged when `RUST_LOG` does not say: the server's own events at info, the database
/// driver's only when something is wrong.
pub const DEFAULT_FILTER: &str = "info,sqlx=warn";

/// Installs the process's log subscriber, writing to `writer` in `format`, filtered by
/// `RUST_LOG` or else `default_filter`. Does nothing when one is installed already (a test
/// process starting several servers).
pub fn install<W>(format: LogFormat, default_filter: &str, writer: W)
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        // The request's span (its id, method and route) goes into each line of the request,
        // under "span"; the event's own fields at the top level.
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
    };
}
