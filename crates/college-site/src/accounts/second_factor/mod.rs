//! Second factors: an authenticator app (TOTP) with recovery codes, asked for after every
//! first factor (password, Google, a reset link) and before every sensitive change, and
//! required of every staff account.
//!
//! - `totp.rs`: the codes (RFC 6238) and the key's text and QR address;
//! - `sealing.rs`: secrets sealed at rest under `SECOND_FACTOR_KEY`;
//! - `recovery.rs`: single-use recovery codes, kept as hashes;
//! - `service.rs`: setting up, checking a code with its lock, new codes, turning off, and
//!   `mails.rs`, what its mails say;
//! - `routes.rs`: the account page's API; `sign_in_routes.rs`: the sign-in's second step.
//!
//! Where a sign-in waits for its code, and what a staff account without a factor may reach, is
//! decided in `session::second_step`.

pub mod cli;
mod mails;
pub mod recovery;
pub mod routes;
pub mod sealing;
pub mod service;
pub mod sign_in_routes;
pub mod totp;
