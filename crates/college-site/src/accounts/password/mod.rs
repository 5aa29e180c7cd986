//! Accounts with a password: registration, login with its per-account limit on failures, the
//! identity check before a sensitive change, argon2id hashing, and reset links by mail.

pub mod hashing;
pub mod reset;
pub mod reset_routes;
pub mod routes;
pub mod service;
