//! Passkeys and security keys (WebAuthn), through the `webauthn-rs` library. A passkey checks
//! its user (fingerprint, face, PIN) and signs in alone; a security key is a second step beside
//! the authenticator app. Several per account, each named, with when it was added and last
//! used.
//!
//! - `relying_party.rs`: the site as passkeys know it (its domain and origin);
//! - `ceremony.rs`: a challenge's state, kept server-side until its answer comes, once;
//! - `service.rs`: the list, adding and removing, with `mails.rs`;
//! - `sign_in.rs`: signing in with a passkey, and a passkey as the second step;
//! - `routes.rs`: the account page's API; `sign_in_routes.rs`: the sign-in's.

pub mod ceremony;
mod mails;
pub mod relying_party;
pub mod routes;
pub mod service;
pub mod sign_in;
pub mod sign_in_routes;
