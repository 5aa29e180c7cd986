//! The college website server: serves the prerendered web app and owns accounts, profiles,
//! students' tutorial progress and the contact pipeline.
//!
//! Requests flow one way: route handler (parses input into domain types) -> service (rules) ->
//! store (SQL).

pub mod accounts;
pub mod app;
pub mod classes;
pub mod config;
pub mod contact;
pub mod http;
pub mod outbox;
pub mod progress;
pub mod rate_limit;
pub mod roles;
pub mod store;
pub mod web;
